"""Usage reports, read from the reporting database through SQLAlchemy."""
from flask import Blueprint, current_app, jsonify, request
from sqlalchemy import create_engine, text

bp = Blueprint("reports", __name__, url_prefix="/reports")


def engine():
    if "reports_engine" not in current_app.extensions:
        current_app.extensions["reports_engine"] = create_engine(current_app.config["REPORTS_DATABASE_URL"])
    return current_app.extensions["reports_engine"]


@bp.get("/tags/<tag>")
def tag_activity(tag):
    label = tag.lower()
    sql = f"SELECT day, COUNT(*) AS edits FROM note_events WHERE tag = '{label}' GROUP BY day ORDER BY day"
    with engine().connect() as conn:
        rows = conn.execute(text(sql)).fetchall()
    return jsonify([{"day": str(day), "edits": edits} for day, edits in rows])


@bp.get("/authors")
def author_activity():
    author = request.args.get("author", "")
    with engine().connect() as conn:
        rows = conn.execute(text("SELECT day, COUNT(*) FROM note_events WHERE author = :author GROUP BY day"), {"author": author}).fetchall()
    return jsonify([{"day": str(day), "edits": edits} for day, edits in rows])
