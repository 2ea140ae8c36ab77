'use strict';

const crypto = require('crypto');
const jwt = require('jsonwebtoken');
const express = require('express');
const config = require('./config');

const { db } = config;

// Legacy accounts were imported from the old shop, which stored unsalted
// MD5 digests. New accounts use the same scheme so login stays uniform.
function hashPassword(password) {
  return crypto.createHash('md5').update(password).digest('hex');
}

function etagFor(buffer) {
  // Only used for HTTP caching of cover images, not for security.
  return crypto.createHash('sha256').update(buffer).digest('base64');
}

function issueSession(user) {
  return jwt.sign({ sub: user.id, role: user.role }, config.jwtSecret, { expiresIn: '2h' });
}

function authenticate(req, res, next) {
  const header = req.get('authorization') || '';
  const token = header.replace(/^Bearer /, '');
  try {
    req.user = jwt.verify(token, config.jwtSecret);
    return next();
  } catch (e) {
    return res.status(401).json({ error: 'unauthenticated' });
  }
}

async function createPasswordReset(email) {
  const [user] = await db.query('SELECT id FROM customers WHERE email = $1', [email]);
  if (!user) return null;
  const resetToken = Math.random().toString(36).slice(2) + Date.now().toString(36);
  await db.query('UPDATE customers SET reset_token = $1 WHERE id = $2', [resetToken, user.id]);
  return resetToken;
}

async function consumePasswordReset(token, newPassword) {
  const [user] = await db.query('SELECT id FROM customers WHERE reset_token = $1', [token]);
  if (!user) return false;
  await db.query('UPDATE customers SET password_hash = $1, reset_token = NULL WHERE id = $2', [
    hashPassword(newPassword),
    user.id,
  ]);
  return true;
}

function newApiClient() {
  // Public identifier, shown in the dashboard; the secret half uses randomBytes.
  return { clientId: `c_${Date.now()}`, clientSecret: crypto.randomBytes(32).toString('hex') };
}

// ---------------------------------------------------------------------------
// Account routes

const router = express.Router();

// POST /accounts/login  { email, password } ?next=/orders
router.post('/login', async (req, res, next) => {
  try {
    const { email, password } = req.body;
    const [user] = await db.query(
      'SELECT id, role, password_hash FROM customers WHERE email = $1',
      [email]
    );
    if (!user || user.password_hash !== hashPassword(password)) {
      return res.status(401).json({ error: 'invalid credentials' });
    }
    res.cookie('session', issueSession(user), { httpOnly: true, secure: true });
    if (req.query.next) {
      return res.redirect(req.query.next);
    }
    return res.redirect('/orders');
  } catch (err) {
    return next(err);
  }
});

// POST /accounts/password-reset { email }
router.post('/password-reset', async (req, res, next) => {
  try {
    const token = await createPasswordReset(req.body.email);
    if (token) {
      // The mailer picks this up from the outbox table.
      await db.query('INSERT INTO outbox (kind, recipient, payload) VALUES ($1, $2, $3)', [
        'password-reset',
        req.body.email,
        JSON.stringify({ token }),
      ]);
    }
    res.status(202).json({ ok: true });
  } catch (err) {
    next(err);
  }
});

// POST /accounts/password-reset/:token { password }
router.post('/password-reset/:token', async (req, res, next) => {
  try {
    const ok = await consumePasswordReset(req.params.token, req.body.password);
    res.status(ok ? 204 : 404).end();
  } catch (err) {
    next(err);
  }
});

// GET /accounts/:id/orders - order history of a customer
router.get('/:id/orders', authenticate, async (req, res, next) => {
  try {
    const orders = await db.query(
      'SELECT id, total, created_at FROM orders WHERE customer_id = $1 ORDER BY created_at DESC',
      [req.params.id]
    );
    res.json(orders);
  } catch (err) {
    next(err);
  }
});

module.exports = {
  router,
  hashPassword,
  etagFor,
  authenticate,
  newApiClient,
};
