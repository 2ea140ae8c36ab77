import jinja2
from flask import Flask, render_template, render_template_string, request

app = Flask(__name__)
GREETING = "<h1>Hello {{ name }}</h1>"


@app.route("/hello")
def hello():
    name = request.args.get("name", "guest")
    # ruleid: python/template-injection
    return render_template_string(f"<h1>Hello {name}</h1>")


@app.route("/error")
def error_page():
    msg = request.args.get("msg", "")
    # ruleid: python/template-injection
    page = render_template_string("<p>Error: %s</p>" % msg)
    # ruleid: python/template-injection
    tpl = jinja2.Template("<p>" + msg + "</p>")
    # ruleid: python/template-injection
    other = app.jinja_env.from_string("<i>{}</i>".format(msg)).render()
    return page + tpl.render() + other


@app.route("/hello-safe")
def hello_safe():
    name = request.args.get("name", "guest")
    # ok: python/template-injection
    a = render_template_string("<h1>Hello {{ name }}</h1>", name=name)
    # ok: python/template-injection
    b = render_template_string(GREETING, name=name)
    # ok: python/template-injection
    c = render_template("hello.html", name=name)
    # ok: python/template-injection
    d = jinja2.Template("<p>{{ msg }}</p>").render(msg=name)
    return a + b + c + d
