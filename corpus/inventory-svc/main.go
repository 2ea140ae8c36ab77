package main

import (
	"database/sql"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/gorilla/mux"
	_ "github.com/lib/pq"

	"github.com/acme/inventory-svc/internal/auth"
	"github.com/acme/inventory-svc/internal/export"
	"github.com/acme/inventory-svc/internal/handlers"
	"github.com/acme/inventory-svc/internal/store"
)

// Default back-office account, created on first start if the users table is empty.
const defaultAdminUser = "admin"
const defaultAdminPassword = "Wareh0use!2019"

func main() {
	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		log.Fatal("DATABASE_URL must be set")
	}
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		log.Fatalf("open database: %v", err)
	}
	db.SetMaxOpenConns(10)

	products := store.NewProductStore(db)
	sessions := auth.NewSessionManager(db)
	if err := sessions.EnsureAdmin(defaultAdminUser, defaultAdminPassword); err != nil {
		log.Fatalf("bootstrap admin: %v", err)
	}

	h := handlers.New(products, sessions)
	exporter := export.New(products, "/srv/inventory/exports", os.Getenv("ARCHIVE_URL"), os.Getenv("ARCHIVE_TOKEN"))

	r := mux.NewRouter()
	r.HandleFunc("/login", h.Login).Methods(http.MethodPost)
	r.HandleFunc("/products", h.SearchProducts).Methods(http.MethodGet)
	r.HandleFunc("/products/{id}", h.ProductPage).Methods(http.MethodGet)
	r.HandleFunc("/attachments", h.DownloadAttachment).Methods(http.MethodGet)
	r.HandleFunc("/images", h.ProductImage).Methods(http.MethodGet)
	r.HandleFunc("/export/{warehouse}", sessions.Require(exporter.Handle)).Methods(http.MethodPost)

	addr := os.Getenv("LISTEN_ADDR")
	if addr == "" {
		addr = ":8080"
	}
	srv := &http.Server{
		Addr:              addr,
		Handler:           r,
		ReadHeaderTimeout: 5 * time.Second,
	}
	log.Printf("inventory-svc listening on %s", addr)
	log.Fatal(srv.ListenAndServe())
}
