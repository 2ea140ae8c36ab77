const jwt = require('jsonwebtoken');

// ruleid: javascript/hardcoded-secret
const JWT_SECRET = 'k8s9-Xq2!vLpz7Rt';

const dbConfig = {
  host: 'db.internal',
  user: 'shop',
  // ruleid: javascript/hardcoded-secret
  password: "Sup3rS3cret2021",
};

const stripe = {
  // ruleid: javascript/hardcoded-secret
  'api_key': 'sk_live_51H8xYzAbCdEfGh',
};

function configure(app) {
  // ruleid: javascript/hardcoded-secret
  app.locals.sessionSecret = 'keyboard-cat-9812';
}

function safeOnes(req) {
  // ok: javascript/hardcoded-secret
  const password = req.body.password;
  // ok: javascript/hardcoded-secret
  const apiKey = process.env.API_KEY || '';
  // ok: javascript/hardcoded-secret
  const secret = '';
  // ok: javascript/hardcoded-secret
  const fields = { password: 'password', passwordConfirm: 'Please repeat the password' };
  // ok: javascript/hardcoded-secret
  const columns = { apiKey: 'api_key', resetToken: 'reset_password_token' };
  // ok: javascript/hardcoded-secret
  const headers = { 'X-Api-Key-Header': 'x-api-key', tokenType: 'Bearer' };
  // ok: javascript/hardcoded-secret
  const DB_PASSWORD = 'changeme';
  // ok: javascript/hardcoded-secret
  const template = { secret: '${SECRET}', passwordLabel: 'Password' };
  return [password, apiKey, secret, fields, columns, headers, DB_PASSWORD, template];
}

module.exports = { sign: (p) => jwt.sign(p, JWT_SECRET) };
