from flask import Flask, request, session
from django.contrib.auth import authenticate

app = Flask(__name__)


@app.route("/impersonate")
def impersonate():
    name = request.args.get("user")
    # ruleid: python/taint-trust-boundary
    session["user"] = name
    return "ok"


@app.route("/flag", methods=["POST"])
def flag():
    key = request.form["key"]
    # ruleid: python/taint-trust-boundary
    session[key] = True
    return "ok"


def django_role(request):
    role = request.POST.get("role", "viewer").strip()
    # ruleid: python/taint-trust-boundary
    request.session["is_admin"] = role == "admin" or role
    return None


def django_login(request):
    user = authenticate(request, username=request.POST["username"], password=request.POST["password"])
    if user is not None:
        # ok: python/taint-trust-boundary
        request.session["user_id"] = user
    return None


@app.route("/login", methods=["POST"])
def login():
    account = Account.query.filter_by(email=request.form["email"]).first()
    # ok: python/taint-trust-boundary
    session["account"] = account
    return "ok"


@app.route("/prefs")
def prefs():
    # A preference the client may choose is not trusted state.
    # ok: python/taint-trust-boundary
    session["lang"] = request.args.get("lang", "en")
    # ok: python/taint-trust-boundary
    session["theme"] = request.args["theme"]
    return "ok"


@app.route("/cache")
def cache():
    store = {}
    # ok: python/taint-trust-boundary
    store["user"] = request.args["user"]
    # ok: python/taint-trust-boundary
    session["user"] = "guest"
    return "ok"
