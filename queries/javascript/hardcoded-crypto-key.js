const crypto = require('crypto');
const jwt = require('jsonwebtoken');

function issue(user) {
  // ruleid: javascript/hardcoded-crypto-key
  return jwt.sign({ sub: user.id }, 'super-secret-jwt-key', { expiresIn: '1h' });
}

function check(token) {
  // ruleid: javascript/hardcoded-crypto-key
  return jwt.verify(token, 'super-secret-jwt-key');
}

function signWebhook(body) {
  // ruleid: javascript/hardcoded-crypto-key
  return crypto.createHmac('sha256', 'webhook-signing-secret').update(body).digest('hex');
}

function encrypt(data, iv) {
  // ruleid: javascript/hardcoded-crypto-key
  const cipher = crypto.createCipheriv('aes-128-cbc', Buffer.from('0123456789abcdef'), iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

function good(user, body, iv) {
  // ok: javascript/hardcoded-crypto-key
  const token = jwt.sign({ sub: user.id }, process.env.JWT_SECRET);
  // ok: javascript/hardcoded-crypto-key
  const mac = crypto.createHmac('sha256', config.webhookSecret).update(body).digest('hex');
  // ok: javascript/hardcoded-crypto-key
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(process.env.KEY, 'hex'), iv);
  return [token, mac, cipher];
}
