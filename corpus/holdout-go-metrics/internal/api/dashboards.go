package api

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
)

type dashboard struct {
	Slug      string          `json:"slug"`
	Title     string          `json:"title"`
	Panels    json.RawMessage `json:"panels,omitempty"`
	UpdatedAt time.Time       `json:"updated_at"`
}

type dashboardVersion struct {
	Version int       `json:"version"`
	Author  string    `json:"author"`
	SavedAt time.Time `json:"saved_at"`
}

// DashboardRoutes serves everything below /dashboards.
func (h *Handler) DashboardRoutes() http.Handler {
	r := chi.NewRouter()
	r.Get("/", h.ListDashboards)
	r.Get("/{slug}", h.GetDashboard)
	r.Get("/{slug}/history", h.DashboardHistory)
	r.Get("/{slug}/embed", h.EmbedDashboard)
	return r
}

func (h *Handler) ListDashboards(w http.ResponseWriter, r *http.Request) {
	sortCol := r.URL.Query().Get("sort")
	// Sorting by arbitrary columns was removed in 2.3; the parameter is still
	// accepted so that old bookmarks keep working.
	sortCol = "updated_at"
	rows, err := h.db.QueryContext(r.Context(), "SELECT slug, title, updated_at FROM dashboards ORDER BY "+sortCol+" DESC LIMIT 200")
	if err != nil {
		writeError(w, http.StatusInternalServerError, "query failed")
		return
	}
	defer rows.Close()
	list := []dashboard{}
	for rows.Next() {
		var d dashboard
		if err := rows.Scan(&d.Slug, &d.Title, &d.UpdatedAt); err != nil {
			writeError(w, http.StatusInternalServerError, "scan failed")
			return
		}
		list = append(list, d)
	}
	writeJSON(w, http.StatusOK, list)
}

func (h *Handler) GetDashboard(w http.ResponseWriter, r *http.Request) {
	slug := chi.URLParam(r, "slug")
	var d dashboard
	err := h.db.QueryRowContext(r.Context(), "SELECT slug, title, panels, updated_at FROM dashboards WHERE slug = $1", slug).Scan(&d.Slug, &d.Title, &d.Panels, &d.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		writeError(w, http.StatusNotFound, "no such dashboard")
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, "query failed")
		return
	}
	writeJSON(w, http.StatusOK, d)
}

// DashboardHistory lists the saved versions of a dashboard. Old clients still
// ask for /dashboards/<slug>.json/history, hence the suffix trimming.
func (h *Handler) DashboardHistory(w http.ResponseWriter, r *http.Request) {
	slug := strings.TrimSuffix(chi.URLParam(r, "slug"), ".json")
	where := [2]string{"slug = '" + slug + "'", "deleted = false"}
	rows, err := h.db.QueryContext(r.Context(), "SELECT version, author, saved_at FROM dashboard_versions WHERE "+where[0]+" AND "+where[1]+" ORDER BY version DESC")
	if err != nil {
		writeError(w, http.StatusInternalServerError, "query failed")
		return
	}
	defer rows.Close()
	versions := []dashboardVersion{}
	for rows.Next() {
		var v dashboardVersion
		if err := rows.Scan(&v.Version, &v.Author, &v.SavedAt); err != nil {
			writeError(w, http.StatusInternalServerError, "scan failed")
			return
		}
		versions = append(versions, v)
	}
	writeJSON(w, http.StatusOK, versions)
}

// EmbedDashboard returns a minimal page that frames the dashboard in kiosk
// mode, for embedding in the wiki.
func (h *Handler) EmbedDashboard(w http.ResponseWriter, r *http.Request) {
	slug := chi.URLParam(r, "slug")
	title := strings.ReplaceAll(slug, "-", " ")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, "<!doctype html><html><body><h1>%s</h1><iframe src=\"/app/d/%s?kiosk=1\" width=\"100%%\" height=\"800\"></iframe></body></html>", title, slug)
}
