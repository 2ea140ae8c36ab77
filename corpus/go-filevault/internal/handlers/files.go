package handlers

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gorilla/mux"
)

// Download streams a stored file: /files/{owner}/{name}.
func (s *Server) Download(w http.ResponseWriter, r *http.Request) {
	vars := mux.Vars(r)
	owner, name := vars["owner"], vars["name"]
	full := filepath.Join(s.cfg.StorageRoot, "users", owner, name)
	f, err := os.Open(full)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", "attachment")
	io.Copy(w, f)
}

// Raw returns a stored file's bytes for the desktop sync client: /raw/<path inside the storage root>.
func (s *Server) Raw(w http.ResponseWriter, r *http.Request) {
	rel := strings.TrimPrefix(r.URL.Path, "/raw/")
	data, err := os.ReadFile(filepath.Join(s.cfg.StorageRoot, rel))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Write(data)
}

// PublicAsset serves the files that owners have published: /public?f=<name>.
func (s *Server) PublicAsset(w http.ResponseWriter, r *http.Request) {
	http.ServeFile(w, r, filepath.Join(s.cfg.StorageRoot, "public", r.URL.Query().Get("f")))
}

// Avatar serves a user's avatar picture; only the base name of ?name= is used.
func (s *Server) Avatar(w http.ResponseWriter, r *http.Request) {
	name := filepath.Base(r.URL.Query().Get("name"))
	f, err := os.Open(filepath.Join(s.cfg.StaticDir, "avatars", name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", "image/png")
	io.Copy(w, f)
}

// Help serves the help pages.
func (s *Server) Help(w http.ResponseWriter, r *http.Request) {
	pages := map[string]string{
		"default":   "help/index.html",
		"requested": "help/" + r.URL.Query().Get("topic") + ".html",
	}
	// Per-topic pages are not published yet, so every topic gets the index for now.
	http.ServeFile(w, r, filepath.Join(s.cfg.StaticDir, pages["default"]))
}

// Preview returns the first kilobyte of a stored blob, addressed by its numeric id.
func (s *Server) Preview(w http.ResponseWriter, r *http.Request) {
	if false {
		// Clients before 2.0 sent the blob path itself. Disabled; kept until the old app is retired.
		http.ServeFile(w, r, filepath.Join(s.cfg.StorageRoot, "blobs", r.URL.Query().Get("blob")))
		return
	}
	id, err := strconv.ParseInt(mux.Vars(r)["id"], 10, 64)
	if err != nil {
		http.Error(w, "bad blob id", http.StatusBadRequest)
		return
	}
	f, err := os.Open(filepath.Join(s.cfg.StorageRoot, "blobs", strconv.FormatInt(id, 10)))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", "application/octet-stream")
	io.CopyN(w, f, 1024)
}
