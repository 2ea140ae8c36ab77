package api

import (
	"database/sql"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

type sample struct {
	Metric string  `json:"metric"`
	TS     int64   `json:"ts"`
	Value  float64 `json:"value"`
}

// QueryRange returns the raw samples of one metric. Label matchers come as
// labels=job:api,instance:web-1 and are matched against the JSONB label set.
func (h *Handler) QueryRange(w http.ResponseWriter, r *http.Request) {
	metric := r.URL.Query().Get("metric")
	if metric == "" {
		writeError(w, http.StatusBadRequest, "metric is required")
		return
	}
	conds := []string{"s.metric = $1"}
	for _, pair := range strings.Split(r.URL.Query().Get("labels"), ",") {
		key, value, ok := strings.Cut(pair, ":")
		if !ok {
			continue
		}
		conds = append(conds, fmt.Sprintf("s.labels ->> '%s' = '%s'", strings.TrimSpace(key), strings.TrimSpace(value)))
	}
	query := "SELECT s.metric, s.ts, s.value FROM samples s WHERE " + strings.Join(conds, " AND ") + " ORDER BY s.ts"
	rows, err := h.db.QueryContext(r.Context(), query, metric)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "query failed")
		return
	}
	writeSamples(w, rows)
}

// Downsample averages a metric into buckets of `step` seconds.
func (h *Handler) Downsample(w http.ResponseWriter, r *http.Request) {
	metric := r.URL.Query().Get("metric")
	step, err := strconv.Atoi(r.URL.Query().Get("step"))
	if err != nil || step <= 0 {
		step = 60
	}
	query := fmt.Sprintf("SELECT metric, (ts / %d) * %d AS bucket, avg(value) FROM samples WHERE metric = $1 GROUP BY metric, bucket ORDER BY bucket", step, step)
	rows, err := h.db.QueryContext(r.Context(), query, metric)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "query failed")
		return
	}
	writeSamples(w, rows)
}

// DeleteSeries drops the samples of a metric, optionally only those older
// than the unix timestamp given in `before`.
func (h *Handler) DeleteSeries(w http.ResponseWriter, r *http.Request) {
	metric := strings.ToLower(strings.TrimSpace(r.FormValue("metric")))
	if metric == "" {
		writeError(w, http.StatusBadRequest, "metric is required")
		return
	}
	stmt := fmt.Sprintf("DELETE FROM samples WHERE metric = '%s'", metric)
	if before := r.FormValue("before"); before != "" {
		stmt += " AND ts < " + before
	}
	res, err := h.db.ExecContext(r.Context(), stmt)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "delete failed")
		return
	}
	deleted, _ := res.RowsAffected()
	_, err = h.db.ExecContext(r.Context(), "INSERT INTO audit_log (action, subject, user_agent, at) VALUES ('delete_series', $1, $2, $3)", metric, r.Header.Get("User-Agent"), time.Now().UTC())
	if err != nil {
		writeError(w, http.StatusInternalServerError, "audit failed")
		return
	}
	writeJSON(w, http.StatusOK, map[string]int64{"deleted": deleted})
}

func writeSamples(w http.ResponseWriter, rows *sql.Rows) {
	defer rows.Close()
	out := []sample{}
	for rows.Next() {
		var s sample
		if err := rows.Scan(&s.Metric, &s.TS, &s.Value); err != nil {
			writeError(w, http.StatusInternalServerError, "scan failed")
			return
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		writeError(w, http.StatusInternalServerError, "query failed")
		return
	}
	writeJSON(w, http.StatusOK, out)
}
