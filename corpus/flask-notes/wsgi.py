"""WSGI entry point: gunicorn wsgi:app"""
from notes import create_app

app = create_app()
