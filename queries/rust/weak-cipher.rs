use aes::Aes128;
use cipher::{BlockEncryptMut, KeyInit};
use des::TdesEde3;
use openssl::symm::{encrypt, Cipher};

pub struct Cipher2 {
    key: [u8; 32],
}

pub fn encrypt_cookie(key: &[u8], iv: &[u8], data: &[u8]) -> Vec<u8> {
    // ruleid: rust/weak-cipher
    encrypt(Cipher::des_ede3_cbc(), key, Some(iv), data).unwrap()
}

pub fn encrypt_blob(key: &[u8; 16], block: &mut [u8; 16]) {
    // ruleid: rust/weak-cipher
    let enc = ecb::Encryptor::<Aes128>::new(key.into());
    enc.encrypt_block_mut(block.into());
}

pub fn legacy_tdes(key: &[u8]) -> TdesEde3 {
    // ruleid: rust/weak-cipher
    TdesEde3::new_from_slice(key).unwrap()
}

pub fn stream(key: &[u8], data: &[u8]) -> Vec<u8> {
    // ruleid: rust/weak-cipher
    encrypt(openssl::symm::Cipher::rc4(), key, None, data).unwrap()
}

pub fn encrypt_safe(key: &[u8], iv: &[u8], data: &[u8]) -> Vec<u8> {
    // ok: rust/weak-cipher
    let c = Cipher::aes_256_gcm();
    // ok: rust/weak-cipher
    let cbc = Cipher::aes_128_cbc();
    // ok: rust/weak-cipher
    let gcm = aes_gcm::Aes256Gcm::new_from_slice(key).unwrap();
    // ok: rust/weak-cipher
    let mine = Cipher2 { key: [0u8; 32] };
    let _ = (cbc, gcm, mine.key);
    encrypt(c, key, Some(iv), data).unwrap()
}
