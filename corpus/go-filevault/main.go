package main

import (
	"database/sql"
	"log"
	"net/http"
	"time"

	"github.com/gorilla/mux"
	_ "github.com/lib/pq"

	"github.com/acme/filevault/internal/config"
	"github.com/acme/filevault/internal/handlers"
)

func main() {
	cfg := config.Load()
	if cfg.DatabaseURL == "" {
		log.Fatal("DATABASE_URL must be set")
	}
	db, err := sql.Open("postgres", cfg.DatabaseURL)
	if err != nil {
		log.Fatalf("open database: %v", err)
	}
	db.SetMaxOpenConns(20)

	h := handlers.New(db, cfg)

	// The desktop sync client sends storage paths verbatim (some contain "//"), so the router must not rewrite them.
	r := mux.NewRouter().SkipClean(true)

	r.HandleFunc("/files", h.ListFiles).Methods(http.MethodGet)
	r.HandleFunc("/files/search", h.SearchFiles).Methods(http.MethodGet)
	r.HandleFunc("/files/recent", h.RecentFiles).Methods(http.MethodGet, http.MethodPost)
	r.HandleFunc("/files/trash", h.TrashFiles).Methods(http.MethodGet)
	r.HandleFunc("/files/usage", h.WorkspaceUsage).Methods(http.MethodGet)
	r.HandleFunc("/files/{id:[0-9]+}", h.DeleteFile).Methods(http.MethodDelete)
	r.HandleFunc("/files/{owner}", h.OwnerFiles).Methods(http.MethodGet)
	r.HandleFunc("/files/{owner}/{name}", h.Download).Methods(http.MethodGet)
	r.HandleFunc("/tags", h.RenameTag).Methods(http.MethodPut)

	r.PathPrefix("/raw/").HandlerFunc(h.Raw).Methods(http.MethodGet)
	r.HandleFunc("/public", h.PublicAsset).Methods(http.MethodGet)
	r.HandleFunc("/avatar", h.Avatar).Methods(http.MethodGet)
	r.HandleFunc("/help", h.Help).Methods(http.MethodGet)
	r.HandleFunc("/blobs/{id}/preview", h.Preview).Methods(http.MethodGet)
	r.HandleFunc("/blobs/{id}/text", h.ExtractText).Methods(http.MethodGet)
	r.HandleFunc("/blobs/{id}/convert", h.ConvertText).Methods(http.MethodGet)
	r.HandleFunc("/blobs/{id}/pages", h.RenderPages).Methods(http.MethodPost)

	r.HandleFunc("/search", h.SearchPage).Methods(http.MethodGet)
	r.HandleFunc("/search/empty", h.EmptyResults).Methods(http.MethodGet)
	r.HandleFunc("/uploaded", h.UploadDone).Methods(http.MethodGet)
	r.HandleFunc("/goodbye", h.Goodbye).Methods(http.MethodGet)
	r.HandleFunc("/view/{name}", h.MissingFile).Methods(http.MethodGet)

	r.HandleFunc("/s/{token}", h.SharePage).Methods(http.MethodGet)
	r.HandleFunc("/shares", h.CreateShare).Methods(http.MethodPost)
	r.HandleFunc("/shares/{id}/settings", h.ShareSettings).Methods(http.MethodPost)
	r.HandleFunc("/import", h.ImportFromURL).Methods(http.MethodPost)
	r.HandleFunc("/webhooks/test", h.TestWebhook).Methods(http.MethodPost)
	r.HandleFunc("/mirrors/health", h.MirrorHealth).Methods(http.MethodGet)
	r.HandleFunc("/scan/{name}", h.ScanStatus).Methods(http.MethodGet)
	r.HandleFunc("/logout", h.Logout).Methods(http.MethodGet)

	r.HandleFunc("/thumbnails", h.Thumbnail).Methods(http.MethodPost)
	r.HandleFunc("/archives", h.Archive).Methods(http.MethodPost)
	r.HandleFunc("/admin/cleanup", h.Cleanup).Methods(http.MethodPost)
	r.HandleFunc("/directory", h.DirectoryLookup).Methods(http.MethodGet)
	r.HandleFunc("/directory/member", h.MemberLookup).Methods(http.MethodGet)

	srv := &http.Server{
		Addr:              cfg.ListenAddr,
		Handler:           r,
		ReadHeaderTimeout: 10 * time.Second,
	}
	log.Printf("filevault listening on %s", cfg.ListenAddr)
	log.Fatal(srv.ListenAndServe())
}
