const http = require('http');
const https = require('https');
const axios = require('axios');
const got = require('got');
const express = require('express');

const router = express.Router();
const MIRRORS = { eu: 'https://eu.mirror.example', us: 'https://us.mirror.example' };

router.post('/unfurl', async (req, res) => {
  const links = req.body.links || [];
  const previews = [];
  for (const link of links.slice(0, 5)) {
    // ruleid: javascript/taint-ssrf
    const response = await axios.get(link, { timeout: 3000 });
    previews.push({ url: link, size: response.data.length });
  }
  res.json(previews);
});

router.post('/import', async (req, res) => {
  const sourceUrl = req.body.url;
  const target = sourceUrl.trim();
  // ruleid: javascript/taint-ssrf
  const response = await fetch(target, { redirect: 'follow' });
  // ok: javascript/taint-ssrf
  const gist = await fetch('https://api.github.com/gists/' + encodeURIComponent(req.body.id));
  // ok: javascript/taint-ssrf
  await fetch(`https://api.github.com/users/${escape(req.body.user)}/repos`);
  // The encoded value after `https://` is the host; escape() keeps `//`, so `//evil.com` survives.
  // ruleid: javascript/taint-ssrf
  await fetch('https://' + encodeURIComponent(req.body.mirror) + '/index.json');
  // ruleid: javascript/taint-ssrf
  await axios.get(escape(req.body.next));
  res.json({ status: response.status, gist: gist.status });
});

router.get('/mirrors/:region', async (req, res) => {
  const base = MIRRORS[req.params.region];
  // ok: javascript/taint-ssrf
  const health = await axios.get(base + '/healthz');
  const hooks = {};
  hooks.user = req.query.hook;
  hooks.status = 'https://status.example/ping';
  // ok: javascript/taint-ssrf
  await got.post(hooks.status, { json: { ok: true } });
  // ruleid: javascript/taint-ssrf
  await got(hooks.user);
  res.json({ healthy: health.status === 200 });
});

router.get('/proxy', (req, res) => {
  const host = req.get('X-Upstream-Host');
  const options = `https://${host}/api/v1/status`;
  // ruleid: javascript/taint-ssrf
  https.get(options, (upstream) => upstream.pipe(res));
  // ruleid: javascript/taint-ssrf
  axios({ method: 'get', url: req.query.target });
  let endpoint = req.query.endpoint;
  endpoint = 'http://localhost:9000/metrics';
  // ok: javascript/taint-ssrf
  http.get(endpoint);
  if (false) {
    // ok: javascript/taint-ssrf
    http.get(req.query.debugUrl);
  }
});

async function ping(address) {
  // ok: javascript/taint-ssrf
  return fetch(address);
}

module.exports = { router, ping };
