'use strict';

// Runtime configuration. Everything deployment-specific comes from the environment;
// the defaults are for a local development checkout.

const path = require('path');

const env = process.env;
const root = path.resolve(__dirname, '..');
const dataDir = env.PASTEBIN_DATA || path.join(root, 'data');

module.exports = {
  port: Number(env.PORT || 3000),
  legacyPort: Number(env.LEGACY_PORT || 3001),
  secureCookies: env.NODE_ENV === 'production',

  pasteDir: path.join(dataDir, 'pastes'),
  attachmentsDir: path.join(dataDir, 'attachments'),
  collectionsDir: path.join(dataDir, 'collections'),
  sharesFile: path.join(dataDir, 'shares.xml'),
  publicDir: path.join(root, 'public'),

  database: {
    host: env.DB_HOST || 'localhost',
    user: env.DB_USER || 'pastebin',
    password: env.DB_PASSWORD,
    database: env.DB_NAME || 'pastebin',
  },

  ldapUrl: env.LDAP_URL || 'ldap://localhost:389',
  ldapBaseDn: env.LDAP_BASE_DN || 'ou=people,dc=example,dc=org',

  adminKey: env.ADMIN_KEY || '',
  backupCommand: env.BACKUP_COMMAND || '/usr/local/bin/pastebin-backup --quiet',
};
