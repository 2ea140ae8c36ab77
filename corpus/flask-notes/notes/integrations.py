"""Integrations: link previews, feed import, backups, preferences, formulas and macros."""
import base64
import json
import pickle
import re
import urllib.request

import requests
import yaml
from flask import Blueprint, current_app, jsonify, request

from . import get_db
from .helpers import DEFAULT_PREFS

bp = Blueprint("integrations", __name__, url_prefix="/integrations")

TITLE_RE = re.compile(r"<title>(.*?)</title>", re.IGNORECASE | re.DOTALL)


@bp.post("/unfurl")
def unfurl():
    payload = request.get_json()
    resp = requests.get(payload["url"], timeout=5)
    match = TITLE_RE.search(resp.text)
    return jsonify({"title": match.group(1).strip() if match else None})


@bp.post("/import/feed")
def import_feed():
    source = request.headers.get("X-Feed-Source", "")
    host = source.strip().rstrip("/")
    feed_url = f"https://{host}/notes/feed.json"
    with urllib.request.urlopen(feed_url, timeout=10) as resp:
        items = json.load(resp)
    db = get_db()
    for item in items:
        db.execute("INSERT INTO notes (title, body, owner) VALUES (?, ?, ?)", (item["title"], item["body"], "feed"))
    db.commit()
    return jsonify({"imported": len(items)})


@bp.post("/import/yaml")
def import_yaml():
    upload = request.files["file"]
    items = yaml.safe_load(upload.read()) or []
    db = get_db()
    for item in items:
        db.execute("INSERT INTO notes (title, body, owner) VALUES (?, ?, ?)", (item["title"], item["body"], "import"))
    db.commit()
    requests.post(current_app.config["AUDIT_URL"], json={"event": "notes.import"}, timeout=5)
    return jsonify({"imported": len(items)})


@bp.post("/webhooks/check")
def check_webhooks():
    urls = {"custom": request.form.get("url", ""), "default": "https://hooks.internal/notes"}
    # Custom endpoints wait for an admin's approval; only the built-in one is contacted now.
    get_db().execute("INSERT INTO pending_webhooks (url) VALUES (?)", (urls["custom"],))
    get_db().commit()
    resp = requests.get(urls["default"], timeout=5)
    return jsonify({"default_status": resp.status_code})


@bp.get("/prefs")
def prefs():
    blob = request.cookies.get("prefs")
    if not blob:
        return jsonify(DEFAULT_PREFS)
    saved = pickle.loads(base64.b64decode(blob))
    return jsonify({**DEFAULT_PREFS, **saved})


@bp.post("/formula")
def evaluate_formula():
    expr = request.form["formula"]
    variables = {}
    for key, value in request.form.items():
        if key.startswith("var_"):
            variables[key[4:]] = float(value)
    result = eval(expr, {"__builtins__": {}}, variables)
    return jsonify({"value": result})


@bp.post("/formula/preview")
def preview_formula():
    expr = request.form.get("formula", "")
    if False:  # server-side evaluation stays off until formulas run in a sandbox
        return jsonify({"formula": expr, "value": eval(expr)})
    return jsonify({"formula": expr, "value": None})


@bp.post("/macros/run")
def run_macro():
    data = request.json
    name = data.get("name", "macro")
    body = data.get("body", "return note")
    source = "def " + name + "(note):\n"
    for line in body.splitlines():
        source += "    " + line + "\n"
    namespace = {}
    exec(source, namespace)
    note = dict(get_db().execute("SELECT id, title, body FROM notes WHERE id = ?", (data["note_id"],)).fetchone())
    return jsonify({"result": namespace[name](note)})
