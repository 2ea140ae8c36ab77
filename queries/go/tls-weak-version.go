package server

import (
	"crypto/tls"
	"net/http"
)

// legacyTLSConfig keeps the handheld scanners (Android 4) connected.
func legacyTLSConfig() *tls.Config {
	return &tls.Config{
		// ruleid: go/tls-weak-version
		MinVersion: tls.VersionTLS10,
		// ok: go/tls-weak-version
		MaxVersion: tls.VersionTLS13,
	}
}

func NewServer(addr string, h http.Handler) *http.Server {
	cfg := &tls.Config{
		// ok: go/tls-weak-version
		MinVersion: tls.VersionTLS12,
	}
	if addr == ":8443" {
		// ruleid: go/tls-weak-version
		cfg.MinVersion = tls.VersionSSL30
	}
	// ok: go/tls-weak-version
	cfg.MinVersion = tls.VersionTLS13
	// ok: go/tls-weak-version
	versions := []uint16{tls.VersionTLS10, tls.VersionTLS11}
	_ = versions
	return &http.Server{Addr: addr, Handler: h, TLSConfig: cfg}
}
