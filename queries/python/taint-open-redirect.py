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
