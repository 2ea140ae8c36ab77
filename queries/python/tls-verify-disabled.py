import httpx
import requests

CA_BUNDLE = "/etc/ssl/certs/internal-ca.pem"


def fetch_rates(base_url: str, api_key: str):
    # ruleid: python/tls-verify-disabled
    resp = requests.get(f"{base_url}/rates", headers={"X-Key": api_key}, verify=False)
    session = requests.Session()
    # ruleid: python/tls-verify-disabled
    session.verify = False
    # ruleid: python/tls-verify-disabled
    session.post(base_url + "/ack", json={"ok": True}, timeout=5, verify=False)
    # ruleid: python/tls-verify-disabled
    with httpx.Client(base_url=base_url, verify=False) as client:
        client.get("/health")
    # ok: python/tls-verify-disabled
    requests.get(f"{base_url}/rates", verify=CA_BUNDLE)
    # ok: python/tls-verify-disabled
    requests.post(base_url, json={}, verify=True)
    # ok: python/tls-verify-disabled
    signature.verify(resp.content)
    # ok: python/tls-verify-disabled
    options.verify_ssl = True
    return resp
