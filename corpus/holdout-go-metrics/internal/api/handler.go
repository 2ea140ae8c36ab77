// Package api holds the HTTP handlers of pulseboard.
package api

import (
	"database/sql"
	"encoding/json"
	"log"
	"net/http"
	"time"

	"github.com/acme/pulseboard/internal/config"
)

// Handler groups the endpoints and the dependencies they share.
type Handler struct {
	db     *sql.DB
	cfg    *config.Config
	client *http.Client
}

// New wires a Handler to the database and the server configuration.
func New(db *sql.DB, cfg *config.Config) *Handler {
	return &Handler{
		db:     db,
		cfg:    cfg,
		client: &http.Client{Timeout: 10 * time.Second},
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		log.Printf("encode response: %v", err)
	}
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}
