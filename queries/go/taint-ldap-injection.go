package handlers

import (
	"fmt"
	"html"
	"net/http"
	"strings"

	"github.com/go-ldap/ldap/v3"
)

type Directory struct {
	baseDN string
	conn   *ldap.Conn
}

func (d *Directory) Lookup(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimSpace(r.URL.Query().Get("name"))
	filter := fmt.Sprintf("(&(objectClass=person)(|(cn=*%s*)(uid=%s)))", name, name)
	// ruleid: go/taint-ldap-injection
	req := ldap.NewSearchRequest(d.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 50, 10, false, filter, []string{"cn"}, nil)
	d.conn.Search(req)
	uid := ldap.EscapeFilter(strings.TrimSpace(r.URL.Query().Get("uid")))
	// ok: go/taint-ldap-injection
	member := ldap.NewSearchRequest(d.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 1, 10, false, "(&(objectClass=person)(uid="+uid+"))", []string{"cn"}, nil)
	d.conn.Search(member)
}

func (d *Directory) Group(w http.ResponseWriter, r *http.Request) {
	group := r.FormValue("group")
	// ruleid: go/taint-ldap-injection
	req := ldap.NewSearchRequest("ou="+group+","+d.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(objectClass=*)", nil, nil)
	d.conn.Search(req)
	escaped := "ou=" + ldap.EscapeDN(group) + "," + d.baseDN
	// ok: go/taint-ldap-injection
	req = ldap.NewSearchRequest(escaped, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(objectClass=*)", nil, nil)
	d.conn.Search(req)
	// ok: go/taint-ldap-injection
	req = ldap.NewSearchRequest(fmt.Sprintf("ou=%s,%s", ldap.EscapeDN(group), d.baseDN), ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(objectClass=*)", nil, nil)
	d.conn.Search(req)
	var parts []string
	for _, v := range r.Form["attr"] {
		parts = append(parts, "("+v+")")
	}
	all := "(&" + strings.Join(parts, "") + ")"
	// ruleid: go/taint-ldap-injection
	req = ldap.NewSearchRequest(d.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, all, nil, nil)
	d.conn.Search(req)
	kinds := map[string]string{"people": "(objectClass=person)", "groups": "(objectClass=group)"}
	kind, ok := kinds[r.URL.Query().Get("kind")]
	if !ok {
		return
	}
	// ok: go/taint-ldap-injection
	req = ldap.NewSearchRequest(d.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, kind, nil, nil)
	d.conn.Search(req)
}

// Escapers for other contexts keep a filter's `*`, `(` and `)`.
func (d *Directory) Member(w http.ResponseWriter, r *http.Request) {
	user := r.URL.Query().Get("user")
	// ruleid: go/taint-ldap-injection
	req := ldap.NewSearchRequest(d.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+ldap.EscapeDN(user)+")", nil, nil)
	d.conn.Search(req)
	dn := ldap.EscapeDN(user)
	// ruleid: go/taint-ldap-injection
	req = ldap.NewSearchRequest(d.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, fmt.Sprintf("(cn=%s)", dn), nil, nil)
	d.conn.Search(req)
	shown := html.EscapeString(user)
	// ruleid: go/taint-ldap-injection
	req = ldap.NewSearchRequest(d.baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(displayName="+shown+")", nil, nil)
	d.conn.Search(req)
}
