"""Where documents live on disk."""
import os

STORAGE_ROOT = os.environ.get("DOCSTORE_ROOT", "/srv/docstore")


def storage_path(doc_id):
    """The file of a stored document, named by its numeric id."""
    return os.path.join(STORAGE_ROOT, "%08d.bin" % int(doc_id))


def ensure_root():
    os.makedirs(STORAGE_ROOT, exist_ok=True)
