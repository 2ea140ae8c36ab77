import socket
import ssl
import urllib.request


def open_feed(url: str, host: str):
    # ruleid: python/ssl-unverified-context
    ctx = ssl._create_unverified_context()
    body = urllib.request.urlopen(url, context=ctx).read()

    relaxed = ssl.create_default_context()
    # ruleid: python/ssl-unverified-context
    relaxed.check_hostname = False
    # ruleid: python/ssl-unverified-context
    relaxed.verify_mode = ssl.CERT_NONE

    raw = socket.create_connection((host, 443))
    # ruleid: python/ssl-unverified-context
    tls = ssl.wrap_socket(raw, cert_reqs=ssl.CERT_NONE)

    # ok: python/ssl-unverified-context
    strict = ssl.create_default_context(cafile="/etc/ssl/internal-ca.pem")
    # ok: python/ssl-unverified-context
    strict.verify_mode = ssl.CERT_REQUIRED
    # ok: python/ssl-unverified-context
    strict.check_hostname = True
    # ok: python/ssl-unverified-context
    wrapped = strict.wrap_socket(raw, server_hostname=host)
    return body, tls, wrapped
