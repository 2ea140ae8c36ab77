from flask import Flask, request
from ldap3.utils.conv import escape_filter_chars
from lxml import etree

app = Flask(__name__)
TREE = etree.parse("users.xml")


@app.route("/people")
def people(connection):
    user = request.args.get("user")
    # ruleid: python/taint-ldap-xpath-injection
    connection.search("dc=example,dc=com", "(uid=" + user + ")")
    # ok: python/taint-ldap-xpath-injection
    connection.search("dc=example,dc=com", "(uid=%s)" % escape_filter_chars(user))
    # ruleid: python/taint-ldap-xpath-injection
    nodes = TREE.xpath("//user[@name='" + user + "']")
    # ok: python/taint-ldap-xpath-injection
    safe = TREE.xpath("//user[@name=$name]", name=user)
    return str((nodes, safe))


def directory(connection, uid):
    # ok: python/taint-ldap-xpath-injection
    connection.search("dc=example,dc=com", "(uid=" + uid + ")")
