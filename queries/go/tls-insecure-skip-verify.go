package client

import (
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"time"
)

// NewUpstreamClient builds the HTTP client used to reach the supplier API.
func NewUpstreamClient() *http.Client {
	tr := &http.Transport{
		TLSClientConfig: &tls.Config{
			// ruleid: go/tls-insecure-skip-verify
			InsecureSkipVerify: true,
		},
	}
	return &http.Client{Transport: tr, Timeout: 10 * time.Second}
}

func patchDefault() {
	cfg := http.DefaultTransport.(*http.Transport).TLSClientConfig
	// ruleid: go/tls-insecure-skip-verify
	cfg.InsecureSkipVerify = true
}

func NewSecureClient(pool *x509.CertPool, insecure bool) *http.Client {
	cfg := &tls.Config{
		// ok: go/tls-insecure-skip-verify
		InsecureSkipVerify: false,
		RootCAs:            pool,
		MinVersion:         tls.VersionTLS12,
	}
	// ok: go/tls-insecure-skip-verify
	cfg.InsecureSkipVerify = insecure && false
	// ok: go/tls-insecure-skip-verify
	skip := map[string]bool{"InsecureSkipVerify": true}
	_ = skip
	return &http.Client{Transport: &http.Transport{TLSClientConfig: cfg}}
}
