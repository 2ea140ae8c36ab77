package auth

import (
	"github.com/golang-jwt/jwt/v5"
)

func Subject(tokenString string) (string, error) {
	claims := jwt.MapClaims{}
	// ruleid: go/jwt-unverified
	_, _, err := jwt.NewParser().ParseUnverified(tokenString, claims)
	return claims["sub"].(string), err
}

func keyFunc(t *jwt.Token) (interface{}, error) {
	// ruleid: go/jwt-unverified
	return jwt.UnsafeAllowNoneSignatureType, nil
}

func Verify(tokenString string, key []byte) (*jwt.Token, error) {
	// ok: go/jwt-unverified
	return jwt.Parse(tokenString, func(t *jwt.Token) (interface{}, error) { return key, nil }, jwt.WithValidMethods([]string{"HS256"}))
}

type Parser struct{}

func (p *Parser) Parse(tokenString string, claims jwt.Claims) error {
	// ok: go/jwt-unverified
	_, _, err := p.ParseUnverified(tokenString, claims)
	return err
}
