package handlers

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/alessio/shellescape"
	"github.com/gorilla/mux"
)

type Tools struct {
	root    string
	cleanup string
}

func (t *Tools) Thumbnail(w http.ResponseWriter, r *http.Request) {
	name := r.PostFormValue("name")
	src := filepath.Join(t.root, "uploads", name)
	cmd := "convert " + src + " -thumbnail 256x256 " + src + ".png"
	// ruleid: go/taint-command-injection
	// ruleid: go/exec-shell-injection
	exec.Command("sh", "-c", cmd).Run()
	// ok: go/taint-command-injection
	exec.Command("convert", src, "-thumbnail", "256x256", src+".png").Run()
	quoted := "convert " + shellescape.Quote(src) + " out.png"
	// ok: go/taint-command-injection
	// ok: go/exec-shell-injection
	exec.Command("sh", "-c", quoted).Run()
}

func (t *Tools) Extract(w http.ResponseWriter, r *http.Request) {
	tool := strings.ToLower(strings.TrimSpace(r.Header.Get("X-Extractor")))
	if tool == "" {
		tool = "pdftotext"
	}
	// ruleid: go/taint-command-injection
	// ruleid: go/exec-non-literal-program
	out, _ := exec.CommandContext(r.Context(), tool, "-").Output()
	w.Write(out)

	extractors := map[string]string{"pdf": "/usr/bin/pdftotext", "doc": "/usr/bin/antiword"}
	prog, ok := extractors[r.URL.Query().Get("format")]
	if !ok {
		return
	}
	// ok: go/taint-command-injection
	// ok: go/exec-non-literal-program
	exec.Command(prog, "-").Run()

	chosen := r.URL.Query().Get("tool")
	chosen = "pdftotext"
	// ok: go/taint-command-injection
	// ok: go/exec-non-literal-program
	exec.Command(chosen, "-").Run()
}

func (t *Tools) Archive(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		return
	}
	line := "tar -czf /tmp/out.tgz"
	for _, name := range r.Form["file"] {
		line += " " + name
	}
	// ruleid: go/taint-command-injection
	// ruleid: go/exec-shell-injection
	exec.Command("/bin/sh", "-c", line).Run()

	var args []string
	args = append(args, "-czf", "/tmp/out.tgz")
	for _, name := range r.Form["file"] {
		args = append(args, name)
	}
	// ok: go/taint-command-injection
	exec.Command("tar", args...).Run()
}

func (t *Tools) Render(w http.ResponseWriter, r *http.Request) {
	pages, err := strconv.Atoi(r.URL.Query().Get("pages"))
	if err != nil {
		pages = 1
	}
	id, err := strconv.ParseInt(mux.Vars(r)["id"], 10, 64)
	if err != nil {
		return
	}
	script := fmt.Sprintf("pdftoppm -png -l %d /blobs/%d", pages, id)
	// ok: go/taint-command-injection
	// ok: go/exec-shell-injection
	exec.Command("sh", "-c", script).Run()
	steps := []string{"echo", mux.Vars(r)["step"]}
	// ruleid: go/taint-command-injection
	// ruleid: go/exec-shell-injection
	exec.Command("bash", "-c", strings.Join(steps, " ")).Run()

	var b strings.Builder
	b.WriteString("gzip ")
	b.WriteString(r.FormValue("file"))
	// ruleid: go/taint-command-injection
	// ruleid: go/exec-shell-injection
	exec.CommandContext(context.Background(), "sh", "-c", b.String()).Run()
	if false {
		// ok: go/taint-command-injection
		// ok: go/exec-shell-injection
		exec.Command("sh", "-c", "rm -rf "+r.FormValue("dir")).Run()
	}
}

func (t *Tools) Cleanup(w http.ResponseWriter, r *http.Request) {
	log.Printf("cleanup requested, reason %q", r.FormValue("reason"))
	// ok: go/taint-command-injection
	// ok: go/exec-shell-injection
	exec.Command("sh", "-c", t.cleanup).Run()
}

func (t *Tools) Hook(w http.ResponseWriter, r *http.Request) {
	var hook interface{} = r.FormValue("hook")
	switch v := hook.(type) {
	case string:
		// ruleid: go/taint-command-injection
		// ruleid: go/exec-shell-injection
		exec.Command("sh", "-c", v).Run()
	}
}
