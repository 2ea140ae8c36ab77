"""Notes: listing, search, preview and editing."""
import html

from flask import Blueprint, abort, jsonify, make_response, redirect, render_template, request, url_for
from markupsafe import Markup, escape

from . import get_db
from .helpers import RETURN_PAGES, SORT_COLUMNS, rows_to_dicts

bp = Blueprint("notes", __name__, url_prefix="/notes")


def load_note(note_id):
    row = get_db().execute("SELECT id, title, body, owner FROM notes WHERE id = ?", (note_id,)).fetchone()
    if row is None:
        abort(404)
    return row


@bp.get("/")
def list_notes():
    # Only column names from the fixed table reach the SQL text.
    column = SORT_COLUMNS.get(request.args.get("sort", "updated"), "updated_at")
    sql = "SELECT id, title, updated_at FROM notes WHERE archived = 0 ORDER BY " + column + " DESC"
    rows = get_db().execute(sql).fetchall()
    return jsonify(rows_to_dicts(rows))


@bp.get("/recent")
def recent():
    limit = int(request.args.get("limit", "20"))
    sql = "SELECT id, title, updated_at FROM notes ORDER BY updated_at DESC LIMIT %d" % limit
    rows = get_db().execute(sql).fetchall()
    return jsonify(rows_to_dicts(rows))


@bp.get("/by-owner")
def by_owner():
    owner = request.args["owner"]
    rows = get_db().execute("SELECT id, title FROM notes WHERE owner = ? ORDER BY title", (owner,)).fetchall()
    return jsonify(rows_to_dicts(rows))


@bp.get("/search")
def search():
    term = request.args.get("q", "").strip()
    order = request.args.get("order", "updated_at")
    sql = "SELECT id, title FROM notes WHERE title LIKE '%" + term + "%'"
    if request.args.get("archived") != "1":
        sql += " AND archived = 0"
    sql += " ORDER BY " + order
    rows = get_db().execute(sql).fetchall()
    return jsonify(rows_to_dicts(rows))


@bp.get("/<int:note_id>")
def show(note_id):
    return render_template("note.html", note=load_note(note_id), label="")


@bp.get("/<int:note_id>/highlight")
def highlight(note_id):
    note = load_note(note_id)
    word = request.args.get("w", "")
    badge = "<mark class='hl'>{}</mark>".format(word.lower())
    return render_template("note.html", note=note, label=Markup(badge))


@bp.get("/<int:note_id>/tagged")
def tagged(note_id):
    note = load_note(note_id)
    tag = request.args.get("tag", "")
    badge = "<span class='tag'>%s</span>" % escape(tag)
    return render_template("note.html", note=note, label=Markup(badge))


@bp.post("/preview")
def preview():
    title = request.form.get("title", "Untitled")
    body = request.form.get("body", "")
    parts = ["<article><h1>", title, "</h1>"]
    for paragraph in body.split("\n\n"):
        parts.append("<p>" + paragraph.strip() + "</p>")
    parts.append("</article>")
    response = make_response("".join(parts))
    response.headers["Content-Type"] = "text/html; charset=utf-8"
    return response


@bp.get("/title-card")
def title_card():
    title = request.args.get("title", "Untitled")
    card = "<div class='card'><h2>" + html.escape(title) + "</h2></div>"
    response = make_response(card)
    response.headers["Content-Type"] = "text/html; charset=utf-8"
    return response


@bp.post("/<int:note_id>")
def save(note_id):
    db = get_db()
    db.execute("UPDATE notes SET title = ?, body = ? WHERE id = ?", (request.form["title"], request.form["body"], note_id))
    db.commit()
    target = request.form.get("return_to", "")
    if not target:
        target = url_for("notes.show", note_id=note_id)
    return redirect(target)


@bp.post("/<int:note_id>/archive")
def archive(note_id):
    db = get_db()
    db.execute("UPDATE notes SET archived = 1 WHERE id = ?", (note_id,))
    db.commit()
    destination = RETURN_PAGES.get(request.form.get("next", "list"), "/notes/")
    return redirect(destination)
