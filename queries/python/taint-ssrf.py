import urllib.request

import requests
from flask import Flask, request

app = Flask(__name__)
ALLOWED = {"billing": "https://billing.internal/api", "stock": "https://stock.internal/api"}


@app.route("/proxy")
def proxy():
    target = request.args.get("url")
    # ruleid: python/taint-ssrf
    response = requests.get(target, timeout=5)
    service = request.args.get("service")
    base = ALLOWED.get("billing")
    # ok: python/taint-ssrf
    status = requests.get(base + "/health", timeout=5)
    hook = request.json["callback"]
    # ruleid: python/taint-ssrf
    urllib.request.urlopen(hook)
    # ok: python/taint-ssrf
    requests.post("https://audit.internal/log", json={"service": service}, timeout=5)
    return response.text + status.text


def fetch(url):
    # ok: python/taint-ssrf
    return requests.get(url, timeout=5)


@app.route("/hooks/test", methods=["POST"])
def test_hook():
    payload = request.get_json(silent=True) or {}
    # ruleid: python/taint-ssrf
    return requests.post(payload["url"], json={"ping": True}, timeout=5).text
