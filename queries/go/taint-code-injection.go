package handlers

import (
	"encoding/json"
	"html/template"
	"io"
	"net/http"

	"github.com/dop251/goja"
)

func Calc(w http.ResponseWriter, r *http.Request) {
	vm := goja.New()
	expr := r.FormValue("expr")
	// ruleid: go/taint-code-injection
	vm.RunString("var result = " + expr + ";")
	arg, _ := json.Marshal(expr)
	// ok: go/taint-code-injection
	vm.RunString("var result = format(" + string(arg) + ");")
	// ok: go/taint-code-injection
	vm.RunString("var result = 1 + 2;")
}

func Preview(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	// ruleid: go/taint-code-injection
	t, err := template.New("preview").Parse(string(body))
	if err != nil {
		return
	}
	t.Execute(w, nil)
	// ok: go/taint-code-injection
	fixed := template.Must(template.New("preview").Parse("<p>{{.}}</p>"))
	fixed.Execute(w, string(body))
	greeting := "Hello, " + r.URL.Query().Get("name")
	// ruleid: go/taint-code-injection
	template.New("greet").Funcs(template.FuncMap{}).Parse(greeting)
}
