// Package config reads the server settings from the environment.
package config

import (
	"errors"
	"os"
	"strings"
)

// Config holds the server-side settings of pulseboard.
type Config struct {
	ListenAddr      string
	DatabaseURL     string
	SnapshotDir     string
	RenderDir       string
	RRDDir          string
	AlertmanagerURL string
}

// FromEnv builds the configuration from PULSE_* environment variables.
func FromEnv() (*Config, error) {
	c := &Config{
		ListenAddr:      getenv("PULSE_LISTEN_ADDR", ":9300"),
		DatabaseURL:     os.Getenv("PULSE_DATABASE_URL"),
		SnapshotDir:     getenv("PULSE_SNAPSHOT_DIR", "/var/lib/pulseboard/snapshots"),
		RenderDir:       getenv("PULSE_RENDER_DIR", "/var/cache/pulseboard/render"),
		RRDDir:          getenv("PULSE_RRD_DIR", "/var/lib/pulseboard/rrd"),
		AlertmanagerURL: strings.TrimRight(os.Getenv("PULSE_ALERTMANAGER_URL"), "/"),
	}
	if c.DatabaseURL == "" {
		return nil, errors.New("PULSE_DATABASE_URL must be set")
	}
	if c.AlertmanagerURL == "" {
		return nil, errors.New("PULSE_ALERTMANAGER_URL must be set")
	}
	return c, nil
}

func getenv(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}
