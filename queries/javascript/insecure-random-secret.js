const crypto = require('crypto');

function createReset(user) {
  // ruleid: javascript/insecure-random-secret
  const resetToken = Math.random().toString(36).substring(2);
  // ruleid: javascript/insecure-random-secret
  user.verificationCode = Math.floor(100000 + Math.random() * 900000);
  return resetToken;
}

function generateApiKey() {
  let out = '';
  for (let i = 0; i < 32; i++) out += 'abcdef0123456789'[Math.floor(Math.random() * 16)];
  // ruleid: javascript/insecure-random-secret
  return out + Math.random().toString(16).slice(2);
}

function session() {
  // ruleid: javascript/insecure-random-secret
  return { sid: Date.now().toString(36) + Math.random().toString(36), createdAt: Date.now() };
}

function fine(items) {
  // ok: javascript/insecure-random-secret
  const token = crypto.randomBytes(32).toString('hex');
  // ok: javascript/insecure-random-secret
  const delay = Math.random() * 1000;
  // ok: javascript/insecure-random-secret
  const pick = items[Math.floor(Math.random() * items.length)];
  // ok: javascript/insecure-random-secret
  const tokenCount = Math.round(Math.random() * 10);
  // ok: javascript/insecure-random-secret
  const nonce = crypto.randomUUID();
  return [token, delay, pick, tokenCount, nonce];
}

function shuffle(arr) {
  // ok: javascript/insecure-random-secret
  return arr.sort(() => Math.random() - 0.5);
}

const api = {
  // ok: javascript/insecure-random-secret
  refreshToken: async () => { await new Promise((r) => setTimeout(r, Math.random() * 50)); return crypto.randomBytes(16); },
};
