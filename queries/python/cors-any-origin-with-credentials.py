from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from flask import Flask
from flask_cors import CORS, cross_origin

app = Flask(__name__)
# ruleid: python/cors-any-origin-with-credentials
CORS(app, supports_credentials=True)
# ok: python/cors-any-origin-with-credentials
CORS(app, origins=["https://app.example.com"], supports_credentials=True)
# ok: python/cors-any-origin-with-credentials
CORS(app)


@app.route("/api/me")
# ruleid: python/cors-any-origin-with-credentials
@cross_origin(origins="*", supports_credentials=True)
def me():
    return {}


api = FastAPI()
# ruleid: python/cors-any-origin-with-credentials
api.add_middleware(CORSMiddleware, allow_origins=["*"], allow_credentials=True, allow_methods=["*"])
# ok: python/cors-any-origin-with-credentials
api.add_middleware(CORSMiddleware, allow_origins=["https://app.example.com"], allow_credentials=True)
# ok: python/cors-any-origin-with-credentials
api.add_middleware(CORSMiddleware, allow_origins=["*"], allow_methods=["GET"])
