// Package handlers holds the HTTP endpoints of filevault.
package handlers

import (
	"database/sql"
	"encoding/json"
	"log"
	"net/http"
	"time"

	"github.com/acme/filevault/internal/config"
)

// Server carries what every handler needs: the database, the settings and an outgoing HTTP client.
type Server struct {
	db     *sql.DB
	cfg    config.Config
	client *http.Client
}

// New builds the handler set.
func New(db *sql.DB, cfg config.Config) *Server {
	return &Server{db: db, cfg: cfg, client: &http.Client{Timeout: 15 * time.Second}}
}

type fileRow struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Owner string `json:"owner"`
	Size  int64  `json:"size"`
}

func scanFiles(rows *sql.Rows) ([]fileRow, error) {
	defer rows.Close()
	var out []fileRow
	for rows.Next() {
		var f fileRow
		if err := rows.Scan(&f.ID, &f.Name, &f.Owner, &f.Size); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

func writeJSON(w http.ResponseWriter, v interface{}) {
	w.Header().Set("Content-Type", "application/json")
	if err := json.NewEncoder(w).Encode(v); err != nil {
		log.Printf("encode response: %v", err)
	}
}

// respondFiles writes the result of a file listing query, or a 500 if it failed.
func respondFiles(w http.ResponseWriter, rows *sql.Rows, err error) {
	if err != nil {
		log.Printf("query files: %v", err)
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	files, err := scanFiles(rows)
	if err != nil {
		log.Printf("scan files: %v", err)
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	writeJSON(w, files)
}
