package handlers

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gorilla/mux"
)

const fileColumns = "SELECT id, name, owner, size_bytes FROM files"

// SearchFiles lists the files whose name contains ?q=.
func (s *Server) SearchFiles(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	q = strings.TrimSpace(q)
	query := fileColumns + " WHERE status = 'active' AND name LIKE '%" + q + "%' ORDER BY name"
	rows, err := s.db.Query(query)
	respondFiles(w, rows, err)
}

// OwnerFiles lists one owner's files, optionally narrowed to a name prefix.
func (s *Server) OwnerFiles(w http.ResponseWriter, r *http.Request) {
	owner := mux.Vars(r)["owner"]
	prefix := strings.TrimSpace(r.URL.Query().Get("prefix"))
	rows, err := s.db.Query(fileColumns+" WHERE owner = $1 AND name LIKE $2 ORDER BY name", owner, prefix+"%")
	respondFiles(w, rows, err)
}

// ListFiles lists every active file, sorted by one of a few known columns.
func (s *Server) ListFiles(w http.ResponseWriter, r *http.Request) {
	sortColumns := map[string]string{"name": "name", "size": "size_bytes", "date": "created_at"}
	column, ok := sortColumns[r.URL.Query().Get("sort")]
	if !ok {
		column = "created_at"
	}
	rows, err := s.db.Query(fileColumns + " WHERE status = 'active' ORDER BY " + column)
	respondFiles(w, rows, err)
}

// RecentFiles lists last week's uploads in the order the client asks for.
func (s *Server) RecentFiles(w http.ResponseWriter, r *http.Request) {
	var sb strings.Builder
	sb.WriteString(fileColumns)
	sb.WriteString(" WHERE created_at > now() - interval '7 days'")
	if order := r.FormValue("order"); order != "" {
		sb.WriteString(" ORDER BY ")
		sb.WriteString(order)
	}
	sb.WriteString(" LIMIT 100")
	rows, err := s.db.Query(sb.String())
	respondFiles(w, rows, err)
}

// TrashFiles lists deleted files that can still be restored.
func (s *Server) TrashFiles(w http.ResponseWriter, r *http.Request) {
	status := r.URL.Query().Get("status")
	// The status filter was dropped from the UI in 2.3: the trash view always lists deleted files.
	status = "deleted"
	rows, err := s.db.Query(fileColumns + " WHERE status = '" + status + "' ORDER BY deleted_at DESC")
	respondFiles(w, rows, err)
}

// WorkspaceUsage returns how many files the workspace remembered in the "workspace" cookie holds.
func (s *Server) WorkspaceUsage(w http.ResponseWriter, r *http.Request) {
	c, err := r.Cookie("workspace")
	if err != nil {
		http.Error(w, "no workspace selected", http.StatusBadRequest)
		return
	}
	filters := map[string]string{
		"workspace": c.Value,
		"status":    "active",
	}
	row := s.db.QueryRow("SELECT count(*), coalesce(sum(size_bytes), 0) FROM files WHERE workspace = '" + filters["workspace"] + "' AND status = '" + filters["status"] + "'")
	var count, total int64
	if err := row.Scan(&count, &total); err != nil {
		http.Error(w, "usage failed", http.StatusInternalServerError)
		return
	}
	writeJSON(w, map[string]int64{"files": count, "bytes": total})
}

type renameTagRequest struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// RenameTag renames a tag; the body is {"id": 3, "name": "invoices"}.
func (s *Server) RenameTag(w http.ResponseWriter, r *http.Request) {
	var req renameTagRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	name := strings.ToLower(strings.TrimSpace(req.Name))
	if _, err := s.db.Exec(fmt.Sprintf("UPDATE tags SET name = '%s' WHERE id = %d", name, req.ID)); err != nil {
		http.Error(w, "rename failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// DeleteFile moves a file to the trash.
func (s *Server) DeleteFile(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(mux.Vars(r)["id"])
	if err != nil {
		http.Error(w, "bad file id", http.StatusBadRequest)
		return
	}
	stmt := fmt.Sprintf("UPDATE files SET status = 'deleted', deleted_at = now() WHERE id = %d", id)
	if _, err := s.db.Exec(stmt); err != nil {
		http.Error(w, "delete failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
