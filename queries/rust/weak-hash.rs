use md5::{Digest as _, Md5};
use openssl::hash::{hash, MessageDigest};
use sha1::Sha1;
use sha2::{Digest, Sha256};

pub struct Md5Cache {
    entries: Vec<String>,
}

impl Md5Cache {
    pub fn new() -> Self {
        Md5Cache { entries: Vec::new() }
    }
}

pub fn password_fingerprint(password: &str) -> String {
    // ruleid: rust/weak-hash
    let digest = md5::compute(password.as_bytes());
    format!("{:x}", digest)
}

pub fn sign_payload(key: &[u8], body: &[u8]) -> Vec<u8> {
    // ruleid: rust/weak-hash
    let mut h = Sha1::new();
    h.update(key);
    h.update(body);
    h.finalize().to_vec()
}

pub fn session_id(seed: &[u8]) -> Vec<u8> {
    // ruleid: rust/weak-hash
    let out = Md5::digest(seed);
    out.to_vec()
}

pub fn openssl_digest(data: &[u8]) -> Vec<u8> {
    // ruleid: rust/weak-hash
    hash(MessageDigest::sha1(), data).unwrap().to_vec()
}

pub fn legacy_ring(data: &[u8]) -> ring::digest::Digest {
    // ruleid: rust/weak-hash
    ring::digest::digest(&ring::digest::SHA1_FOR_LEGACY_USE_ONLY, data)
}

pub fn strong(data: &[u8]) -> Vec<u8> {
    // ok: rust/weak-hash
    let mut h = Sha256::new();
    h.update(data);
    // ok: rust/weak-hash
    let cache = Md5Cache::new();
    // ok: rust/weak-hash
    let d = hash(MessageDigest::sha256(), data).unwrap();
    // ok: rust/weak-hash
    let r = ring::digest::digest(&ring::digest::SHA256, data);
    let _ = (cache.entries.len(), d, r);
    h.finalize().to_vec()
}
