import os

from Crypto.Cipher import AES, DES, PKCS1_OAEP, PKCS1_v1_5
from Crypto.Signature import pkcs1_15
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM


def legacy(key, data, public_key):
    # ruleid: python/weak-cipher
    des = DES.new(key[:8], DES.MODE_CBC)
    # ruleid: python/weak-cipher
    ecb = AES.new(key, AES.MODE_ECB)
    # ruleid: python/weak-cipher
    fixed = AES.new(key, AES.MODE_CBC, b"0123456789abcdef")
    # ruleid: python/weak-cipher
    named = AES.new(key, AES.MODE_CBC, iv=b"0123456789abcdef")
    # ruleid: python/weak-cipher
    rsa = PKCS1_v1_5.new(public_key)
    return des, ecb, fixed, named, rsa


def hazmat(key, data, public_key):
    # ruleid: python/weak-cipher
    triple = Cipher(algorithms.TripleDES(key), modes.CBC(os.urandom(8)))
    # ruleid: python/weak-cipher
    blocks = Cipher(algorithms.AES(key), modes.ECB())
    # ruleid: python/weak-cipher
    static = Cipher(algorithms.AES(key), modes.CBC(b"\x00" * 16))
    # ruleid: python/weak-cipher
    wrapped = public_key.encrypt(data, padding.PKCS1v15())
    return triple, blocks, static, wrapped


def modern(key, data, public_key, private_key, nonce):
    # ok: python/weak-cipher
    gcm = AES.new(key, AES.MODE_GCM)
    # ok: python/weak-cipher
    cbc = Cipher(algorithms.AES(key), modes.CBC(os.urandom(16)))
    # ok: python/weak-cipher
    sealed = AESGCM(key).encrypt(os.urandom(12), data, None)
    # ok: python/weak-cipher
    oaep = PKCS1_OAEP.new(public_key)
    # Signatures with PKCS#1 v1.5 are sound.
    # ok: python/weak-cipher
    signature = private_key.sign(data, padding.PKCS1v15(), None)
    # ok: python/weak-cipher
    signer = pkcs1_15.new(private_key)
    # ok: python/weak-cipher
    given = AES.new(key, AES.MODE_CTR, nonce=nonce)
    return gcm, cbc, sealed, oaep, signature, signer, given
