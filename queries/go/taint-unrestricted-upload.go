package upload

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

const uploads = "/srv/app/static/uploads"

var allowed = map[string]bool{".png": true, ".jpg": true}

func Avatar(w http.ResponseWriter, r *http.Request) {
	file, header, err := r.FormFile("avatar")
	if err != nil {
		http.Error(w, "bad upload", http.StatusBadRequest)
		return
	}
	defer file.Close()
	// ruleid: go/taint-unrestricted-upload
	out, err := os.Create(filepath.Join(uploads, filepath.Base(header.Filename)))
	if err != nil {
		return
	}
	defer out.Close()
	io.Copy(out, file)
}

func Document(c *gin.Context) {
	file, err := c.FormFile("document")
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	// ruleid: go/taint-unrestricted-upload
	c.SaveUploadedFile(file, filepath.Join(uploads, filepath.Base(file.Filename)))
}

func Checked(w http.ResponseWriter, r *http.Request) {
	file, header, err := r.FormFile("avatar")
	if err != nil {
		return
	}
	defer file.Close()
	if !allowed[strings.ToLower(filepath.Ext(header.Filename))] {
		http.Error(w, "type not allowed", http.StatusUnsupportedMediaType)
		return
	}
	// ok: go/taint-unrestricted-upload
	out, err := os.Create(filepath.Join(uploads, filepath.Base(header.Filename)))
	if err != nil {
		return
	}
	defer out.Close()
	io.Copy(out, file)
}

func Renamed(c *gin.Context) {
	file, err := c.FormFile("avatar")
	if err != nil {
		return
	}
	// The server names the file.
	// ok: go/taint-unrestricted-upload
	c.SaveUploadedFile(file, filepath.Join(uploads, uuid.NewString()+".png"))
}
