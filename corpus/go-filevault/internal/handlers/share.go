package handlers

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gorilla/mux"
)

type importRequest struct {
	URL    string `json:"url"`
	Folder string `json:"folder"`
}

// ImportFromURL fetches a remote file into the caller's vault; the body is {"url": "...", "folder": "..."}.
func (s *Server) ImportFromURL(w http.ResponseWriter, r *http.Request) {
	var req importRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	resp, err := http.Get(req.URL)
	if err != nil {
		http.Error(w, "fetch failed", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		http.Error(w, "fetch failed", http.StatusBadGateway)
		return
	}
	writeJSON(w, map[string]interface{}{"status": resp.StatusCode, "bytes": len(data)})
}

// TestWebhook sends a sample event to the callback URL given as the raw request body.
func (s *Server) TestWebhook(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, 4096))
	if err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	callback := strings.TrimSpace(string(raw))
	event := []byte(`{"event":"test","source":"filevault"}`)
	req, err := http.NewRequest(http.MethodPost, callback, bytes.NewReader(event))
	if err != nil {
		http.Error(w, "bad callback", http.StatusBadRequest)
		return
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		http.Error(w, "delivery failed", http.StatusBadGateway)
		return
	}
	resp.Body.Close()
	writeJSON(w, map[string]int{"status": resp.StatusCode})
}

// MirrorHealth reports whether a replication mirror is up: /mirrors/health?region=eu.
func (s *Server) MirrorHealth(w http.ResponseWriter, r *http.Request) {
	mirrors := map[string]string{
		"eu": "https://eu.mirror.filevault.example",
		"us": "https://us.mirror.filevault.example",
	}
	base, ok := mirrors[r.URL.Query().Get("region")]
	if !ok {
		http.Error(w, "unknown region", http.StatusNotFound)
		return
	}
	resp, err := http.Get(base + "/health")
	if err != nil {
		writeJSON(w, map[string]bool{"up": false})
		return
	}
	resp.Body.Close()
	writeJSON(w, map[string]bool{"up": resp.StatusCode == http.StatusOK})
}

// ScanStatus asks the malware scanner about a stored file by name.
func (s *Server) ScanStatus(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["name"]
	resp, err := http.Get(s.cfg.ScannerURL + "/v1/lookup?name=" + url.QueryEscape(name))
	if err != nil {
		http.Error(w, "scanner unavailable", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Content-Type", "application/json")
	io.Copy(w, resp.Body)
}

// Logout clears the session cookies and sends the user back where they came from.
func (s *Server) Logout(w http.ResponseWriter, r *http.Request) {
	for _, name := range []string{"session", "display_name"} {
		http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: true, SameSite: http.SameSiteLaxMode})
	}
	next := r.URL.Query().Get("next")
	if next == "" {
		next = "/"
	}
	http.Redirect(w, r, next, http.StatusFound)
}

// CreateShare creates a share link for a file and redirects to its settings page.
func (s *Server) CreateShare(w http.ResponseWriter, r *http.Request) {
	fileID, err := strconv.Atoi(r.FormValue("file_id"))
	if err != nil {
		http.Error(w, "bad file id", http.StatusBadRequest)
		return
	}
	var shareID int
	if err := s.db.QueryRow("INSERT INTO shares (file_id, token) VALUES ($1, encode(gen_random_bytes(16), 'hex')) RETURNING id", fileID).Scan(&shareID); err != nil {
		log.Printf("create share: %v", err)
		http.Error(w, "share failed", http.StatusInternalServerError)
		return
	}
	http.Redirect(w, r, "/shares/"+strconv.Itoa(shareID)+"/settings?file="+strconv.Itoa(fileID), http.StatusSeeOther)
}

// ShareSettings stores the share options; the form's return_to tells where to go next.
func (s *Server) ShareSettings(w http.ResponseWriter, r *http.Request) {
	shareID, err := strconv.Atoi(mux.Vars(r)["id"])
	if err != nil {
		http.Error(w, "bad share id", http.StatusBadRequest)
		return
	}
	expires, err := strconv.Atoi(r.FormValue("expires_days"))
	if err != nil || expires < 1 || expires > 90 {
		expires = 7
	}
	if _, err := s.db.Exec("UPDATE shares SET expires_at = now() + $1 * interval '1 day' WHERE id = $2", expires, shareID); err != nil {
		http.Error(w, "update failed", http.StatusInternalServerError)
		return
	}
	targets := map[string]string{
		"back": r.FormValue("return_to"),
		"home": "/files",
	}
	http.Redirect(w, r, targets["home"], http.StatusSeeOther)
}
