import base64
import json
import marshal
import pickle

import jsonpickle


def restore_cart(request, redis_client):
    blob = request.cookies.get("cart")
    # ruleid: python/insecure-deserialization
    # ruleid: python/taint-unsafe-deserialization
    cart = pickle.loads(base64.b64decode(blob))
    # ruleid: python/insecure-deserialization
    # ruleid: python/taint-unsafe-deserialization
    prefs = pickle.load(request.files["prefs"])
    # ruleid: python/insecure-deserialization
    code = marshal.loads(redis_client.get("compiled"))
    # ruleid: python/insecure-deserialization
    # ruleid: python/taint-unsafe-deserialization
    profile = jsonpickle.decode(request.data)
    # ok: python/insecure-deserialization
    data = json.loads(blob)
    # ok: python/insecure-deserialization
    payload = pickle.dumps(cart)
    # ok: python/insecure-deserialization
    cfg = yaml_config.load(blob)
    # ok: python/insecure-deserialization
    token = jsonpickle.encode(profile)
    return cart, prefs, code, data, payload, cfg, token
