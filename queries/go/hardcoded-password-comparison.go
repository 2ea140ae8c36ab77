package auth

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
)

func login(w http.ResponseWriter, r *http.Request) bool {
	password := r.FormValue("password")
	// ruleid: go/hardcoded-password-comparison
	if password == "Tr0ub4dor&3" {
		return true
	}
	// ruleid: go/hardcoded-password-comparison
	if "k3y-9f8e7d6c5b4a" != r.Header.Get("X-Api-Key") {
		return false
	}
	sum := sha256.Sum256([]byte(password))
	digest := hex.EncodeToString(sum[:])
	// ruleid: go/hardcoded-password-comparison
	return digest == "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8"
}

func checks(u User, password string) bool {
	// ok: go/hardcoded-password-comparison
	if password == "" {
		return false
	}
	// ok: go/hardcoded-password-comparison
	if u.Role == "administrator" {
		return true
	}
	// ok: go/hardcoded-password-comparison
	return u.PasswordHash == hashOf(password)
}
