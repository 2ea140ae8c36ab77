package main

import (
	"database/sql"
	"log"
	"net/http"
	"time"

	_ "github.com/lib/pq"

	"github.com/acme/pulseboard/internal/api"
	"github.com/acme/pulseboard/internal/config"
)

func main() {
	cfg, err := config.FromEnv()
	if err != nil {
		log.Fatal(err)
	}
	db, err := sql.Open("postgres", cfg.DatabaseURL)
	if err != nil {
		log.Fatalf("open database: %v", err)
	}
	db.SetMaxOpenConns(20)
	db.SetConnMaxIdleTime(5 * time.Minute)

	h := api.New(db, cfg)

	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/query_range", h.QueryRange)
	mux.HandleFunc("GET /api/v1/downsample", h.Downsample)
	mux.HandleFunc("POST /api/v1/admin/delete_series", h.DeleteSeries)
	mux.HandleFunc("POST /api/v1/render", h.RenderPanel)
	mux.HandleFunc("GET /api/v1/sparkline", h.RenderSparkline)
	mux.HandleFunc("POST /api/v1/targets/probe", h.ProbeTarget)
	mux.HandleFunc("GET /api/v1/upstream/test", h.TestUpstream)
	mux.HandleFunc("GET /api/v1/remote_write/health", h.RemoteWriteHealth)
	mux.HandleFunc("GET /snapshots/download", h.DownloadSnapshot)
	mux.HandleFunc("GET /snapshots/thumbnail", h.SnapshotThumbnail)
	mux.HandleFunc("GET /silences/new", h.NewSilenceForm)
	mux.HandleFunc("POST /silences", h.CreateSilence)
	mux.HandleFunc("GET /alerts/ack", h.AckAlert)
	mux.HandleFunc("POST /alerts/filter", h.FilterAlerts)
	mux.Handle("/dashboards/", http.StripPrefix("/dashboards", h.DashboardRoutes()))
	mux.Handle("GET /render/", http.StripPrefix("/render/", http.FileServer(http.Dir(cfg.RenderDir))))

	srv := &http.Server{
		Addr:              cfg.ListenAddr,
		Handler:           mux,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	log.Printf("pulseboard listening on %s", cfg.ListenAddr)
	log.Fatal(srv.ListenAndServe())
}
