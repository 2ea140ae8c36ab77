import os
import shutil
import uuid

from flask import Flask, abort, request
from werkzeug.utils import secure_filename

app = Flask(__name__)
UPLOAD_FOLDER = "/srv/uploads"
ALLOWED_EXTENSIONS = {"png", "jpg", "gif"}


def allowed_file(filename):
    return "." in filename and filename.rsplit(".", 1)[1].lower() in ALLOWED_EXTENSIONS


@app.route("/avatar", methods=["POST"])
def avatar():
    f = request.files["avatar"]
    # ruleid: python/taint-unrestricted-upload
    f.save(os.path.join(UPLOAD_FOLDER, secure_filename(f.filename)))
    return "ok"


@app.route("/document", methods=["POST"])
def document():
    upload = request.files["document"]
    name = os.path.basename(upload.filename)
    staged = "/tmp/staged"
    upload.save(staged)
    # ruleid: python/taint-unrestricted-upload
    shutil.move(staged, os.path.join(UPLOAD_FOLDER, name))
    return "ok"


@app.route("/checked", methods=["POST"])
def checked():
    f = request.files["file"]
    if not allowed_file(f.filename):
        abort(400)
    # ok: python/taint-unrestricted-upload
    f.save(os.path.join(UPLOAD_FOLDER, secure_filename(f.filename)))
    return "ok"


@app.route("/typed", methods=["POST"])
def typed():
    f = request.files["file"]
    if f.mimetype not in ("image/png", "image/jpeg"):
        abort(415)
    # ok: python/taint-unrestricted-upload
    f.save(os.path.join(UPLOAD_FOLDER, secure_filename(f.filename)))
    return "ok"


@app.route("/renamed", methods=["POST"])
def renamed():
    f = request.files["file"]
    # The server names the file: the client's name is not used.
    # ok: python/taint-unrestricted-upload
    f.save(os.path.join(UPLOAD_FOLDER, uuid.uuid4().hex + ".png"))
    return "ok"
