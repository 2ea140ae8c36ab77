'use strict';

const crypto = require('crypto');

/** A new random, URL-safe paste identifier (12 characters). */
function newSlug() {
  return crypto.randomBytes(9).toString('base64url');
}

module.exports = { newSlug };
