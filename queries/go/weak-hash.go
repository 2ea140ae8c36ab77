package auth

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"

	legacy "golang.org/x/crypto/md4"
)

// HashPassword returns the stored form of a password.
func HashPassword(pw, salt string) string {
	// ruleid: go/weak-hash
	sum := md5.Sum([]byte(salt + pw))
	return hex.EncodeToString(sum[:])
}

func SignToken(tok []byte) []byte {
	// ruleid: go/weak-hash
	h := sha1.New()
	h.Write(tok)
	return h.Sum(nil)
}

func Fingerprint(data, key []byte) string {
	// ok: go/weak-hash
	sum := sha256.Sum256(data)
	// ok: go/weak-hash
	mac := hmac.New(sha256.New, key)
	mac.Write(data)
	// ok: go/weak-hash
	digest := mac.Sum(nil)
	// ok: go/weak-hash
	legacy := hmac.New(md5.New, key)
	_ = legacy
	// ok: go/weak-hash
	size := md5.Size + sha1.Size
	_ = size
	return hex.EncodeToString(sum[:]) + hex.EncodeToString(digest)
}

// An import under another name is the same broken hash.
func ntlmDigest(b []byte) []byte {
	// ruleid: go/weak-hash
	h := legacy.New()
	h.Write(b)
	return h.Sum(nil)
}
