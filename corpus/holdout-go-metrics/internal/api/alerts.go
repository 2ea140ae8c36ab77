package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"log"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

type silenceMatcher struct {
	Name    string `json:"name"`
	Value   string `json:"value"`
	IsRegex bool   `json:"isRegex"`
}

type silence struct {
	Matchers  []silenceMatcher `json:"matchers"`
	StartsAt  time.Time        `json:"startsAt"`
	EndsAt    time.Time        `json:"endsAt"`
	CreatedBy string           `json:"createdBy"`
	Comment   string           `json:"comment"`
}

// NewSilenceForm renders the form behind the "silence" link of alert e-mails,
// prefilled with the alert name.
func (h *Handler) NewSilenceForm(w http.ResponseWriter, r *http.Request) {
	alertname := r.URL.Query().Get("alertname")
	fields := map[string]string{
		"heading":   "New silence",
		"alertname": alertname,
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, "<!doctype html><html><body><h1>%s</h1>\n", fields["heading"])
	fmt.Fprintf(w, "<form method=\"post\" action=\"/silences\"><input name=\"matcher\" value=\"alertname=%s\">\n", html.EscapeString(fields["alertname"]))
	io.WriteString(w, "<textarea name=\"comment\"></textarea><input name=\"hours\" value=\"2\"><button>Silence</button></form></body></html>\n")
}

// CreateSilence forwards the form to Alertmanager and shows a confirmation page.
func (h *Handler) CreateSilence(w http.ResponseWriter, r *http.Request) {
	matcher := r.FormValue("matcher")
	comment := r.FormValue("comment")
	hours, err := strconv.Atoi(r.FormValue("hours"))
	if err != nil || hours <= 0 || hours > 24*14 {
		hours = 2
	}
	name, value, ok := strings.Cut(matcher, "=")
	if !ok {
		writeError(w, http.StatusBadRequest, "matcher must look like name=value")
		return
	}
	now := time.Now().UTC()
	body, err := json.Marshal(silence{
		Matchers:  []silenceMatcher{{Name: name, Value: value}},
		StartsAt:  now,
		EndsAt:    now.Add(time.Duration(hours) * time.Hour),
		CreatedBy: "pulseboard",
		Comment:   comment,
	})
	if err != nil {
		writeError(w, http.StatusInternalServerError, "encode failed")
		return
	}
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, h.cfg.AlertmanagerURL+"/api/v2/silences", bytes.NewReader(body))
	if err != nil {
		writeError(w, http.StatusInternalServerError, "request failed")
		return
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := h.client.Do(req)
	if err != nil {
		writeError(w, http.StatusBadGateway, "alertmanager unreachable")
		return
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		writeError(w, http.StatusBadGateway, "alertmanager rejected the silence")
		return
	}

	page := "<!doctype html><html><body><h1>Silence created</h1>"
	page += "<p>Matcher: <code>" + matcher + "</code></p>"
	page += "<p>Comment: " + comment + "</p>"
	page += fmt.Sprintf("<p>Expires in %d hours. <a href=\"/alerts\">Back to alerts</a></p></body></html>", hours)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	io.WriteString(w, page)
}

// AckAlert marks an alert as acknowledged and sends the user back to the page
// the notification link came from.
func (h *Handler) AckAlert(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.FormValue("id"), 10, 64)
	if err != nil {
		writeError(w, http.StatusBadRequest, "id must be a number")
		return
	}
	if _, err := h.db.ExecContext(r.Context(), "UPDATE alerts SET acked_at = now() WHERE id = $1", id); err != nil {
		log.Printf("ack alert %d: %v", id, err)
		writeError(w, http.StatusInternalServerError, "ack failed")
		return
	}
	http.Redirect(w, r, r.FormValue("return_to"), http.StatusSeeOther)
}

// FilterAlerts turns the filter form post into a bookmarkable GET URL.
func (h *Handler) FilterAlerts(w http.ResponseWriter, r *http.Request) {
	filter := strings.TrimSpace(r.FormValue("filter"))
	http.Redirect(w, r, "/alerts?filter="+url.QueryEscape(filter), http.StatusSeeOther)
}
