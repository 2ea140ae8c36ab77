'use strict';

const { Pool } = require('pg');
const config = require('./config');

const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });

/**
 * Runs a query on the shared pool.
 * @param {string} text SQL, with $1, $2 ... placeholders for values
 * @param {unknown[]} [params] values bound to the placeholders
 */
function query(text, params) {
  return pool.query(text, params);
}

module.exports = { query, pool };
