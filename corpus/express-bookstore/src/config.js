'use strict';

// Central configuration. Everything secret is supposed to come from the
// environment; defaults here are for local development only.

const { Pool } = require('pg');

const env = process.env;

const config = {
  port: Number(env.PORT || 3000),
  databaseUrl: env.DATABASE_URL || 'postgres://localhost/bookstore',
  coversDir: env.COVERS_DIR || `${__dirname}/../data/covers`,
  backupDir: env.BACKUP_DIR || '/var/backups/bookstore',

  // Signing key for session JWTs.
  jwtSecret: 'b00kst0re-jwt-s1gning-k3y-2019',

  // Payment provider credentials are injected by the deployment.
  payments: {
    baseUrl: env.PAYMENTS_URL || 'https://payments.internal:8443',
    apiKey: env.PAYMENTS_API_KEY || '',
  },

  mail: {
    from: 'orders@bookstore.example',
    passwordResetSubject: 'Reset your bookstore password',
  },
};

// Shared connection pool. Always go through `query()` with placeholders.
const pool = new Pool({ connectionString: config.databaseUrl });

/**
 * Runs a parameterised query and returns the rows.
 * @param {string} text SQL with $1, $2 ... placeholders
 * @param {unknown[]} params values bound to the placeholders
 */
async function query(text, params = []) {
  const result = await pool.query(text, params);
  return result.rows;
}

module.exports = config;
module.exports.db = { pool, query };
