package config

import (
	"database/sql"
	"fmt"
	"net/http"
	"os"
)

// ruleid: go/hardcoded-credential
const adminPassword = "Sup3rS3cret!"

var (
	// ruleid: go/hardcoded-credential
	stripeAPIKey = "sk_live_51H8xQ2eZvKYlo2C"
	// ruleid: go/hardcoded-credential
	jwtSecret = `k9$Lm2#pQ8vX`
	// ok: go/hardcoded-credential
	passwordEnv = "APP_PASSWORD"
	// ok: go/hardcoded-credential
	apiKeyHeader = "X-Api-Key"
	// ok: go/hardcoded-credential
	hashPasswords = "hashPasswords"
	// ok: go/hardcoded-credential
	userToken = "{USER}"
)

type DBConfig struct {
	User     string
	Password string
	Host     string
}

func Load() (*DBConfig, error) {
	cfg := &DBConfig{
		User: "inventory",
		// ruleid: go/hardcoded-credential
		Password: "inv3nt0ry-2021",
		Host:     "db.internal",
	}
	// ok: go/hardcoded-credential
	cfg.Password = os.Getenv("DB_PASSWORD")
	if cfg.Password == "" {
		// ok: go/hardcoded-credential
		cfg.Password = "changeme"
	}
	// ruleid: go/hardcoded-credential
	secret := "d41d8cd98f00b204e9800998ecf8427e"
	_ = secret
	// ok: go/hardcoded-credential
	password := ""
	// ok: go/hardcoded-credential
	passwordPrompt := "Enter password:"
	// ok: go/hardcoded-credential
	tokenURL := "https://auth.example.com/oauth/token"
	_, _, _ = password, passwordPrompt, tokenURL
	return cfg, nil
}

func Connect(pass string) (*sql.DB, error) {
	// ruleid: go/hardcoded-credential
	db, err := sql.Open("postgres", "host=db user=inventory password=inv3nt0ry sslmode=disable")
	if err != nil {
		return nil, err
	}
	// ok: go/hardcoded-credential
	dsn := fmt.Sprintf("host=db user=inventory password=%s sslmode=disable", pass)
	// ok: go/hardcoded-credential
	return sql.Open("postgres", dsn)
}

func callPartner(req *http.Request, user, pass string) {
	// ruleid: go/hardcoded-credential
	req.SetBasicAuth("partner", "p4rtn3rPass")
	// ok: go/hardcoded-credential
	req.SetBasicAuth(user, pass)
	form := map[string]string{
		// ruleid: go/hardcoded-credential
		"client_secret": "9f8e7d6c5b4a",
		// ok: go/hardcoded-credential
		"password": "<password>",
	}
	_ = form
}
