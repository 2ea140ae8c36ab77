package handlers

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/antchfx/xmlquery"
	"github.com/go-ldap/ldap/v3"
)

type Directory struct {
	baseDN string
	conn   *ldap.Conn
	doc    *xmlquery.Node
}

func (d *Directory) Lookup(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimSpace(r.URL.Query().Get("name"))
	filter := fmt.Sprintf("(&(objectClass=person)(|(cn=*%s*)(uid=%s)))", name, name)
	// ruleid: go/taint-ldap-xpath-injection
	req := ldap.NewSearchRequest(d.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 50, 10, false, filter, []string{"cn"}, nil)
	d.conn.Search(req)
	uid := ldap.EscapeFilter(strings.TrimSpace(r.URL.Query().Get("uid")))
	// ok: go/taint-ldap-xpath-injection
	member := ldap.NewSearchRequest(d.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 1, 10, false, "(&(objectClass=person)(uid="+uid+"))", []string{"cn"}, nil)
	d.conn.Search(member)
}

func (d *Directory) Group(w http.ResponseWriter, r *http.Request) {
	group := r.FormValue("group")
	// ruleid: go/taint-ldap-xpath-injection
	req := ldap.NewSearchRequest("ou="+group+","+d.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(objectClass=*)", nil, nil)
	d.conn.Search(req)
	escaped := "ou=" + ldap.EscapeDN(group) + "," + d.baseDN
	// ok: go/taint-ldap-xpath-injection
	req = ldap.NewSearchRequest(escaped, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(objectClass=*)", nil, nil)
	d.conn.Search(req)
	var parts []string
	for _, v := range r.Form["attr"] {
		parts = append(parts, "("+v+")")
	}
	all := "(&" + strings.Join(parts, "") + ")"
	// ruleid: go/taint-ldap-xpath-injection
	req = ldap.NewSearchRequest(d.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, all, nil, nil)
	d.conn.Search(req)
	kinds := map[string]string{"people": "(objectClass=person)", "groups": "(objectClass=group)"}
	kind, ok := kinds[r.URL.Query().Get("kind")]
	if !ok {
		return
	}
	// ok: go/taint-ldap-xpath-injection
	req = ldap.NewSearchRequest(d.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, kind, nil, nil)
	d.conn.Search(req)
}

func (d *Directory) Catalog(w http.ResponseWriter, r *http.Request) {
	title := r.URL.Query().Get("title")
	// ruleid: go/taint-ldap-xpath-injection
	xmlquery.Find(d.doc, "//book[title='"+title+"']")
	// ok: go/taint-ldap-xpath-injection
	xmlquery.Find(d.doc, "//book[@available='yes']")
}
