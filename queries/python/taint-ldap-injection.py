import html
import re

from flask import Flask, request
from ldap.dn import escape_dn_chars
from ldap.filter import filter_format
from ldap3.utils.conv import escape_filter_chars

app = Flask(__name__)


@app.route("/people")
def people(connection):
    user = request.args.get("user")
    # ruleid: python/taint-ldap-injection
    connection.search("dc=example,dc=com", "(uid=" + user + ")")
    # ok: python/taint-ldap-injection
    connection.search("dc=example,dc=com", "(uid=%s)" % escape_filter_chars(user))
    # ok: python/taint-ldap-injection
    connection.search_s("dc=example,dc=com", 2, filter_format("(uid=%s)", [user]))
    # ok: python/taint-ldap-injection
    if not re.search(r"^[a-z]+$", user):
        return "bad"
    return "ok"


# Escapers for other contexts keep a filter's `*`, `(` and `)`.
@app.route("/members")
def members(connection):
    group = request.args.get("group")
    # ruleid: python/taint-ldap-injection
    connection.search("dc=example,dc=com", "(memberOf=cn=%s,ou=groups)" % escape_dn_chars(group))
    # ruleid: python/taint-ldap-injection
    connection.search("dc=example,dc=com", "(cn=" + html.escape(group) + ")")
    return "ok"


def directory(connection, uid):
    # ok: python/taint-ldap-injection
    connection.search("dc=example,dc=com", "(uid=" + uid + ")")
