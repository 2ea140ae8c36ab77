import html
from xml.sax import saxutils

from flask import Flask, make_response, request
from markupsafe import Markup, escape

app = Flask(__name__)


@app.route("/hello")
def hello():
    name = request.args.get("name", "world")
    # ruleid: python/taint-xss
    return make_response("<h1>Hello " + name + "</h1>")


@app.route("/greet")
def greet():
    name = request.args.get("name", "world")
    # ok: python/taint-xss
    return make_response("<h1>Hello " + escape(name) + "</h1>")


@app.route("/banner")
def banner():
    text = request.form["banner"]
    # ruleid: python/taint-xss
    # ruleid: python/markup-xss
    return Markup(f"<div class='banner'>{text}</div>")


@app.route("/count")
def count():
    n = int(request.args.get("n", "0"))
    # ok: python/taint-xss
    return make_response(f"<p>{n} items</p>")


def footer(year):
    # ok: python/taint-xss
    # ruleid: python/markup-xss
    return Markup(f"<footer>{year}</footer>")


@app.route("/raw")
def raw():
    # ok: python/taint-xss
    return make_response(request.args["log"], 200, {"Content-Type": "text/plain"})


@app.route("/profile")
def profile():
    bio = request.args.get("bio", "")
    # ok: python/taint-xss
    return make_response('<input name="bio" value="' + html.escape(bio) + '">')


@app.route("/profile/edit")
def edit_profile():
    bio = request.args.get("bio", "")
    # quote=False leaves both quotes: `" autofocus onfocus="alert(1)` ends the attribute.
    # ruleid: python/taint-xss
    return make_response('<input name="bio" value="' + html.escape(bio, quote=False) + '">')


@app.route("/feed")
def feed():
    title = request.args.get("title", "")
    # ruleid: python/taint-xss
    return make_response("<item title='%s'/>" % saxutils.escape(title))
