import os
import shutil
import tempfile


def export_report(rows):
    # ruleid: python/insecure-tempfile
    path = tempfile.mktemp(suffix=".csv")
    with open(path, "w") as fh:
        fh.writelines(rows)
    # ruleid: python/insecure-tempfile
    scratch = tempfile.mktemp(dir="/tmp", prefix="report-")
    # ok: python/insecure-tempfile
    fd, safe_path = tempfile.mkstemp(suffix=".csv")
    # ok: python/insecure-tempfile
    with tempfile.NamedTemporaryFile("w", delete=False) as fh:
        fh.writelines(rows)
    # ok: python/insecure-tempfile
    with tempfile.TemporaryDirectory() as workdir:
        shutil.copy(safe_path, workdir)
    # ok: python/insecure-tempfile
    os.makedirs(tempfile.gettempdir(), exist_ok=True)
    os.close(fd)
    return path, scratch
