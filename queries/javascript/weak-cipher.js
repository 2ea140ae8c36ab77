const crypto = require('crypto');
const { createDecipher } = require('crypto');

function encryptCookie(value, secret) {
  // ruleid: javascript/weak-cipher
  const cipher = crypto.createCipher('aes-256-cbc', secret);
  return cipher.update(value, 'utf8', 'hex') + cipher.final('hex');
}

function decryptCookie(value, secret) {
  // ruleid: javascript/weak-cipher
  const decipher = createDecipher('aes-256-cbc', secret);
  return decipher.update(value, 'hex', 'utf8') + decipher.final('utf8');
}

function legacyDes(key, iv, data) {
  // ruleid: javascript/weak-cipher
  const c = crypto.createCipheriv('des-ede3-cbc', key, iv);
  // ruleid: javascript/weak-cipher
  const e = crypto.createCipheriv('aes-128-ecb', key, null);
  return [c.update(data), e.update(data)];
}

function modern(key, data, algorithm) {
  const iv = crypto.randomBytes(12);
  // ok: javascript/weak-cipher
  const gcm = crypto.createCipheriv('aes-256-gcm', key, iv);
  // ok: javascript/weak-cipher
  const chosen = crypto.createCipheriv(algorithm, key, iv);
  // ok: javascript/weak-cipher
  const dec = crypto.createDecipheriv('chacha20-poly1305', key, iv, { authTagLength: 16 });
  // ok: javascript/weak-cipher
  const cbc = crypto.createCipheriv('aes-256-cbc', key, crypto.randomBytes(16));
  return [gcm.update(data), chosen, dec, cbc];
}
