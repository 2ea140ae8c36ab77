"""Product catalogue: listing, search, product images."""
import os
import subprocess

from flask import Blueprint, abort, current_app, jsonify, request, send_file, send_from_directory

from . import get_db

bp = Blueprint("catalog", __name__, url_prefix="/products")

LIST_QUERIES = {
    "name": "SELECT id, name, price_cents FROM products WHERE active = ? ORDER BY name",
    "price": "SELECT id, name, price_cents FROM products WHERE active = ? ORDER BY price_cents",
    "new": "SELECT id, name, price_cents FROM products WHERE active = ? ORDER BY created_at DESC",
}


@bp.route("/")
def list_products():
    # The query text comes from the fixed table above; values are bound.
    query = LIST_QUERIES.get(request.args.get("sort", "name"), LIST_QUERIES["name"])
    rows = get_db().execute(query, (1,)).fetchall()
    return jsonify([dict(r) for r in rows])


@bp.route("/search")
def search():
    term = request.args.get("q", "")
    rows = get_db().execute(
        "SELECT id, name FROM products WHERE name LIKE ?", (f"%{term}%",)
    ).fetchall()
    return jsonify([dict(r) for r in rows])


@bp.route("/<int:product_id>/thumbnail", methods=["POST"])
def make_thumbnail(product_id):
    """Render a thumbnail of an uploaded product image with ImageMagick."""
    image = request.form["image"]
    size = current_app.config["THUMB_SIZE"]
    src = os.path.join(current_app.config["UPLOAD_DIR"], image)
    out = os.path.join(current_app.config["UPLOAD_DIR"], f"thumb_{product_id}.png")
    subprocess.run(f"convert {src} -thumbnail {size} {out}", shell=True, check=True)
    return jsonify({"thumbnail": os.path.basename(out)})


@bp.route("/<int:product_id>/image")
def product_image(product_id):
    row = get_db().execute("SELECT image FROM products WHERE id = ?", (product_id,)).fetchone()
    if row is None:
        abort(404)
    return send_from_directory(current_app.config["UPLOAD_DIR"], row["image"])


@bp.route("/manual")
def manual():
    """Download the PDF manual of a product."""
    return send_file(os.path.join(current_app.config["UPLOAD_DIR"], "manuals", request.args["file"]))


@bp.route("/<int:product_id>/optimize", methods=["POST"])
def optimize(product_id):
    row = get_db().execute("SELECT image FROM products WHERE id = ?", (product_id,)).fetchone()
    if row is None:
        abort(404)
    path = os.path.join(current_app.config["UPLOAD_DIR"], row["image"])
    # Arguments are passed as a list, no shell involved.
    subprocess.run(["optipng", "-o2", path], check=True)
    return "", 204
