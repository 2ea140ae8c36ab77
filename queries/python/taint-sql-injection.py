import sqlite3

from flask import Flask, request

app = Flask(__name__)


@app.route("/users")
def users():
    name = request.args.get("name")
    db = sqlite3.connect("app.db")
    cur = db.cursor()
    query = "SELECT * FROM users WHERE name = '" + name + "'"
    # ruleid: python/taint-sql-injection
    # ruleid: python/sql-string-format
    cur.execute(query)
    # ok: python/taint-sql-injection
    cur.execute("SELECT * FROM users WHERE name = ?", (name,))
    # ruleid: python/taint-sql-injection
    # ruleid: python/sql-string-format
    cur.execute(f"SELECT * FROM users WHERE id = {request.args['id']}")
    user_id = int(request.args.get("id"))
    # ok: python/taint-sql-injection
    # ok: python/sql-string-format
    cur.execute("SELECT * FROM users WHERE id = %d" % user_id)
    name = "admin"
    # ok: python/taint-sql-injection
    # ok: python/sql-string-format
    cur.execute("SELECT * FROM users WHERE name = '%s'" % name)
    return "ok"


@app.route("/orders/<order_id>")
def order(order_id):
    db = sqlite3.connect("app.db")
    sql = "SELECT * FROM orders WHERE id = {}".format(order_id)
    # ruleid: python/taint-sql-injection
    # ruleid: python/sql-string-format
    db.execute(sql)


def report(request, cursor):
    filters = {}
    filters["owner"] = request.GET["owner"]
    filters["kind"] = "invoice"
    kind = filters["kind"]
    # ok: python/taint-sql-injection
    # ok: python/sql-string-format
    cursor.execute("SELECT * FROM docs WHERE kind = '%s'" % kind)
    owner = filters["owner"]
    # ruleid: python/taint-sql-injection
    # ruleid: python/sql-string-format
    cursor.execute("SELECT * FROM docs WHERE owner = '%s'" % owner)
    if False:
        # ok: python/taint-sql-injection
        # ok: python/sql-string-format
        cursor.execute("DELETE FROM docs WHERE owner = '" + owner + "'")
    parts = []
    parts.append(request.GET.get("q"))
    # ruleid: python/taint-sql-injection
    cursor.execute(" AND ".join(parts))


def offline(cursor, name):
    # ok: python/taint-sql-injection
    # ruleid: python/sql-string-format
    cursor.execute("SELECT * FROM users WHERE name = '" + name + "'")
