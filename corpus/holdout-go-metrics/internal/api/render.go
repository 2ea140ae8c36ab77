package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

type renderRequest struct {
	Metric string `json:"metric"`
	Title  string `json:"title"`
	From   string `json:"from"`
	Color  string `json:"color"`
}

// RenderPanel draws one metric as a PNG with rrdtool, for the weekly e-mail
// reports. The image is served from /render/.
func (h *Handler) RenderPanel(w http.ResponseWriter, r *http.Request) {
	var req renderRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid JSON body")
		return
	}
	if req.From == "" {
		req.From = "-1w"
	}
	name := fmt.Sprintf("panel-%d.png", time.Now().UnixNano())
	var cmd strings.Builder
	cmd.WriteString("rrdtool graph " + filepath.Join(h.cfg.RenderDir, name))
	cmd.WriteString(" --start " + req.From)
	cmd.WriteString(fmt.Sprintf(" --title '%s'", req.Title))
	cmd.WriteString(" DEF:v=" + h.cfg.RRDDir + "/" + req.Metric + ".rrd:value:AVERAGE")
	cmd.WriteString(" LINE2:v#" + strings.TrimPrefix(req.Color, "#"))
	if err := exec.CommandContext(r.Context(), "sh", "-c", cmd.String()).Run(); err != nil {
		writeError(w, http.StatusInternalServerError, "render failed")
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"image": "/render/" + name})
}

// RenderSparkline draws the small inline graph shown next to each metric in
// the metric browser. Metrics are addressed by their numeric id.
func (h *Handler) RenderSparkline(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.URL.Query().Get("id"))
	if err != nil || id <= 0 {
		writeError(w, http.StatusBadRequest, "id must be a positive number")
		return
	}
	width, err := strconv.Atoi(r.URL.Query().Get("width"))
	if err != nil || width < 40 || width > 800 {
		width = 120
	}
	legend := r.URL.Query().Get("legend")
	name := fmt.Sprintf("spark-%d-%d.png", id, width)
	script := fmt.Sprintf("rrdtool graph %s --width %d --height 24 --only-graph DEF:v=%s/%d.rrd:value:AVERAGE LINE1:v#3366cc", filepath.Join(h.cfg.RenderDir, name), width, h.cfg.RRDDir, id)
	if err := exec.CommandContext(r.Context(), "sh", "-c", script).Run(); err != nil {
		writeError(w, http.StatusInternalServerError, "render failed")
		return
	}
	if false {
		// Left in for debugging the renderer locally; appends the legend text to a log.
		_ = exec.Command("sh", "-c", "echo "+legend+" >> "+h.cfg.RenderDir+"/debug.log").Run()
	}
	writeJSON(w, http.StatusOK, map[string]string{"image": "/render/" + name})
}
