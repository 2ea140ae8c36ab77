package handlers

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/gorilla/mux"
)

type Files struct {
	root   string
	static string
}

func (f *Files) Download(w http.ResponseWriter, r *http.Request) {
	vars := mux.Vars(r)
	owner, name := vars["owner"], vars["name"]
	full := filepath.Join(f.root, "users", owner, name)
	// ruleid: go/taint-path-traversal
	file, err := os.Open(full)
	if err != nil {
		return
	}
	defer file.Close()
	io.Copy(w, file)
}

func (f *Files) Raw(w http.ResponseWriter, r *http.Request) {
	rel := strings.TrimPrefix(r.URL.Path, "/raw/")
	// ruleid: go/taint-path-traversal
	data, _ := os.ReadFile(filepath.Join(f.root, rel))
	w.Write(data)
	// ruleid: go/taint-path-traversal
	// ruleid: go/path-traversal-request
	http.ServeFile(w, r, filepath.Join(f.root, "public", r.URL.Query().Get("f")))
}

func (f *Files) Avatar(w http.ResponseWriter, r *http.Request) {
	name := filepath.Base(r.URL.Query().Get("name"))
	// ok: go/taint-path-traversal
	file, err := os.Open(filepath.Join(f.static, "avatars", name))
	if err == nil {
		file.Close()
	}
	id, err := strconv.ParseInt(mux.Vars(r)["id"], 10, 64)
	if err != nil {
		return
	}
	// ok: go/taint-path-traversal
	os.Remove(filepath.Join(f.root, "blobs", strconv.FormatInt(id, 10)))
}

func (f *Files) Help(w http.ResponseWriter, r *http.Request) {
	pages := map[string]string{
		"default":   "help/index.html",
		"requested": "help/" + r.URL.Query().Get("topic") + ".html",
	}
	// ok: go/taint-path-traversal
	http.ServeFile(w, r, filepath.Join(f.static, pages["default"]))
	// ruleid: go/taint-path-traversal
	http.ServeFile(w, r, filepath.Join(f.static, pages["requested"]))
	if false {
		// ok: go/taint-path-traversal
		// ok: go/path-traversal-request
		http.ServeFile(w, r, filepath.Join(f.root, "blobs", r.URL.Query().Get("blob")))
	}
	topic := r.URL.Query().Get("topic")
	topic = "index"
	// ok: go/taint-path-traversal
	os.ReadFile(filepath.Join(f.static, topic+".html"))
}

func (f *Files) Upload(w http.ResponseWriter, r *http.Request) {
	file, header, err := r.FormFile("upload")
	if err != nil {
		return
	}
	defer file.Close()
	data, _ := io.ReadAll(file)
	// ruleid: go/taint-path-traversal, go/taint-unrestricted-upload
	os.WriteFile(filepath.Join(f.root, "uploads", header.Filename), data, 0o644)
	// ok: go/taint-path-traversal
	// ruleid: go/taint-unrestricted-upload
	os.WriteFile(filepath.Join(f.root, "uploads", filepath.Base(header.Filename)), data, 0o644)
	dir := chi.URLParam(r, "dir")
	parts := []string{f.root}
	parts = append(parts, dir)
	target := strings.Join(parts, "/")
	// ruleid: go/taint-path-traversal
	os.MkdirAll(target, 0o755)
	for _, c := range r.Cookies() {
		// ruleid: go/taint-path-traversal
		os.Remove(filepath.Join(f.root, "sessions", c.Value))
	}
	// ok: go/taint-path-traversal
	os.Remove(filepath.Join(f.root, "sessions", "stale"))
}
