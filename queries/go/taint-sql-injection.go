package handlers

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/gorilla/mux"
	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

type Store struct {
	db  *sql.DB
	dbx *sqlx.DB
}

type filter struct {
	Owner string `json:"owner"`
	Limit int    `json:"limit"`
}

func (s *Store) Search(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	q = strings.TrimSpace(q)
	// ruleid: go/sql-string-build
	query := "SELECT id FROM files WHERE name LIKE '%" + q + "%'"
	// ruleid: go/taint-sql-injection
	rows, _ := s.db.Query(query)
	defer rows.Close()
	// ok: go/taint-sql-injection
	s.db.Query("SELECT id FROM files WHERE name LIKE $1", "%"+q+"%")
	// ruleid: go/taint-sql-injection
	// ruleid: go/sql-string-build
	s.db.QueryRow("SELECT id FROM files WHERE owner = '" + r.FormValue("owner") + "'")
	// ruleid: go/taint-sql-injection
	// ruleid: go/sql-string-build
	s.db.Exec(fmt.Sprintf("DELETE FROM files WHERE name = '%s'", q))
}

func (s *Store) Sorted(w http.ResponseWriter, r *http.Request) {
	var sb strings.Builder
	sb.WriteString("SELECT id FROM files")
	if order := r.FormValue("order"); order != "" {
		sb.WriteString(" ORDER BY ")
		sb.WriteString(order)
	}
	// ruleid: go/taint-sql-injection
	s.db.QueryContext(r.Context(), sb.String())

	columns := map[string]string{"name": "name", "size": "size_bytes"}
	column, ok := columns[r.URL.Query().Get("sort")]
	if !ok {
		column = "name"
	}
	// ok: go/taint-sql-injection
	// ok: go/sql-string-build
	s.db.Query("SELECT id FROM files ORDER BY " + column)

	status := r.URL.Query().Get("status")
	status = "deleted"
	// ok: go/taint-sql-injection
	// ok: go/sql-string-build
	s.db.Query("SELECT id FROM files WHERE status = '" + status + "'")
}

func (s *Store) Usage(w http.ResponseWriter, r *http.Request) {
	c, err := r.Cookie("workspace")
	if err != nil {
		return
	}
	filters := map[string]string{
		"workspace": c.Value,
		"status":    "active",
	}
	// ruleid: go/taint-sql-injection
	// ruleid: go/sql-string-build
	s.db.QueryRow("SELECT count(*) FROM files WHERE workspace = '" + filters["workspace"] + "'")
	// ok: go/taint-sql-injection
	// ok: go/sql-string-build
	s.db.QueryRow("SELECT count(*) FROM files WHERE status = '" + filters["status"] + "'")
	if false {
		// ok: go/taint-sql-injection
		// ok: go/sql-string-build
		s.db.Exec("DELETE FROM files WHERE workspace = '" + c.Value + "'")
	}
}

func (s *Store) Rename(w http.ResponseWriter, r *http.Request) {
	var f filter
	if err := json.NewDecoder(r.Body).Decode(&f); err != nil {
		return
	}
	owner := strings.ToLower(f.Owner)
	// ruleid: go/sql-string-build
	stmt := fmt.Sprintf("UPDATE files SET owner = '%s'", owner)
	// ruleid: go/taint-sql-injection
	s.db.ExecContext(context.Background(), stmt)
	// ok: go/taint-sql-injection
	// ok: go/sql-string-build
	s.db.Exec(fmt.Sprintf("UPDATE files SET owner = %s", pq.QuoteLiteral(owner)))
	// ok: go/taint-sql-injection
	s.db.Exec("UPDATE files SET size = " + strconv.Itoa(f.Limit))
}

func (s *Store) Delete(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(mux.Vars(r)["id"])
	if err != nil {
		return
	}
	// ok: go/taint-sql-injection
	s.db.Exec(fmt.Sprintf("DELETE FROM files WHERE id = %d", id))
	// ok: go/taint-sql-injection
	s.db.Exec("DELETE FROM files WHERE id = " + strconv.Itoa(id))
	stmt, _ := s.db.Prepare("DELETE FROM files WHERE owner = $1")
	// ok: go/taint-sql-injection
	stmt.Exec(mux.Vars(r)["owner"])
}

func (s *Store) Tags(w http.ResponseWriter, r *http.Request) {
	var conds []string
	for _, tag := range r.Form["tag"] {
		conds = append(conds, "tag = '"+tag+"'")
	}
	where := strings.Join(conds, " OR ")
	var ids []int
	// ruleid: go/taint-sql-injection
	// ruleid: go/sql-string-build
	s.dbx.Select(&ids, "SELECT id FROM tags WHERE "+where)
	// ok: go/taint-sql-injection
	s.dbx.Select(&ids, "SELECT id FROM tags WHERE tag = ANY($1)", pq.Array(r.Form["tag"]))
	name := chi.URLParam(r, "name")
	sql := "SELECT id FROM tags WHERE name = '"
	sql += name
	sql += "'"
	// ruleid: go/taint-sql-injection
	s.dbx.GetContext(r.Context(), &ids, sql)
	label := strings.ReplaceAll(r.Header.Get("X-Label"), "'", "")
	// ruleid: go/taint-sql-injection
	// ruleid: go/sql-string-build
	s.db.Query("SELECT id FROM tags WHERE label = '" + label + "'")
}

func (s *Store) Report(ctx context.Context, owner string) {
	// ok: go/taint-sql-injection
	// ruleid: go/sql-string-build
	s.db.QueryContext(ctx, "SELECT id FROM files WHERE owner = '"+owner+"'")
	const table = "files"
	// ok: go/taint-sql-injection
	// ok: go/sql-string-build
	s.db.Query("SELECT id FROM " + table)
}

func (s *Store) Import(w http.ResponseWriter, r *http.Request) {
	var batch struct{ Owner string }
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(&batch); err != nil {
		return
	}
	// ruleid: go/taint-sql-injection
	// ruleid: go/sql-string-build
	s.db.Exec("DELETE FROM files WHERE owner = '" + batch.Owner + "'")
	body, _ := io.ReadAll(r.Body)
	var filter struct{ Tag string }
	json.Unmarshal(body, &filter)
	// ruleid: go/taint-sql-injection
	// ruleid: go/sql-string-build
	s.db.Query(fmt.Sprintf("SELECT id FROM tags WHERE name = '%s'", filter.Tag))
	var fixed struct{ Tag string }
	json.Unmarshal([]byte(`{"tag": "inbox"}`), &fixed)
	// ok: go/taint-sql-injection
	// ok: go/sql-string-build
	s.db.Query(fmt.Sprintf("SELECT id FROM tags WHERE name = '%s'", fixed.Tag))
}
