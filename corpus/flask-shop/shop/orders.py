"""Shopping cart, order history and checkout."""
import base64
import json
import pickle

import requests
from flask import Blueprint, current_app, g, jsonify, make_response, request

from . import get_db
from .auth import login_required

bp = Blueprint("orders", __name__, url_prefix="/orders")
cart_bp = Blueprint("cart", __name__, url_prefix="/cart")

CART_COOKIE = "cart"


@bp.route("/")
@login_required
def history():
    status = request.args.get("status", "paid")
    rows = get_db().execute(
        f"SELECT id, total_cents, status FROM orders WHERE user_id = {g.user['id']} AND status = '{status}'"
    ).fetchall()
    return jsonify([dict(r) for r in rows])


@bp.route("/<int:order_id>")
@login_required
def detail(order_id):
    row = get_db().execute(
        "SELECT id, user_id, total_cents, status, address FROM orders WHERE id = ?", (order_id,)
    ).fetchone()
    if row is None:
        return jsonify({"error": "not found"}), 404
    return jsonify(dict(row))


@bp.route("/checkout", methods=["POST"])
@login_required
def checkout():
    total = int(request.form["total_cents"])
    cur = get_db().execute(
        "INSERT INTO orders (user_id, total_cents, status) VALUES (?, ?, 'pending')",
        (g.user["id"], total),
    )
    resp = requests.post(
        current_app.config["PAYMENT_API_URL"] + "/charges",
        json={"amount": total, "order": cur.lastrowid},
        headers={"Authorization": "Bearer " + current_app.config["PAYMENT_API_KEY"]},
        timeout=10,
        verify=False,
    )
    resp.raise_for_status()
    get_db().execute("UPDATE orders SET status = 'paid' WHERE id = ?", (cur.lastrowid,))
    get_db().commit()
    return jsonify({"order_id": cur.lastrowid}), 201


def load_cart():
    raw = request.cookies.get(CART_COOKIE)
    if not raw:
        return {}
    return pickle.loads(base64.b64decode(raw))


def load_wishlist():
    raw = request.cookies.get("wishlist")
    if not raw:
        return []
    # JSON cannot carry objects, so this is fine to read from the client.
    return json.loads(base64.b64decode(raw))


@cart_bp.route("/", methods=["GET"])
def show_cart():
    return jsonify(load_cart())


@cart_bp.route("/add", methods=["POST"])
def add_to_cart():
    cart = load_cart()
    product_id = str(int(request.form["product_id"]))
    cart[product_id] = cart.get(product_id, 0) + max(1, int(request.form.get("qty", 1)))
    resp = make_response(jsonify(cart))
    resp.set_cookie(CART_COOKIE, base64.b64encode(pickle.dumps(cart)).decode(), httponly=True)
    return resp
