"""HTTP API of the document store."""
import ast
import os
import sqlite3
import subprocess

import requests
from fastapi import FastAPI, Request

from docstore.storage import STORAGE_ROOT, storage_path

app = FastAPI()
DB_PATH = os.environ.get("DOCSTORE_DB", "docstore.db")
MIRRORS = {"eu": "https://eu.mirror.internal", "us": "https://us.mirror.internal"}


def db():
    return sqlite3.connect(DB_PATH)


@app.get("/documents/{doc_id}")
def get_document(doc_id: int):
    cur = db().cursor()
    cur.execute("SELECT title, owner, path FROM documents WHERE id = ?", (doc_id,))
    return cur.fetchone()


@app.get("/search")
def search(owner: str, tag: str = ""):
    cur = db().cursor()
    clauses = ["owner = '" + owner + "'"]
    params = []
    if tag:
        clauses.append("tag = ?")
        params.append(tag)
    sql = "SELECT id, title FROM documents WHERE " + " AND ".join(clauses)
    cur.execute(sql, params)
    return cur.fetchall()


@app.get("/titles")
def titles(prefix: str):
    cur = db().cursor()
    cur.execute("SELECT id, title FROM documents WHERE title LIKE ?", (prefix + "%",))
    return cur.fetchall()


@app.get("/preview/{doc_id}")
def preview(doc_id: int, pages: str = "1"):
    path = storage_path(doc_id)
    result = subprocess.run(["pdftotext", "-l", pages, path, "-"], capture_output=True)
    return {"text": result.stdout.decode(errors="replace")}


@app.post("/convert")
async def convert(request: Request):
    form = await request.form()
    name = form.get("name", "upload.docx")
    target = form.get("format", "pdf")
    command = f"soffice --headless --convert-to {target} {name}"
    subprocess.run(command, shell=True, cwd=STORAGE_ROOT)
    return {"status": "converted"}


@app.get("/attachments")
def attachment(name: str):
    full = os.path.join(STORAGE_ROOT, "attachments", name)
    with open(full, "rb") as handle:
        return handle.read()


@app.get("/thumbnails")
def thumbnail(name: str):
    safe_name = os.path.basename(name)
    with open(os.path.join(STORAGE_ROOT, "thumbs", safe_name), "rb") as handle:
        return handle.read()


@app.post("/webhooks/test")
async def test_webhook(request: Request):
    payload = await request.json()
    callback = payload["callback_url"]
    response = requests.post(callback, json={"ping": True}, timeout=5)
    return {"status": response.status_code}


@app.get("/mirrors/{region}/status")
def mirror_status(region: str):
    base = MIRRORS.get("eu")
    if region == "us":
        base = MIRRORS.get("us")
    response = requests.get(base + "/status", timeout=5)
    return {"region": region, "status": response.status_code}


@app.get("/stats")
def stats(expr: str = "count"):
    totals = {"count": 120, "size": 4096}
    value = ast.literal_eval(str(totals.get(expr, 0)))
    return {"value": value}


@app.get("/report")
def report(formula: str):
    totals = {"count": 120, "size": 4096}
    return {"value": eval(formula, {}, totals)}
