import hmac
import hashlib
import os

import jwt
from Crypto.Cipher import AES
from cryptography.fernet import Fernet


def encrypt(data, iv):
    # ruleid: python/hardcoded-crypto-key
    cipher = AES.new(b"0123456789abcdef", AES.MODE_CBC, iv)
    return cipher.encrypt(data)


def sign(message):
    # ruleid: python/hardcoded-crypto-key
    return hmac.new(b"webhook-signing-secret", message, hashlib.sha256).hexdigest()


def token(claims):
    # ruleid: python/hardcoded-crypto-key
    return jwt.encode(claims, "super-secret-jwt-key", algorithm="HS256")


# ruleid: python/hardcoded-crypto-key
box = Fernet(b"q2V0bd8rCwsVt2WdvF4g0WUbx8w6m3l2kGz1e0oQy6Q=")


def good(claims, message, data, iv):
    key = os.environ["APP_KEY"].encode()
    # ok: python/hardcoded-crypto-key
    cipher = AES.new(key, AES.MODE_GCM)
    # ok: python/hardcoded-crypto-key
    mac = hmac.new(key, message, hashlib.sha256)
    # ok: python/hardcoded-crypto-key
    return jwt.encode(claims, key, algorithm="HS256")
