import html
from xml.sax.saxutils import escape

from flask import Flask, request
from ldap3.utils.conv import escape_filter_chars
from lxml import etree

app = Flask(__name__)
TREE = etree.parse("users.xml")


@app.route("/people")
def people():
    user = request.args.get("user")
    # ruleid: python/taint-xpath-injection
    nodes = TREE.xpath("//user[@name='" + user + "']")
    # ok: python/taint-xpath-injection
    safe = TREE.xpath("//user[@name=$name]", name=user)
    return str((nodes, safe))


# Entities for both quotes keep the value inside its literal; saxutils.escape and
# html.escape(quote=False) keep quotes, and an LDAP filter escaper keeps `'`.
@app.route("/owners")
def owners():
    owner = request.args.get("owner")
    # ok: python/taint-xpath-injection
    mine = TREE.xpath("//user[@owner='" + html.escape(owner) + "']")
    # ruleid: python/taint-xpath-injection
    kept = TREE.xpath("//user[@owner='" + html.escape(owner, quote=False) + "']")
    # ruleid: python/taint-xpath-injection
    sax = TREE.xpath("//user[@owner='%s']" % escape(owner))
    # ruleid: python/taint-xpath-injection
    theirs = TREE.xpath("//user[@owner='" + escape_filter_chars(owner) + "']")
    return str((mine, kept, sax, theirs))
