import os

from flask import Flask, request, send_file
from werkzeug.utils import secure_filename

app = Flask(__name__)
UPLOADS = "/srv/uploads"


@app.route("/download")
def download():
    name = request.args.get("file")
    path = os.path.join(UPLOADS, name)
    # ruleid: python/taint-path-traversal
    return send_file(path)


@app.route("/view")
def view():
    name = request.args.get("file")
    safe = os.path.join(UPLOADS, os.path.basename(name))
    # ok: python/taint-path-traversal
    with open(safe) as handle:
        text = handle.read()
    # ruleid: python/taint-path-traversal
    with open(UPLOADS + "/" + name) as handle:
        text += handle.read()
    return text


@app.route("/delete", methods=["POST"])
def delete():
    upload = request.files["doc"]
    filename = secure_filename(upload.filename)
    # ok: python/taint-path-traversal
    os.remove(os.path.join(UPLOADS, filename))
    # ruleid: python/taint-path-traversal
    # ruleid: python/path-traversal-request
    os.remove(os.path.join(UPLOADS, request.form["old"]))
    return "ok"


def rotate(log_name):
    # ok: python/taint-path-traversal
    os.remove(os.path.join("/var/log/app", log_name))
