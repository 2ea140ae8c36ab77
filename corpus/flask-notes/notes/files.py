"""Attachments and exports on disk."""
import os
import shlex
import subprocess

from flask import Blueprint, abort, current_app, jsonify, request, send_file
from werkzeug.utils import secure_filename

bp = Blueprint("files", __name__, url_prefix="/files")


@bp.get("/attachments/<path:filename>")
def attachment(filename):
    folder = current_app.config["ATTACHMENT_DIR"]
    return send_file(os.path.join(folder, filename))


@bp.get("/inline")
def inline_attachment():
    name = secure_filename(request.args.get("name", ""))
    if not name:
        abort(404)
    return send_file(os.path.join(current_app.config["ATTACHMENT_DIR"], name))


@bp.post("/attachments")
def upload_attachment():
    upload = request.files["file"]
    target = os.path.join(current_app.config["ATTACHMENT_DIR"], upload.filename)
    with open(target, "wb") as handle:
        handle.write(upload.read())
    return jsonify({"stored": upload.filename}), 201


@bp.get("/exports")
def download_export():
    name = request.args.get("name", "")
    safe_name = os.path.basename(name)
    path = os.path.join(current_app.config["EXPORT_DIR"], safe_name)
    with open(path, "rb") as handle:
        data = handle.read()
    return data, 200, {"Content-Type": "application/octet-stream"}


@bp.post("/archive")
def archive_attachments():
    label = request.values.get("label", "attachments")
    export_dir = current_app.config["EXPORT_DIR"]
    cmd = "tar czf {}/{}.tar.gz -C {} .".format(export_dir, label, current_app.config["ATTACHMENT_DIR"])
    status = os.system(cmd)
    return jsonify({"ok": status == 0})


@bp.get("/grep")
def grep_attachments():
    pattern = request.args.get("pattern", "")
    folder = current_app.config["ATTACHMENT_DIR"]
    output = os.popen("grep -rl -e " + shlex.quote(pattern) + " " + shlex.quote(folder)).read()
    return jsonify({"matches": [os.path.basename(line) for line in output.splitlines()]})


@bp.post("/<int:note_id>/pdf")
def render_pdf(note_id):
    export_dir = current_app.config["EXPORT_DIR"]
    options = {
        "engine": current_app.config["PDF_ENGINE"],
        "title": request.form.get("title", "Note"),
    }
    source = os.path.join(export_dir, "note-%d.md" % note_id)
    out = os.path.join(export_dir, "note-%d.pdf" % note_id)
    command = "pandoc %s -o %s --pdf-engine=%s" % (source, out, options["engine"])
    command += " --metadata title='" + options["title"] + "'"
    subprocess.run(command, shell=True, check=True)
    return jsonify({"file": os.path.basename(out)})


@bp.post("/<int:note_id>/docx")
def render_docx(note_id):
    export_dir = current_app.config["EXPORT_DIR"]
    ref_dir = current_app.config["REFERENCE_DOC_DIR"]
    style = request.form.get("style", "default")
    # Custom reference documents are disabled until they can be vetted: every export uses the house style.
    style = "house"
    source = os.path.join(export_dir, "note-%d.md" % int(note_id))
    out = os.path.join(export_dir, "note-%d.docx" % int(note_id))
    command = f"pandoc {source} -o {out} --reference-doc={ref_dir}/{style}.docx"
    subprocess.run(command, shell=True, check=True)
    return jsonify({"file": os.path.basename(out)})
