package web

import (
	"net/http"

	"github.com/gorilla/sessions"
	"golang.org/x/crypto/bcrypt"
)

var store = sessions.NewCookieStore([]byte(key()))

func impersonate(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app")
	name := r.FormValue("user")
	// ruleid: go/taint-trust-boundary
	session.Values["user"] = name
	session.Save(r, w)
}

func flag(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app")
	// ruleid: go/taint-trust-boundary
	session.Values[r.URL.Query().Get("key")] = true
	session.Save(r, w)
}

func role(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app")
	// ruleid: go/taint-trust-boundary
	session.Values["isAdmin"] = r.Header.Get("X-Admin")
	session.Save(r, w)
}

func login(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app")
	user, err := users.FindByEmail(r.FormValue("email"))
	if err != nil || bcrypt.CompareHashAndPassword(user.Hash, []byte(r.FormValue("password"))) != nil {
		http.Error(w, "no", http.StatusUnauthorized)
		return
	}
	// ok: go/taint-trust-boundary
	session.Values["user"] = user.ID
	session.Save(r, w)
}

func prefs(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app")
	// A preference the client may choose is not trusted state.
	// ok: go/taint-trust-boundary
	session.Values["lang"] = r.FormValue("lang")
	// ok: go/taint-trust-boundary
	session.Values["user"] = "guest"
	cache := map[string]string{}
	// ok: go/taint-trust-boundary
	cache["user"] = r.FormValue("user")
	session.Save(r, w)
}
