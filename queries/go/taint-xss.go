package handlers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"io"
	"net/http"
	"os/exec"
	"strings"

	"github.com/gorilla/mux"
)

const donePage = `<html><body><h1>{{name}} was uploaded</h1></body></html>`

var sharePage = template.Must(template.New("share").Parse(`<div>{{.Banner}}</div><p>{{.Message}}</p>`))

func SearchPage(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// ruleid: go/taint-xss
	fmt.Fprintf(w, "<html><body><h1>Results for %s</h1>", q)
	// ok: go/taint-xss
	fmt.Fprintf(w, "<p>No files match <b>%s</b>.</p>", html.EscapeString(q))
	// ok: go/taint-xss
	fmt.Fprintf(w, "<input name=\"q\" value=\"%s\">", template.HTMLEscapeString(q))
	// JavaScript escaping writes `"` as `\"`: the value ends the attribute.
	// ruleid: go/taint-xss
	fmt.Fprintf(w, "<input name=\"q\" value=\"%s\">", template.JSEscapeString(q))
	// ok: go/taint-xss
	fmt.Fprintf(w, "<script src=\"/static/search.js\"></script></body></html>")
	// ok: go/taint-xss
	fmt.Fprintf(w, "<p>%d results</p>", len(q))
}

func UploadDone(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	page := strings.Replace(donePage, "{{name}}", name, 1)
	// ruleid: go/taint-xss
	w.Write([]byte(page))
	safe := strings.Replace(donePage, "{{name}}", template.HTMLEscapeString(name), 1)
	// ok: go/taint-xss
	w.Write([]byte(safe))
}

func Goodbye(w http.ResponseWriter, r *http.Request) {
	name := "there"
	if c, err := r.Cookie("display_name"); err == nil {
		name = template.HTMLEscapeString(c.Value)
	}
	page := "<p>Goodbye, " + name + ".</p>"
	// ok: go/taint-xss
	w.Write([]byte(page))
	var buf bytes.Buffer
	buf.WriteString("<p>Hello, ")
	if c, err := r.Cookie("display_name"); err == nil {
		buf.WriteString(c.Value)
	}
	// ruleid: go/taint-xss
	w.Write(buf.Bytes())
}

func SharePage(w http.ResponseWriter, r *http.Request) {
	message := strings.TrimSpace(r.URL.Query().Get("msg"))
	sharePage.Execute(w, map[string]interface{}{
		// ok: go/taint-xss
		// ok: go/template-unescaped-content
		"Banner": template.HTML("<strong>Shared with you</strong>"),
		// ruleid: go/taint-xss
		// ruleid: go/template-unescaped-content
		"Message": template.HTML(message),
	})
	// ok: go/taint-xss
	sharePage.Execute(w, map[string]interface{}{"Message": message})
}

func MissingFile(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["name"]
	body := "<html><body><p>There is no file called " + name + ".</p></body></html>"
	w.WriteHeader(http.StatusNotFound)
	// ruleid: go/taint-xss
	io.WriteString(w, body)
	body = "<html><body><p>Not found.</p></body></html>"
	// ok: go/taint-xss
	io.WriteString(w, body)
}

type profile struct {
	Name string `json:"name"`
	Bio  string `json:"bio"`
}

func Profile(w http.ResponseWriter, r *http.Request) {
	var p profile
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
		return
	}
	fields := map[string]string{"name": p.Name, "site": "filevault"}
	// ok: go/taint-xss
	fmt.Fprintln(w, "<footer>"+fields["site"]+"</footer>")
	// ruleid: go/taint-xss
	fmt.Fprint(w, "<h2>"+fields["name"]+"</h2>")
	out, _ := json.Marshal(p)
	// JSON leaves `'`, so this ends the attribute; json.Marshal is taken as clean for the
	// whole bodies it usually writes, and this rarer case is missed.
	// ok: go/taint-xss
	fmt.Fprintf(w, "<div data-profile='%s'></div>", out)
	for _, line := range strings.Split(p.Bio, "\n") {
		// ruleid: go/taint-xss
		fmt.Fprintf(w, "<p>%s</p>", line)
	}
	if false {
		// ok: go/taint-xss
		fmt.Fprintf(w, "<p>%s</p>", p.Bio)
	}
	version, _ := exec.Command("git", "describe", p.Name).Output()
	// ok: go/taint-xss
	w.Write(version)
}

func ProfileJSON(w http.ResponseWriter, r *http.Request) {
	var p profile
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
		return
	}
	out, _ := json.Marshal(p)
	w.Header().Set("Content-Type", "application/json")
	// ok: go/taint-xss
	w.Write(out)
}

type note struct {
	Title string
	Body  string
}

func loadNote(id int) note {
	return note{Title: "welcome", Body: "<p>Welcome to filevault</p>"}
}

func ShowNote(w http.ResponseWriter, r *http.Request) {
	n := loadNote(1)
	// ok: go/taint-xss
	fmt.Fprintf(w, "<div>%s</div>", n.Body)
	// ruleid: go/taint-xss
	fmt.Fprintf(w, "<div>%s</div>", r.Header.Get("X-Note"))
}

func Exported(w http.ResponseWriter, r *http.Request) {
	warehouse := mux.Vars(r)["warehouse"]
	// ok: go/taint-xss
	fmt.Fprintf(w, "export written to %s.csv\n", warehouse)
	page := "<h1>" + warehouse + "</h1>"
	// ruleid: go/taint-xss
	fmt.Fprintf(w, "%s", page)
	// ruleid: go/taint-xss
	fmt.Fprintf(w, page)
}

func RawLog(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	// ok: go/taint-xss
	io.WriteString(w, r.URL.Query().Get("log"))
}
