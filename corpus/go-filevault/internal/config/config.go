// Package config reads the operator's settings for filevault from the environment.
package config

import "os"

// Config holds server-side settings. Clients never choose any of these values.
type Config struct {
	ListenAddr     string
	DatabaseURL    string
	StorageRoot    string
	StaticDir      string
	ArchiveDir     string
	ScannerURL     string
	CleanupCommand string
	LDAPURL        string
	LDAPBaseDN     string
	LDAPBindDN     string
}

// Load reads the configuration, falling back to the defaults of the packaged install.
func Load() Config {
	return Config{
		ListenAddr:     getenv("FILEVAULT_ADDR", ":8080"),
		DatabaseURL:    os.Getenv("DATABASE_URL"),
		StorageRoot:    getenv("FILEVAULT_STORAGE", "/srv/filevault/data"),
		StaticDir:      getenv("FILEVAULT_STATIC", "/srv/filevault/static"),
		ArchiveDir:     getenv("FILEVAULT_ARCHIVES", "/srv/filevault/archives"),
		ScannerURL:     getenv("FILEVAULT_SCANNER_URL", "https://scanner.internal.example"),
		CleanupCommand: getenv("FILEVAULT_CLEANUP_CMD", "find /srv/filevault/data/trash -type f -mtime +30 -delete"),
		LDAPURL:        getenv("LDAP_URL", "ldaps://ldap.internal.example:636"),
		LDAPBaseDN:     getenv("LDAP_BASE_DN", "ou=people,dc=example,dc=com"),
		LDAPBindDN:     getenv("LDAP_BIND_DN", "cn=filevault,ou=services,dc=example,dc=com"),
	}
}

// LDAPBindSecret returns the service account's bind secret, which is only ever set in the environment.
func LDAPBindSecret() string {
	return os.Getenv("LDAP_BIND_SECRET")
}

func getenv(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}
