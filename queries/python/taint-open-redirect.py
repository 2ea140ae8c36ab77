from urllib.parse import quote

from flask import Flask, redirect, request, url_for

app = Flask(__name__)


@app.route("/login", methods=["POST"])
def login():
    target = request.args.get("next", "/")
    # ruleid: python/taint-open-redirect
    return redirect(target)


@app.route("/logout")
def logout():
    # ok: python/taint-open-redirect
    return redirect(url_for("index", lang=request.args.get("lang")))


@app.route("/go/<page>")
def go(page):
    pages = {"home": "/", "docs": "/docs"}
    # ok: python/taint-open-redirect
    return redirect(pages["home"])


def after_save():
    # ok: python/taint-open-redirect
    return redirect("/saved")


@app.route("/search")
def search():
    q = request.args.get("q", "")
    # ok: python/taint-open-redirect
    return redirect("/search/results?q=" + quote(q))


@app.route("/search/page")
def search_page():
    q = request.args.get("q", "")
    # ok: python/taint-open-redirect
    return redirect(f"/search/results?q={quote(q)}&page=2")


@app.route("/bounce")
def bounce():
    # quote keeps `/`: `//evil.com` is still another site.
    # ruleid: python/taint-open-redirect
    return redirect(quote(request.args.get("to", "/")))


@app.route("/bounce/strict")
def bounce_strict():
    # ok: python/taint-open-redirect
    return redirect(quote(request.args.get("to", ""), safe=""))


@app.route("/partner")
def partner():
    site = request.args.get("site", "")
    # ruleid: python/taint-open-redirect
    return redirect("https://" + quote(site) + "/welcome")
