'use strict';

const crypto = require('crypto');
const config = require('../config');

function digest(value) {
  return crypto.createHash('sha256').update(String(value)).digest();
}

/** Admin routes need the `X-Admin-Key` header to match the configured ADMIN_KEY. */
function requireAdmin(req, res, next) {
  const presented = req.get('X-Admin-Key') || '';
  if (!config.adminKey || !crypto.timingSafeEqual(digest(presented), digest(config.adminKey))) {
    return res.sendStatus(401);
  }
  return next();
}

module.exports = { requireAdmin };
