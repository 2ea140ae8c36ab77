"""Deployment settings shared by the Django site and the lab bridge, read from the environment."""
import os

DATA_ROOT = os.environ.get("PAWS_DATA_ROOT", "/srv/pawsclinic")
CERT_DIR = os.path.join(DATA_ROOT, "certificates")
XRAY_DIR = os.path.join(DATA_ROOT, "xray")
DICOM_DIR = os.path.join(DATA_ROOT, "dicom")
EXPORT_DIR = os.path.join(DATA_ROOT, "exports")
BACKUP_DIR = os.path.join(DATA_ROOT, "backups")

LAB_DB_PATH = os.environ.get("PAWS_LAB_DB", os.path.join(DATA_ROOT, "lab.sqlite3"))
LABEL_PRINTER = os.environ.get("PAWS_LABEL_PRINTER", "zebra-front")

# Reference labs we send samples to; the bridge only ever talks to these.
REFERENCE_LABS = {
    "idexx": "https://orders.idexx.example/api",
    "antech": "https://lab.antech.example/api",
    "uni": "https://vetdiag.university.example/api",
}
