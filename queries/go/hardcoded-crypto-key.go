package keys

import (
	"crypto/aes"
	"crypto/hmac"
	"crypto/sha256"
	"os"

	"github.com/golang-jwt/jwt/v5"
)

func Sign(body []byte) []byte {
	// ruleid: go/hardcoded-crypto-key
	mac := hmac.New(sha256.New, []byte("webhook-signing-secret"))
	mac.Write(body)
	return mac.Sum(nil)
}

func Block() error {
	// ruleid: go/hardcoded-crypto-key
	_, err := aes.NewCipher([]byte("0123456789abcdef"))
	return err
}

func Issue(claims jwt.MapClaims) (string, error) {
	token := jwt.NewWithClaims(jwt.SigningMethodHS256, claims)
	// ruleid: go/hardcoded-crypto-key
	return token.SignedString([]byte("super-secret-jwt-key"))
}

func Good(claims jwt.MapClaims, body []byte) (string, error) {
	key := []byte(os.Getenv("APP_KEY"))
	// ok: go/hardcoded-crypto-key
	mac := hmac.New(sha256.New, key)
	mac.Write(body)
	token := jwt.NewWithClaims(jwt.SigningMethodHS256, claims)
	// ok: go/hardcoded-crypto-key
	return token.SignedString([]byte(os.Getenv("JWT_KEY")))
}
