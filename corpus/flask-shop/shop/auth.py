"""Login, registration and password reset."""
import functools
import hashlib
import hmac
import secrets
import time

from flask import Blueprint, g, jsonify, request, session

from . import get_db

bp = Blueprint("auth", __name__, url_prefix="/auth")

def hash_password(password, salt):
    return hashlib.md5((salt + password).encode("utf-8")).hexdigest()


def avatar_url(email):
    # Gravatar addresses are MD5 fingerprints, not a security use.
    digest = hashlib.md5(email.strip().lower().encode(), usedforsecurity=False).hexdigest()
    return f"https://www.gravatar.com/avatar/{digest}"


def login_required(view):
    @functools.wraps(view)
    def wrapped(**kwargs):
        if g.get("user") is None:
            return jsonify({"error": "login required"}), 401
        return view(**kwargs)

    return wrapped


@bp.before_app_request
def load_user():
    user_id = session.get("user_id")
    g.user = None
    if user_id is not None:
        g.user = get_db().execute("SELECT * FROM users WHERE id = ?", (user_id,)).fetchone()


@bp.route("/login", methods=["POST"])
def login():
    email = request.form["email"]
    user = get_db().execute("SELECT * FROM users WHERE email = ?", (email,)).fetchone()
    if user is None or not hmac.compare_digest(
        user["password_hash"], hash_password(request.form["password"], user["salt"])
    ):
        return jsonify({"error": "invalid credentials"}), 401
    session.clear()
    session["user_id"] = user["id"]
    return jsonify({"ok": True})


@bp.route("/reset", methods=["POST"])
def request_reset():
    email = request.form["email"]
    reset_token = secrets.token_urlsafe(24)
    get_db().execute(
        "UPDATE users SET reset_token = ?, reset_sent_at = ? WHERE email = ?",
        (reset_token, int(time.time()), email),
    )
    get_db().commit()
    # (the e-mail with the link is sent by a background worker)
    return jsonify({"ok": True})


@bp.route("/reset/confirm", methods=["POST"])
def confirm_reset():
    token = request.form["token"]
    user = get_db().execute("SELECT * FROM users WHERE reset_token = ?", (token,)).fetchone()
    if user is None:
        return jsonify({"error": "invalid token"}), 400
    salt = user["salt"]
    get_db().execute(
        "UPDATE users SET password_hash = ?, reset_token = NULL WHERE id = ?",
        (hash_password(request.form["password"], salt), user["id"]),
    )
    get_db().commit()
    return jsonify({"ok": True})
