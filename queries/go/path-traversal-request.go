package handlers

import (
	"io"
	"net/http"
	"os"
	"path/filepath"

	"github.com/gorilla/mux"
)

const uploadDir = "/srv/inventory/uploads"

// DownloadAttachment streams an uploaded attachment back to the client.
func DownloadAttachment(w http.ResponseWriter, r *http.Request) {
	// ruleid: go/path-traversal-request
	// ruleid: go/taint-path-traversal
	f, err := os.Open(filepath.Join(uploadDir, r.URL.Query().Get("file")))
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	defer f.Close()
	io.Copy(w, f)
}

func DeleteAttachment(w http.ResponseWriter, r *http.Request) {
	// ruleid: go/path-traversal-request
	// ruleid: go/taint-path-traversal
	if err := os.Remove(uploadDir + "/" + mux.Vars(r)["name"]); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func ServeReport(w http.ResponseWriter, r *http.Request) {
	// ruleid: go/path-traversal-request
	// ruleid: go/taint-path-traversal
	http.ServeFile(w, r, "/srv/reports/"+r.FormValue("report"))
}

// Safe variants.
func DownloadSafe(w http.ResponseWriter, r *http.Request) {
	name := filepath.Base(r.URL.Query().Get("file"))
	// ok: go/path-traversal-request
	f, err := os.Open(filepath.Join(uploadDir, filepath.Base(r.FormValue("file"))))
	if err == nil {
		f.Close()
	}
	// ok: go/path-traversal-request
	data, _ := os.ReadFile(filepath.Join(uploadDir, name))
	w.Write(data)
	// ok: go/path-traversal-request
	http.ServeFile(w, r, "/srv/reports/latest.pdf")
	// ok: go/path-traversal-request
	_ = r.FormValue("file") + uploadDir
}
