package handlers

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"html/template"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"

	"github.com/gorilla/mux"

	"github.com/acme/inventory-svc/internal/auth"
	"github.com/acme/inventory-svc/internal/store"
)

const dataSheetDir = "/srv/inventory/datasheets"

var productPage = template.Must(template.New("product").Parse(`<!doctype html>
<html><head><title>{{.P.Name}}</title></head>
<body>
<h1>{{.P.Name}}</h1>
<div class="banner">{{.Banner}}</div>
<div class="desc">{{.Description}}</div>
<p>In stock: {{.P.Quantity}} ({{.P.Warehouse}})</p>
<form method="post"><input type="hidden" name="csrf" value="{{.CSRF}}"></form>
</body></html>`))

// Handlers groups the HTTP endpoints of the service.
type Handlers struct {
	products *store.ProductStore
	sessions *auth.SessionManager
}

func New(p *store.ProductStore, s *auth.SessionManager) *Handlers {
	return &Handlers{products: p, sessions: s}
}

func (h *Handlers) Login(w http.ResponseWriter, r *http.Request) {
	token, err := h.sessions.Login(r.Context(), r.FormValue("username"), r.FormValue("password"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	json.NewEncoder(w).Encode(map[string]string{"token": token})
}

func (h *Handlers) SearchProducts(w http.ResponseWriter, r *http.Request) {
	limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
	if limit <= 0 || limit > 100 {
		limit = 25
	}
	items, err := h.products.Search(r.Context(), r.URL.Query().Get("q"), r.URL.Query().Get("sort"), limit)
	if err != nil {
		http.Error(w, "search failed", http.StatusInternalServerError)
		return
	}
	json.NewEncoder(w).Encode(items)
}

// ProductPage renders the product detail page. Descriptions are written by
// suppliers and may contain markup.
func (h *Handlers) ProductPage(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(mux.Vars(r)["id"], 10, 64)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	p, err := h.products.Get(r.Context(), id)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	csrf := make([]byte, 16)
	if _, err := rand.Read(csrf); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	etag := sha256.Sum256([]byte(p.SKU + p.Description))
	w.Header().Set("ETag", hex.EncodeToString(etag[:8]))
	productPage.Execute(w, map[string]interface{}{
		"P":           p,
		"Banner":      template.HTML("<strong>Spring stock count in progress</strong>"),
		"Description": template.HTML(p.Description),
		"CSRF":        hex.EncodeToString(csrf),
	})
}

// DownloadAttachment streams a product data sheet (PDF) to the client.
func (h *Handlers) DownloadAttachment(w http.ResponseWriter, r *http.Request) {
	f, err := os.Open(filepath.Join(dataSheetDir, r.URL.Query().Get("file")))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", "application/pdf")
	io.Copy(w, f)
}

// ProductImage serves a thumbnail; the name is reduced to its base name first.
func (h *Handlers) ProductImage(w http.ResponseWriter, r *http.Request) {
	name := filepath.Base(r.URL.Query().Get("img"))
	http.ServeFile(w, r, filepath.Join(dataSheetDir, "img", name))
}
