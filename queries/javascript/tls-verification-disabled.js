const https = require('https');
const axios = require('axios');

// ruleid: javascript/tls-verification-disabled
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

const insecureAgent = new https.Agent({
  keepAlive: true,
  // ruleid: javascript/tls-verification-disabled
  rejectUnauthorized: false,
});

const client = axios.create({
  baseURL: process.env.PAYMENTS_URL,
  // ruleid: javascript/tls-verification-disabled
  httpsAgent: new https.Agent({ rejectUnauthorized: false }),
});

function legacyRequest(request, url) {
  // ruleid: javascript/tls-verification-disabled
  return request({ url, "strictSSL": false });
}

function configure(agent) {
  // ruleid: javascript/tls-verification-disabled
  process.env["NODE_TLS_REJECT_UNAUTHORIZED"] = 0;
  // ruleid: javascript/tls-verification-disabled
  agent.options.rejectUnauthorized = false;
}

function safe(ca) {
  // ok: javascript/tls-verification-disabled
  const strict = new https.Agent({ rejectUnauthorized: true, ca });
  // ok: javascript/tls-verification-disabled
  const devOnly = new https.Agent({ rejectUnauthorized: process.env.NODE_ENV === 'production' });
  // ok: javascript/tls-verification-disabled
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '1';
  // ok: javascript/tls-verification-disabled
  if (process.env.NODE_TLS_REJECT_UNAUTHORIZED === '0') console.warn('TLS checks are off');
  // ok: javascript/tls-verification-disabled
  const opts = { requestCert: false, secure: false };
  return [strict, devOnly, opts, client, insecureAgent];
}
