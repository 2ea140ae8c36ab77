package handlers

import (
	"html"
	"net/http"

	"github.com/antchfx/xmlquery"
	"github.com/go-ldap/ldap/v3"
)

type Catalog struct {
	doc *xmlquery.Node
}

func (c *Catalog) Books(w http.ResponseWriter, r *http.Request) {
	title := r.URL.Query().Get("title")
	// ruleid: go/taint-xpath-injection
	xmlquery.Find(c.doc, "//book[title='"+title+"']")
	// ok: go/taint-xpath-injection
	xmlquery.Find(c.doc, "//book[@available='yes']")
	// ok: go/taint-xpath-injection
	xmlquery.Find(c.doc, "//book[title='"+html.EscapeString(title)+"']")
	// An LDAP filter escaper keeps `'`: the value still closes the literal.
	// ruleid: go/taint-xpath-injection
	xmlquery.FindOne(c.doc, "//book[author='"+ldap.EscapeFilter(r.URL.Query().Get("author"))+"']")
}
