import sqlite3

import pandas as pd
from sqlalchemy import text

ORDER_COLUMNS = {"date": "created_at", "total": "total_cents"}


def find_user(conn: sqlite3.Connection, username: str, status: str):
    cur = conn.cursor()
    # ruleid: python/sql-string-format
    cur.execute(f"SELECT id, email FROM users WHERE username = '{username}'")
    # ruleid: python/sql-string-format
    cur.execute("SELECT * FROM orders WHERE status = '%s'" % status)
    # ruleid: python/sql-string-format
    cur.execute("DELETE FROM sessions WHERE user = '" + username + "' AND expired = 1")
    # ruleid: python/sql-string-format
    rows = cur.executemany("INSERT INTO audit (who) VALUES ('{}')".format(username), [])
    # ruleid: python/sql-string-format
    result = session.execute(text(f"UPDATE users SET last_seen = now() WHERE name = '{username}'"))
    # ruleid: python/sql-string-format
    frame = pd.read_sql(
        """
        SELECT * FROM payments WHERE account = %s
        """ % username,
        conn,
    )
    # ok: python/sql-string-format
    cur.execute("SELECT id, email FROM users WHERE username = ?", (username,))
    # ok: python/sql-string-format
    cur.execute("SELECT * FROM orders WHERE status = %(status)s", {"status": status})
    # ok: python/sql-string-format
    cur.execute("SELECT id FROM users " "ORDER BY id")
    # ok: python/sql-string-format
    cur.execute("SELECT id FROM users " + "WHERE active = 1")
    # ok: python/sql-string-format
    session.execute(text("SELECT * FROM users WHERE name = :name"), {"name": username})
    # ok: python/sql-string-format
    executor.execute(f"resize {username}")
    # ok: python/sql-string-format
    logger.info(f"SELECT for {username} took too long")
    return rows, result, frame


def search_products(cur, term, category):
    query = f"SELECT id, name FROM products WHERE name LIKE '%{term}%'"
    if category:
        query += " AND category_id = 3"
    # ruleid: python/sql-string-format
    cur.execute(query)
    sql = "SELECT * FROM reviews WHERE product = %s" % term
    # ruleid: python/sql-string-format
    reviews = cur.execute(sql)
    return reviews


def list_orders(cur, sort_key):
    column = ORDER_COLUMNS.get(sort_key, "created_at")
    query = "SELECT id, total_cents FROM orders WHERE user_id = %s"
    # ok: python/sql-string-format
    cur.execute(query, (sort_key,))
    label = f"orders sorted by {column}"
    # ok: python/sql-string-format
    cur.execute(label)
    return cur.fetchall()
