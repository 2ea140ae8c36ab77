package views

import (
	"html"
	"html/template"
	"net/http"
)

type Page struct {
	Title string
	Body  template.HTML
	Notes template.HTML
}

// RenderProduct renders a product description supplied by the vendor portal.
func RenderProduct(w http.ResponseWriter, r *http.Request, t *template.Template, desc string) {
	p := Page{
		Title: r.FormValue("title"),
		// ruleid: go/template-unescaped-content
		Body: template.HTML(desc),
		// ruleid: go/template-unescaped-content
		// ruleid: go/taint-xss
		Notes: template.HTML("<p>" + r.FormValue("notes") + "</p>"),
	}
	// ruleid: go/template-unescaped-content
	// ruleid: go/taint-xss
	onload := template.JS(r.URL.Query().Get("cb"))
	_ = onload
	t.Execute(w, p)
}

func RenderStatic(w http.ResponseWriter, t *template.Template, desc string) {
	p := Page{
		// ok: go/template-unescaped-content
		Body: template.HTML("<strong>Out of stock</strong>"),
		// ok: go/template-unescaped-content
		Notes: template.HTML(html.EscapeString(desc)),
	}
	// ok: go/template-unescaped-content
	esc := template.HTMLEscapeString(desc)
	// ok: go/template-unescaped-content
	tmpl := template.Must(template.New("p").Parse(esc))
	_ = tmpl
	t.Execute(w, p)
}
