"""Configuration. Everything that differs per deployment comes from the environment."""
import os


class Config:
    SECRET_KEY = os.environ.get("NOTES_SECRET_KEY")

    DATA_DIR = os.environ.get("NOTES_DATA_DIR", "/srv/notes")
    ATTACHMENT_DIR = os.path.join(DATA_DIR, "attachments")
    EXPORT_DIR = os.path.join(DATA_DIR, "exports")
    REFERENCE_DOC_DIR = os.path.join(DATA_DIR, "reference-docs")
    PDF_ENGINE = "xelatex"

    REPORTS_DATABASE_URL = os.environ.get("NOTES_REPORTS_DB", "sqlite:////srv/notes/reports.db")

    LDAP_URL = os.environ.get("NOTES_LDAP_URL", "ldaps://ldap.internal")
    LDAP_BASE_DN = os.environ.get("NOTES_LDAP_BASE_DN", "ou=people,dc=example,dc=com")
    LDAP_BIND_DN = os.environ.get("NOTES_LDAP_BIND_DN")
    LDAP_BIND_PASSWORD = os.environ.get("NOTES_LDAP_BIND_PASSWORD")

    AUDIT_URL = os.environ.get("NOTES_AUDIT_URL", "https://audit.internal/events")
