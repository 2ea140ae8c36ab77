package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/mux"
)

func Logout(w http.ResponseWriter, r *http.Request) {
	next := r.URL.Query().Get("next")
	if next == "" {
		next = "/"
	}
	// ruleid: go/taint-open-redirect
	http.Redirect(w, r, next, http.StatusFound)
}

func Login(w http.ResponseWriter, r *http.Request) {
	back := r.FormValue("return_to")
	// ruleid: go/taint-open-redirect
	w.Header().Set("Location", back)
	w.WriteHeader(http.StatusSeeOther)
	// ok: go/taint-open-redirect
	w.Header().Set("Content-Type", back)
	// ok: go/taint-open-redirect
	http.Redirect(w, r, "/login?next="+url.QueryEscape(back), http.StatusFound)
}

func CreateShare(w http.ResponseWriter, r *http.Request) {
	fileID, err := strconv.Atoi(r.FormValue("file_id"))
	if err != nil {
		return
	}
	// ok: go/taint-open-redirect
	http.Redirect(w, r, "/shares/"+strconv.Itoa(fileID)+"/settings", http.StatusSeeOther)
	targets := map[string]string{
		"back": r.FormValue("return_to"),
		"home": "/files",
	}
	// ok: go/taint-open-redirect
	http.Redirect(w, r, targets["home"], http.StatusSeeOther)
	// ruleid: go/taint-open-redirect
	http.Redirect(w, r, targets["back"], http.StatusSeeOther)
}

func Bounce(w http.ResponseWriter, r *http.Request) {
	dest := mux.Vars(r)["dest"]
	dest = "/home"
	// ok: go/taint-open-redirect
	http.Redirect(w, r, dest, http.StatusFound)
	sites := map[string]string{"docs": "https://docs.example.com", "blog": "https://blog.example.com"}
	site, ok := sites[r.URL.Query().Get("site")]
	if !ok {
		site = "/"
	}
	// ok: go/taint-open-redirect
	http.Redirect(w, r, site, http.StatusFound)
	target := "https://" + r.Header.Get("X-Forwarded-Host") + "/welcome"
	// ruleid: go/taint-open-redirect
	w.Header().Add("Location", target)
}

func Search(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	page := url.QueryEscape(r.URL.Query().Get("page"))
	// QueryEscape leaves no `/` or `:`: a whole target is a page of this site.
	// ok: go/taint-open-redirect
	http.Redirect(w, r, page, http.StatusFound)
	// ok: go/taint-open-redirect
	http.Redirect(w, r, fmt.Sprintf("/search?q=%s&page=1", url.QueryEscape(q)), http.StatusFound)
	// ok: go/taint-open-redirect
	http.Redirect(w, r, "/files/"+url.PathEscape(q), http.StatusFound)
	// PathEscape keeps `:`: on an https page, `http:evil.com` goes to the host evil.com.
	// ruleid: go/taint-open-redirect
	http.Redirect(w, r, url.PathEscape(q), http.StatusFound)
	// ruleid: go/taint-open-redirect
	http.Redirect(w, r, "https://"+url.QueryEscape(q)+".example.com/", http.StatusFound)
	// ruleid: go/taint-open-redirect
	http.Redirect(w, r, fmt.Sprintf("https://%s/", url.QueryEscape(q)), http.StatusFound)
}

func GinLogout(c *gin.Context) {
	// ruleid: go/taint-open-redirect
	c.Redirect(http.StatusFound, c.Query("next"))
	// ok: go/taint-open-redirect
	c.Redirect(http.StatusFound, "/")
}
