"""Flask application factory and database helpers for the notes service."""
import os
import sqlite3

from flask import Flask, current_app, g


def get_db():
    """The request's SQLite connection, opened on first use."""
    if "db" not in g:
        g.db = sqlite3.connect(current_app.config["DATABASE"])
        g.db.row_factory = sqlite3.Row
    return g.db


def close_db(exc=None):
    db = g.pop("db", None)
    if db is not None:
        db.close()


def create_app(test_config=None):
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_object("notes.config.Config")
    app.config.setdefault("DATABASE", os.path.join(app.instance_path, "notes.db"))
    if test_config is not None:
        app.config.update(test_config)
    os.makedirs(app.instance_path, exist_ok=True)

    app.teardown_appcontext(close_db)

    from . import directory, files, integrations, notes, reports

    for module in (notes, files, integrations, directory, reports):
        app.register_blueprint(module.bp)
    return app
