package api

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Remote-write receivers this instance forwards samples to, by region.
var remoteWriteTargets = map[string]string{
	"eu-west": "https://rw-eu-west.pulse.internal",
	"us-east": "https://rw-us-east.pulse.internal",
}

type targetRequest struct {
	Address     string `json:"address"`
	Scheme      string `json:"scheme"`
	MetricsPath string `json:"metrics_path"`
}

// ProbeTarget checks a scrape target before it is added to the config: it
// fetches the metrics and health endpoints and reports their status codes.
func (h *Handler) ProbeTarget(w http.ResponseWriter, r *http.Request) {
	var t targetRequest
	if err := json.NewDecoder(r.Body).Decode(&t); err != nil {
		writeError(w, http.StatusBadRequest, "invalid JSON body")
		return
	}
	if t.Scheme == "" {
		t.Scheme = "http"
	}
	if t.MetricsPath == "" {
		t.MetricsPath = "/metrics"
	}
	endpoints := map[string]string{
		"metrics": t.Scheme + "://" + t.Address + t.MetricsPath,
		"health":  t.Scheme + "://" + t.Address + "/healthz",
	}
	results := map[string]int{}
	for _, kind := range []string{"metrics", "health"} {
		req, err := http.NewRequestWithContext(r.Context(), http.MethodGet, endpoints[kind], nil)
		if err != nil {
			writeError(w, http.StatusBadRequest, "invalid target address")
			return
		}
		resp, err := h.client.Do(req)
		if err != nil {
			results[kind] = 0
			continue
		}
		resp.Body.Close()
		results[kind] = resp.StatusCode
	}
	writeJSON(w, http.StatusOK, results)
}

// TestUpstream checks that the Prometheus a dashboard reads from answers
// queries. The dashboard editor sends the upstream in X-Prometheus-Url.
func (h *Handler) TestUpstream(w http.ResponseWriter, r *http.Request) {
	upstream := strings.TrimRight(strings.TrimSpace(r.Header.Get("X-Prometheus-Url")), "/")
	probe := r.URL.Query().Get("query")
	if probe == "" {
		probe = "up"
	}
	started := time.Now()
	resp, err := h.client.Get(upstream + "/api/v1/query?query=" + url.QueryEscape(probe))
	if err != nil {
		writeJSON(w, http.StatusOK, map[string]any{"ok": false})
		return
	}
	defer resp.Body.Close()
	writeJSON(w, http.StatusOK, map[string]any{
		"ok":         resp.StatusCode == http.StatusOK,
		"status":     resp.StatusCode,
		"latency_ms": time.Since(started).Milliseconds(),
	})
}

// RemoteWriteHealth reports whether the remote-write receiver of a region is up.
func (h *Handler) RemoteWriteHealth(w http.ResponseWriter, r *http.Request) {
	region := r.URL.Query().Get("region")
	base, ok := remoteWriteTargets[region]
	if !ok {
		writeError(w, http.StatusNotFound, "unknown region")
		return
	}
	resp, err := h.client.Get(base + "/-/healthy")
	if err != nil {
		writeJSON(w, http.StatusOK, map[string]any{"region": region, "up": false})
		return
	}
	defer resp.Body.Close()
	writeJSON(w, http.StatusOK, map[string]any{"region": region, "up": resp.StatusCode == http.StatusOK})
}
