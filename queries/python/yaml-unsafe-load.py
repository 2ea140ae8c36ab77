import json

import yaml


def import_fixture(upload):
    raw = upload.read()
    # ruleid: python/yaml-unsafe-load
    doc = yaml.load(raw)
    # ruleid: python/yaml-unsafe-load
    docs = list(yaml.load_all(raw, Loader=yaml.FullLoader))
    # ruleid: python/yaml-unsafe-load
    obj = yaml.unsafe_load(raw)
    # ruleid: python/yaml-unsafe-load
    legacy = yaml.load(raw, Loader=yaml.Loader)
    # ok: python/yaml-unsafe-load
    safe = yaml.safe_load(raw)
    # ok: python/yaml-unsafe-load
    safe2 = yaml.load(raw, Loader=yaml.SafeLoader)
    # ok: python/yaml-unsafe-load
    fast = yaml.load(raw, yaml.CSafeLoader)
    # ok: python/yaml-unsafe-load
    data = json.load(upload)
    # ok: python/yaml-unsafe-load
    text = yaml.dump(doc)
    return doc, docs, obj, legacy, safe, safe2, fast, data, text
