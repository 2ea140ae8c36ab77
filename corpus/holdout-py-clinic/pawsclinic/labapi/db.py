"""The lab bridge keeps runs and results in a local SQLite file."""
import sqlite3
from contextlib import contextmanager

from pawsclinic.config import LAB_DB_PATH


@contextmanager
def lab_db():
    conn = sqlite3.connect(LAB_DB_PATH)
    try:
        yield conn
        conn.commit()
    finally:
        conn.close()
