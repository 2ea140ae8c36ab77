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
