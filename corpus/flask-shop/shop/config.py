"""Static configuration. Values that differ per deployment come from the environment."""
import os


class Config:
    # Session cookies are signed with this key.
    SECRET_KEY = "9f2c1e7a-shop-session-key-41d8"

    MAIL_SERVER = os.environ.get("MAIL_SERVER", "localhost")
    MAIL_USERNAME = os.environ.get("MAIL_USERNAME", "shop")
    MAIL_PASSWORD = os.environ.get("MAIL_PASSWORD", "")

    PAYMENT_API_URL = "https://payments.example.com/v2"
    PAYMENT_API_KEY = os.environ["PAYMENT_API_KEY"]

    UPLOAD_DIR = os.environ.get("UPLOAD_DIR", "/srv/shop/uploads")
    THUMB_SIZE = "256x256"
    RESET_TOKEN_TTL = 3600
