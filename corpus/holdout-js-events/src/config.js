'use strict';

// Runtime configuration. Everything deployment-specific comes from the
// environment; the defaults are for a local development checkout.

const path = require('path');

const env = process.env;
const dataDir = env.GATHERLY_DATA || path.join(__dirname, '..', 'data');

module.exports = {
  port: Number(env.PORT || 3000),
  databaseUrl: env.DATABASE_URL || 'postgres://localhost/gatherly',
  reportingSchema: env.REPORTING_SCHEMA || 'reporting',

  badgeDir: path.join(dataDir, 'badges'),
  badgeTemplate: path.join(dataDir, 'templates', 'badge.png'),
  attachmentsDir: path.join(dataDir, 'attachments'),
  ticketPdfDir: path.join(dataDir, 'tickets'),

  // Venue partner API (capacity and opening hours of partner venues).
  venueApiUrl: env.VENUE_API_URL || 'https://venues.partner.example/api',
  upstreamTimeoutMs: Number(env.UPSTREAM_TIMEOUT_MS || 5000),
};
