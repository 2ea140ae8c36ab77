package handlers

import (
	"fmt"
	"html"
	"html/template"
	"io"
	"net/http"
	"strings"

	"github.com/gorilla/mux"
)

const uploadDonePage = `<!doctype html>
<html><head><title>Upload complete</title></head>
<body><h1>{{name}} was uploaded</h1><p><a href="/files">Back to your files</a></p></body></html>`

var sharePage = template.Must(template.New("share").Parse(`<!doctype html>
<html><head><title>{{.File}}</title></head>
<body>
<div class="banner">{{.Banner}}</div>
<h1>{{.File}}</h1>
<div class="message">{{.Message}}</div>
<a href="/s/{{.Token}}/download">Download</a>
</body></html>`))

// SearchPage is the HTML result page of the search box.
func (s *Server) SearchPage(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, "<!doctype html><html><body><h1>Results for %s</h1><ul id=\"results\"></ul>", q)
	fmt.Fprintf(w, "<script src=\"/static/search.js\"></script></body></html>")
}

// EmptyResults is shown when a search matches nothing.
func (s *Server) EmptyResults(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, "<!doctype html><html><body><p>No files match <b>%s</b>.</p></body></html>", html.EscapeString(q))
}

// UploadDone is where the upload form lands: /uploaded?name=<file name>.
func (s *Server) UploadDone(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	page := strings.Replace(uploadDonePage, "{{name}}", name, 1)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write([]byte(page))
}

// Goodbye is the signed-out page; it repeats the display name, escaped.
func (s *Server) Goodbye(w http.ResponseWriter, r *http.Request) {
	name := "there"
	if c, err := r.Cookie("display_name"); err == nil {
		name = template.HTMLEscapeString(c.Value)
	}
	page := "<!doctype html><html><body><p>Goodbye, " + name + ". You are signed out.</p></body></html>"
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write([]byte(page))
}

// SharePage is the landing page of a share link; the sender can add ?msg= to the link.
func (s *Server) SharePage(w http.ResponseWriter, r *http.Request) {
	token := mux.Vars(r)["token"]
	var file string
	if err := s.db.QueryRow("SELECT f.name FROM shares s JOIN files f ON f.id = s.file_id WHERE s.token = $1", token).Scan(&file); err != nil {
		http.NotFound(w, r)
		return
	}
	message := strings.TrimSpace(r.URL.Query().Get("msg"))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	sharePage.Execute(w, map[string]interface{}{
		"Banner":  template.HTML("<strong>Shared with you on filevault</strong>"),
		"File":    file,
		"Message": template.HTML(message),
		"Token":   token,
	})
}

// MissingFile is the HTML 404 page of the browser view: /view/{name}.
func (s *Server) MissingFile(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["name"]
	body := "<!doctype html><html><body><h1>Not found</h1><p>There is no file called " + name + " in your vault.</p></body></html>"
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	io.WriteString(w, body)
}
