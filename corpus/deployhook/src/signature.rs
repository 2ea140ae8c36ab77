//! Webhook payload signatures.
//!
//! Older Git hosts sign with `X-Hub-Signature: sha1=<hex>`; newer ones send
//! `X-Hub-Signature-256: sha256=<hex>` computed with HMAC-SHA256.

use hmac::{Hmac, Mac};
use sha1::{Digest, Sha1};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// Legacy scheme: sha1(secret || body), hex encoded.
pub fn legacy_digest(secret: &[u8], body: &[u8]) -> String {
    let mut h = Sha1::new();
    h.update(secret);
    h.update(body);
    hex::encode(h.finalize())
}

/// Current scheme: HMAC-SHA256 over the raw body.
pub fn hmac_sha256(secret: &[u8], body: &[u8]) -> String {
    let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC accepts any key length");
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

pub fn verify(secret: &[u8], body: &[u8], header: &str) -> bool {
    if let Some(hex_sig) = header.strip_prefix("sha256=") {
        return hmac_sha256(secret, body) == hex_sig;
    }
    if let Some(hex_sig) = header.strip_prefix("sha1=") {
        return legacy_digest(secret, body) == hex_sig;
    }
    false
}
