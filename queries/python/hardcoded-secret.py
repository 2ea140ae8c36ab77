import os

from flask import Flask
import psycopg2

app = Flask(__name__)

# ruleid: python/hardcoded-secret
SECRET_KEY = "s3cr3t-flask-key-2019"
# ruleid: python/hardcoded-secret
STRIPE_API_KEY = 'sk_live_51HfakeKEYfake00'
# ruleid: python/hardcoded-secret
app.config.secret_key = "dev-9f8a7c6b"


class Settings:
    # ruleid: python/hardcoded-secret
    def __init__(self, host: str = "localhost", db_password: str = "Pa55word!"):
        self.host = host
        self.db_password = db_password


def connect():
    # ruleid: python/hardcoded-secret
    return psycopg2.connect(host="db", user="shop", password="hunter2", dbname="shop")


DEFAULTS = {
    "timeout": "30",
    # ruleid: python/hardcoded-secret
    "api_token": "ghp_0123456789abcdefghij",
}

# ok: python/hardcoded-secret
ADMIN_PASSWORD = os.environ["ADMIN_PASSWORD"]
# ok: python/hardcoded-secret
password = ""
# ok: python/hardcoded-secret
API_KEY = "changeme"
# ok: python/hardcoded-secret
token_type = "bearer"
# ok: python/hardcoded-secret
PASSWORD_RESET_URL = "https://shop.example.com/reset"
# ok: python/hardcoded-secret
client_secret = f"{os.environ['CLIENT_SECRET']}"
# ok: python/hardcoded-secret
form_field = {"password": "<your password>"}
# ok: python/hardcoded-secret
secret_key = os.getenv("SECRET_KEY", "")
# ok: python/hardcoded-secret
DB_PASSWORD = "${DB_PASSWORD}"
# ok: python/hardcoded-secret
API_KEY_HEADER = {"api_key": "X-Api-Key"}
# ok: python/hardcoded-secret
CSRF = {"token": "csrf_token"}
