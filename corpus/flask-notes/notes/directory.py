"""Staff directory lookups against the company LDAP server."""
import ldap
from ldap.filter import escape_filter_chars
from flask import Blueprint, current_app, jsonify, request

bp = Blueprint("directory", __name__, url_prefix="/directory")

ATTRIBUTES = ["uid", "cn", "mail", "title"]


def connect():
    conn = ldap.initialize(current_app.config["LDAP_URL"])
    conn.simple_bind_s(current_app.config["LDAP_BIND_DN"], current_app.config["LDAP_BIND_PASSWORD"])
    return conn


def entries(results):
    people = []
    for dn, attrs in results:
        people.append({"dn": dn, **{k: [v.decode() for v in vals] for k, vals in attrs.items()}})
    return people


@bp.get("/people")
def people():
    who = request.args.get("q", "")
    base = current_app.config["LDAP_BASE_DN"]
    search_filter = "(&(objectClass=person)(|(uid=%s)(cn=%s*)))" % (who, who)
    results = connect().search_s(base, ldap.SCOPE_SUBTREE, search_filter, ATTRIBUTES)
    return jsonify(entries(results))


@bp.get("/people/<uid>")
def person(uid):
    base = current_app.config["LDAP_BASE_DN"]
    search_filter = "(&(objectClass=person)(uid=%s))" % escape_filter_chars(uid)
    results = connect().search_s(base, ldap.SCOPE_SUBTREE, search_filter, ATTRIBUTES)
    return jsonify(entries(results))
