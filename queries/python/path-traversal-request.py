import os

from flask import Flask, request, send_file, send_from_directory
from werkzeug.utils import secure_filename

app = Flask(__name__)
UPLOAD_DIR = "/srv/shop/uploads"


@app.route("/invoice")
def invoice():
    # ruleid: python/path-traversal-request
    # ruleid: python/taint-path-traversal
    return send_file(os.path.join(UPLOAD_DIR, request.args["name"]))


@app.route("/notes")
def notes():
    # ruleid: python/path-traversal-request
    # ruleid: python/taint-path-traversal
    with open(f"{UPLOAD_DIR}/{request.args.get('file')}") as fh:
        return fh.read()


@app.route("/avatar", methods=["DELETE"])
def delete_avatar():
    # ruleid: python/path-traversal-request
    # ruleid: python/taint-path-traversal
    os.remove(UPLOAD_DIR + "/" + request.form["avatar"])
    return "", 204


@app.route("/download")
def download():
    # ok: python/path-traversal-request
    return send_from_directory(UPLOAD_DIR, request.args["name"])


@app.route("/safe-notes")
def safe_notes():
    # ok: python/path-traversal-request
    with open(os.path.join(UPLOAD_DIR, secure_filename(request.args["file"]))) as fh:
        body = fh.read()
    # ok: python/path-traversal-request
    with open(os.path.join(UPLOAD_DIR, "terms.txt")) as fh:
        body += fh.read()
    # ok: python/path-traversal-request
    upload = request.files["doc"].save(os.path.join(UPLOAD_DIR, "latest.pdf"))
    return body, upload
