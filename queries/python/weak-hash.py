import hashlib
import hashlib as hl
import hmac
from hashlib import sha1 as fast_sha1

from Crypto.Hash import MD5, SHA256


def hash_password(password: str, salt: bytes) -> str:
    # ruleid: python/weak-hash
    return hashlib.md5(salt + password.encode()).hexdigest()


def sign(payload: bytes, key: bytes) -> str:
    # ruleid: python/weak-hash
    digest = hashlib.sha1(key + payload).hexdigest()
    # ruleid: python/weak-hash
    legacy = hashlib.new("md5", payload).hexdigest()
    # ruleid: python/weak-hash
    token = MD5.new(payload).hexdigest()
    # ok: python/weak-hash
    etag = hashlib.md5(payload, usedforsecurity=False).hexdigest()
    # ok: python/weak-hash
    strong = hashlib.sha256(key + payload).hexdigest()
    # ok: python/weak-hash
    mac = hmac.new(key, payload, hashlib.sha256).hexdigest()
    # ok: python/weak-hash
    other = hashlib.new("sha512", payload).hexdigest()
    # ok: python/weak-hash
    h = SHA256.new(payload).hexdigest()
    return digest, legacy, token, etag, strong, mac, other, h


def fingerprint(blob: bytes) -> str:
    # ruleid: python/weak-hash
    short = hl.md5(blob).hexdigest()
    # ruleid: python/weak-hash
    return short + fast_sha1(blob).hexdigest()


def md5(value):
    return value


def not_hashlib(blob: bytes):
    # ok: python/weak-hash
    return md5(blob)
