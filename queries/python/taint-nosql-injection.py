import json

from bson import ObjectId
from flask import Flask, request

app = Flask(__name__)
db = app.config["MONGO"].shop


@app.post("/login")
def login():
    body = request.get_json()
    # ruleid: python/taint-nosql-injection
    user = db.users.find_one({"email": body["email"], "password": body["password"]})
    return {"ok": user is not None}


@app.post("/orders/search")
def search():
    orders_collection = db["orders"]
    # ruleid: python/taint-nosql-injection
    rows = list(orders_collection.find(json.loads(request.data)))
    # ruleid: python/taint-nosql-injection
    more = list(db.orders.find({"$where": "this.total > " + request.json["min"]}))
    return {"rows": rows + more}


@app.get("/users")
def users():
    # ok: python/taint-nosql-injection
    by_name = db.users.find_one({"name": request.args["name"]})
    body = request.get_json()
    # ok: python/taint-nosql-injection
    by_id = db.users.find_one({"_id": ObjectId(body["id"]), "email": str(body["email"])})
    return {"a": by_name, "b": by_id}
