import base64
import json
import pickle

import yaml
from flask import Flask, request

app = Flask(__name__)


@app.route("/cart")
def cart():
    raw = base64.b64decode(request.cookies.get("cart", ""))
    # ruleid: python/taint-unsafe-deserialization
    # ruleid: python/insecure-deserialization
    items = pickle.loads(raw)
    # ok: python/taint-unsafe-deserialization
    prefs = json.loads(request.cookies.get("prefs", "{}"))
    # ruleid: python/taint-unsafe-deserialization
    # ruleid: python/yaml-unsafe-load
    config = yaml.unsafe_load(request.data)
    # ok: python/taint-unsafe-deserialization
    safe = yaml.safe_load(request.data)
    # ruleid: python/taint-unsafe-deserialization
    # ruleid: python/yaml-unsafe-load
    loaded = yaml.load(request.data, Loader=yaml.Loader)
    # ok: python/taint-unsafe-deserialization
    checked = yaml.load(request.data, Loader=yaml.SafeLoader)
    return str((items, prefs, config, safe, loaded, checked))


def load_cache(path):
    with open(path, "rb") as handle:
        # ok: python/taint-unsafe-deserialization
        # ok: python/insecure-deserialization
        return pickle.load(handle)
