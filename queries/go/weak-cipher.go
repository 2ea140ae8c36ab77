package vault

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/des"
	"crypto/rc4"
)

// legacyEncrypt keeps compatibility with the old mainframe export.
func legacyEncrypt(key, plain []byte) ([]byte, error) {
	// ruleid: go/weak-cipher
	block, err := des.NewTripleDESCipher(key)
	if err != nil {
		return nil, err
	}
	out := make([]byte, len(plain))
	block.Encrypt(out, plain)
	return out, nil
}

func obfuscate(key, data []byte) []byte {
	// ruleid: go/weak-cipher
	c, _ := rc4.NewCipher(key)
	c.XORKeyStream(data, data)
	return data
}

func encrypt(key, nonce, plain []byte) ([]byte, error) {
	// ok: go/weak-cipher
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	// ok: go/weak-cipher
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	// ok: go/weak-cipher
	_ = des.BlockSize
	return gcm.Seal(nil, nonce, plain, nil), nil
}
