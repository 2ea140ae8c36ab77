package handlers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/gorilla/mux"
)

type Importer struct {
	client     *http.Client
	scannerURL string
}

type importRequest struct {
	URL    string `json:"url"`
	Folder string `json:"folder"`
}

func (s *Importer) ImportFromURL(w http.ResponseWriter, r *http.Request) {
	var req importRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return
	}
	// ruleid: go/taint-ssrf
	resp, err := http.Get(req.URL)
	if err != nil {
		return
	}
	resp.Body.Close()
	// ruleid: go/taint-ssrf
	s.client.Get(req.URL + "/" + req.Folder)
}

func (s *Importer) TestWebhook(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, 4096))
	if err != nil {
		return
	}
	callback := strings.TrimSpace(string(raw))
	event := []byte(`{"event":"test"}`)
	// ruleid: go/taint-ssrf
	req, _ := http.NewRequest(http.MethodPost, callback, bytes.NewReader(event))
	s.client.Do(req)
	u, err := url.Parse(r.FormValue("target"))
	if err != nil {
		return
	}
	u.Path = "/hooks"
	// ruleid: go/taint-ssrf
	http.NewRequestWithContext(r.Context(), http.MethodGet, u.String(), nil)
}

func (s *Importer) MirrorHealth(w http.ResponseWriter, r *http.Request) {
	mirrors := map[string]string{
		"eu": "https://eu.mirror.example",
		"us": "https://us.mirror.example",
	}
	base, ok := mirrors[r.URL.Query().Get("region")]
	if !ok {
		return
	}
	// ok: go/taint-ssrf
	http.Get(base + "/health")
	endpoints := map[string]string{"health": "https://status.example/health"}
	endpoints["custom"] = r.URL.Query().Get("probe")
	// ok: go/taint-ssrf
	http.Head(endpoints["health"])
	// ruleid: go/taint-ssrf
	http.Head(endpoints["custom"])
}

func (s *Importer) ScanStatus(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["name"]
	// ok: go/taint-ssrf
	resp, err := s.client.Get(s.scannerURL + "/v1/lookup?name=" + url.QueryEscape(name))
	if err != nil {
		return
	}
	resp.Body.Close()
	target := r.Header.Get("X-Callback")
	target = s.scannerURL
	// ok: go/taint-ssrf
	http.Post(target, "application/json", nil)
	form := url.Values{}
	form.Set("name", name)
	// ok: go/taint-ssrf
	http.PostForm(s.scannerURL, form)
	// ok: go/taint-ssrf
	s.client.Get(fmt.Sprintf("%s/v1/files/%s", s.scannerURL, url.PathEscape(name)))
	// ok: go/taint-ssrf
	s.client.Get(fmt.Sprintf("https://scanner.internal/v1/files/%s", url.PathEscape(name)))
	// After `http://` the escaped value is the host.
	// ruleid: go/taint-ssrf
	http.Get("http://" + url.QueryEscape(name) + "/status")
	// PathEscape keeps `:`, so `evil.com:25` comes through it whole.
	// ruleid: go/taint-ssrf
	net.Dial("tcp", url.PathEscape(name))
}

func (s *Importer) Probe(w http.ResponseWriter, r *http.Request) {
	params := url.Values{}
	params.Set("target", r.FormValue("target"))
	params.Set("kind", "ping")
	// ruleid: go/taint-ssrf
	http.Get(params.Get("target"))
	// ok: go/taint-ssrf
	http.Get("https://status.example/" + params.Get("kind"))
}
