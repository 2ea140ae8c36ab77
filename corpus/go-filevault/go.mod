module github.com/acme/filevault

go 1.21

require (
	github.com/go-ldap/ldap/v3 v3.4.6
	github.com/gorilla/mux v1.8.1
	github.com/lib/pq v1.10.9
)
