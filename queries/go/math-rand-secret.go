package session

import (
	"fmt"
	"math/rand"
	mrand "math/rand/v2"
	"strconv"
	"time"
)

const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

type Session struct {
	ID    string
	Token string
}

// newSessionToken returns a random 32-character token.
func newSessionToken() string {
	b := make([]byte, 32)
	for i := range b {
		// ruleid: go/math-rand-secret
		b[i] = letters[rand.Intn(len(letters))]
	}
	return string(b)
}

func (s *Session) resetCode() string {
	// ruleid: go/math-rand-secret
	return fmt.Sprintf("%06d", rand.Intn(1000000))
}

func login(user string) *Session {
	s := &Session{}
	// ruleid: go/math-rand-secret
	s.Token = strconv.FormatInt(rand.Int63(), 36)
	// ruleid: go/math-rand-secret
	apiKey := rand.Uint64()
	// ruleid: go/math-rand-secret
	otp := 100000 + rand.Intn(900000)
	_, _ = apiKey, otp
	csrf := make([]byte, 16)
	for i := range csrf {
		// ruleid: go/math-rand-secret
		csrf[i] = letters[rand.Intn(len(letters))]
	}
	return s
}

// Look-alikes that must stay quiet.
func backoff(attempt int, servers []string) time.Duration {
	// ok: go/math-rand-secret
	jitter := rand.Intn(100)
	// ok: go/math-rand-secret
	tokenRetryDelay := time.Duration(rand.Int63n(int64(time.Second)))
	// ok: go/math-rand-secret
	shard := rand.Intn(16)
	// ok: go/math-rand-secret
	hotPath := servers[rand.Intn(len(servers))]
	_, _ = shard, hotPath
	return time.Duration(attempt)*time.Second + time.Duration(jitter)*time.Millisecond + tokenRetryDelay
}

func pickServer(servers []string) string {
	// ok: go/math-rand-secret
	return servers[rand.Intn(len(servers))]
}

func tokenBucketSize() int {
	// ok: go/math-rand-secret
	return 10 + rand.Intn(5)
}

// The v2 package under another name is the same generator.
func inviteCode() string {
	// ruleid: go/math-rand-secret
	return strconv.FormatUint(mrand.Uint64(), 36)
}
