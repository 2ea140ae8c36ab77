const crypto = require('crypto');
const md5 = require('md5');

function hashPassword(password) {
  // ruleid: javascript/weak-hash
  return crypto.createHash('md5').update(password).digest('hex');
}

function legacyToken(user) {
  // ruleid: javascript/weak-hash
  const h = crypto.createHash("sha1");
  h.update(user.id + ':' + user.email);
  return h.digest('base64');
}

function checkLogin(user, input) {
  // ruleid: javascript/weak-hash
  return user.passwordHash === md5(input.password);
}

function fineHashes(buf, alg, fileName) {
  // ok: javascript/weak-hash
  const digest = crypto.createHash('sha256').update(buf).digest('hex');
  // ok: javascript/weak-hash
  const other = crypto.createHash(alg);
  // ok: javascript/weak-hash
  const mac = crypto.createHmac('sha256', process.env.HMAC_KEY).update(buf).digest('hex');
  // ok: javascript/weak-hash
  const etag = md5(fileName);
  // ok: javascript/weak-hash
  const sha3 = crypto.createHash('sha3-512');
  return [digest, other, mac, etag, sha3];
}
