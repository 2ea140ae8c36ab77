package handlers

import (
	"fmt"
	"log"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"
)

// blobPath maps a numeric blob id onto its file in the storage root.
func (s *Server) blobPath(id int64) string {
	return filepath.Join(s.cfg.StorageRoot, "blobs", strconv.FormatInt(id, 10))
}

// Thumbnail renders a 256px thumbnail of an uploaded image; the form field "name" names the upload.
func (s *Server) Thumbnail(w http.ResponseWriter, r *http.Request) {
	name := r.PostFormValue("name")
	src := filepath.Join(s.cfg.StorageRoot, "uploads", name)
	dst := filepath.Join(s.cfg.StorageRoot, "thumbs", name+".png")
	cmd := "convert " + src + " -thumbnail 256x256 " + dst
	if out, err := exec.Command("sh", "-c", cmd).CombinedOutput(); err != nil {
		log.Printf("thumbnail: %v: %s", err, out)
		http.Error(w, "thumbnail failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// ExtractText runs a text extractor over a stored blob; power users pick the extractor in X-Extractor.
func (s *Server) ExtractText(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(mux.Vars(r)["id"], 10, 64)
	if err != nil {
		http.Error(w, "bad blob id", http.StatusBadRequest)
		return
	}
	tool := strings.ToLower(strings.TrimSpace(r.Header.Get("X-Extractor")))
	if tool == "" {
		tool = "pdftotext"
	}
	out, err := exec.Command(tool, s.blobPath(id), "-").Output()
	if err != nil {
		http.Error(w, "extraction failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write(out)
}

// ConvertText extracts text with the extractor installed for the document format (?format=pdf).
func (s *Server) ConvertText(w http.ResponseWriter, r *http.Request) {
	extractors := map[string]string{"pdf": "/usr/bin/pdf2txt", "doc": "/usr/bin/antiword", "odt": "/usr/bin/odt2txt"}
	prog, ok := extractors[r.URL.Query().Get("format")]
	if !ok {
		http.Error(w, "unsupported format", http.StatusBadRequest)
		return
	}
	id, err := strconv.ParseInt(mux.Vars(r)["id"], 10, 64)
	if err != nil {
		http.Error(w, "bad blob id", http.StatusBadRequest)
		return
	}
	out, err := exec.Command(prog, s.blobPath(id)).Output()
	if err != nil {
		http.Error(w, "extraction failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write(out)
}

// RenderPages renders the first ?pages= pages of a stored PDF to PNG files next to it.
func (s *Server) RenderPages(w http.ResponseWriter, r *http.Request) {
	pages, err := strconv.Atoi(r.URL.Query().Get("pages"))
	if err != nil || pages < 1 || pages > 20 {
		pages = 1
	}
	id, err := strconv.ParseInt(mux.Vars(r)["id"], 10, 64)
	if err != nil {
		http.Error(w, "bad blob id", http.StatusBadRequest)
		return
	}
	blob := s.blobPath(id)
	script := fmt.Sprintf("pdftoppm -png -l %d %s %s-page", pages, blob, blob)
	if out, err := exec.Command("sh", "-c", script).CombinedOutput(); err != nil {
		log.Printf("render pages: %v: %s", err, out)
		http.Error(w, "render failed", http.StatusInternalServerError)
		return
	}
	writeJSON(w, map[string]int{"pages": pages})
}

// Archive packs the selected files (repeated file= form fields) into a tarball in the archive directory.
func (s *Server) Archive(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	archive := filepath.Join(s.cfg.ArchiveDir, "selection-"+strconv.FormatInt(time.Now().UnixNano(), 10)+".tar.gz")
	cmd := "tar -czf " + archive + " -C " + s.cfg.StorageRoot
	for _, name := range r.Form["file"] {
		cmd += " " + name
	}
	if out, err := exec.Command("sh", "-c", cmd).CombinedOutput(); err != nil {
		log.Printf("archive: %v: %s", err, out)
		http.Error(w, "archive failed", http.StatusInternalServerError)
		return
	}
	writeJSON(w, map[string]string{"archive": filepath.Base(archive)})
}

// Cleanup empties the trash with the operator's configured command.
func (s *Server) Cleanup(w http.ResponseWriter, r *http.Request) {
	log.Printf("trash cleanup requested, reason %q", r.FormValue("reason"))
	if out, err := exec.Command("sh", "-c", s.cfg.CleanupCommand).CombinedOutput(); err != nil {
		log.Printf("cleanup: %v: %s", err, out)
		http.Error(w, "cleanup failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
