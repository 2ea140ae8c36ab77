module github.com/acme/pulseboard

go 1.22

require (
	github.com/go-chi/chi/v5 v5.0.12
	github.com/lib/pq v1.10.9
)
