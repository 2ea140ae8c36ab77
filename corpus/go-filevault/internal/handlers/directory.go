package handlers

import (
	"fmt"
	"log"
	"net/http"
	"strings"

	"github.com/go-ldap/ldap/v3"

	"github.com/acme/filevault/internal/config"
)

var personAttributes = []string{"cn", "mail", "uid"}

// DirectoryLookup finds colleagues to share files with: /directory?name=<part of a name or user id>.
func (s *Server) DirectoryLookup(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimSpace(r.URL.Query().Get("name"))
	filter := fmt.Sprintf("(&(objectClass=person)(|(cn=*%s*)(uid=%s)))", name, name)
	req := ldap.NewSearchRequest(s.cfg.LDAPBaseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 50, 10, false, filter, personAttributes, nil)
	s.searchDirectory(w, req)
}

// MemberLookup resolves one exact user id for the share dialog: /directory/member?uid=<user id>.
func (s *Server) MemberLookup(w http.ResponseWriter, r *http.Request) {
	uid := ldap.EscapeFilter(strings.TrimSpace(r.URL.Query().Get("uid")))
	req := ldap.NewSearchRequest(s.cfg.LDAPBaseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 1, 10, false, "(&(objectClass=person)(uid="+uid+"))", personAttributes, nil)
	s.searchDirectory(w, req)
}

// searchDirectory binds with the service account, runs the search and writes the people found as JSON.
func (s *Server) searchDirectory(w http.ResponseWriter, req *ldap.SearchRequest) {
	conn, err := ldap.DialURL(s.cfg.LDAPURL)
	if err != nil {
		log.Printf("ldap dial: %v", err)
		http.Error(w, "directory unavailable", http.StatusBadGateway)
		return
	}
	defer conn.Close()
	if err := conn.Bind(s.cfg.LDAPBindDN, config.LDAPBindSecret()); err != nil {
		log.Printf("ldap bind: %v", err)
		http.Error(w, "directory unavailable", http.StatusBadGateway)
		return
	}
	res, err := conn.Search(req)
	if err != nil {
		log.Printf("ldap search: %v", err)
		http.Error(w, "directory search failed", http.StatusBadGateway)
		return
	}
	people := make([]map[string]string, 0, len(res.Entries))
	for _, e := range res.Entries {
		people = append(people, map[string]string{
			"name": e.GetAttributeValue("cn"),
			"mail": e.GetAttributeValue("mail"),
			"uid":  e.GetAttributeValue("uid"),
		})
	}
	writeJSON(w, people)
}
