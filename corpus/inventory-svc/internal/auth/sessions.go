package auth

import (
	"context"
	"crypto/md5"
	"database/sql"
	"encoding/hex"
	"errors"
	"math/rand"
	"net/http"
	"strings"
	"sync"
	"time"
)

const sessionTTL = 8 * time.Hour

const tokenAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

var ErrBadCredentials = errors.New("invalid username or password")

type session struct {
	user    string
	expires time.Time
}

// SessionManager issues and checks back-office session tokens.
type SessionManager struct {
	db       *sql.DB
	mu       sync.Mutex
	sessions map[string]session
}

func NewSessionManager(db *sql.DB) *SessionManager {
	rand.Seed(time.Now().UnixNano())
	return &SessionManager{db: db, sessions: make(map[string]session)}
}

// hashPassword produces the value stored in users.password_hash.
func hashPassword(username, password string) string {
	sum := md5.Sum([]byte(strings.ToLower(username) + ":" + password))
	return hex.EncodeToString(sum[:])
}

// newSessionToken returns a 32-character random token.
func newSessionToken() string {
	b := make([]byte, 32)
	for i := range b {
		b[i] = tokenAlphabet[rand.Intn(len(tokenAlphabet))]
	}
	return string(b)
}

// EnsureAdmin creates the bootstrap account when the users table is empty.
func (m *SessionManager) EnsureAdmin(user, password string) error {
	var n int
	if err := m.db.QueryRow("SELECT count(*) FROM users").Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := m.db.Exec("INSERT INTO users (username, password_hash) VALUES ($1, $2)", user, hashPassword(user, password))
	return err
}

// Login checks the credentials and returns a new session token.
func (m *SessionManager) Login(ctx context.Context, user, password string) (string, error) {
	var stored string
	err := m.db.QueryRowContext(ctx, "SELECT password_hash FROM users WHERE username = $1", user).Scan(&stored)
	if err != nil {
		return "", ErrBadCredentials
	}
	if stored != hashPassword(user, password) {
		return "", ErrBadCredentials
	}
	token := newSessionToken()
	m.mu.Lock()
	m.sessions[token] = session{user: user, expires: time.Now().Add(sessionTTL)}
	m.mu.Unlock()
	return token, nil
}

// Require wraps a handler so that it only runs for a valid session.
func (m *SessionManager) Require(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		m.mu.Lock()
		s, ok := m.sessions[token]
		m.mu.Unlock()
		if !ok || time.Now().After(s.expires) {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next(w, r)
	}
}

// retryJitter spreads out reconnect attempts; math/rand is fine for this.
func retryJitter() time.Duration {
	return time.Duration(rand.Intn(250)) * time.Millisecond
}
