package api

import (
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// DownloadSnapshot sends a saved dashboard snapshot of the caller's team.
// Snapshots live in <snapshot dir>/<team>/<name>.
func (h *Handler) DownloadSnapshot(w http.ResponseWriter, r *http.Request) {
	team, err := r.Cookie("pulse_team")
	if err != nil {
		writeError(w, http.StatusUnauthorized, "no team selected")
		return
	}
	name := strings.TrimSpace(r.URL.Query().Get("name"))
	if name == "" {
		writeError(w, http.StatusBadRequest, "name is required")
		return
	}
	w.Header().Set("Content-Disposition", "attachment")
	http.ServeFile(w, r, filepath.Join(h.cfg.SnapshotDir, team.Value, name))
}

// SnapshotThumbnail sends the preview image of a snapshot.
func (h *Handler) SnapshotThumbnail(w http.ResponseWriter, r *http.Request) {
	name := filepath.Base(r.URL.Query().Get("name"))
	f, err := os.Open(filepath.Join(h.cfg.SnapshotDir, "thumbs", name+".png"))
	if err != nil {
		writeError(w, http.StatusNotFound, "no such thumbnail")
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "max-age=3600")
	if _, err := io.Copy(w, f); err != nil {
		log.Printf("send thumbnail: %v", err)
	}
}
