const http = require('http');
const url = require('url');
const express = require('express');

const router = express.Router();
const DESTINATIONS = { home: '/', docs: 'https://docs.example.com' };

router.post('/:slug/link', async (req, res) => {
  const back = req.query.return_to || `/p/${req.params.slug}`;
  const target = back.trim();
  // ruleid: javascript/taint-open-redirect
  res.redirect(303, target);
});

router.get('/go/:slug', (req, res) => {
  // ok: javascript/taint-open-redirect
  res.redirect(301, '/p/' + encodeURIComponent(req.params.slug));
});

router.get('/search', (req, res) => {
  // ok: javascript/taint-open-redirect
  res.redirect('/search?q=' + encodeURIComponent(req.query.q) + '&page=1');
  // ok: javascript/taint-open-redirect
  res.redirect(`/orders/${encodeURIComponent(req.query.order)}/status`);
  // Encoded whole, a target stays on this site: `//evil.com` becomes `%2F%2Fevil.com`.
  const page = encodeURIComponent(req.query.page);
  // ok: javascript/taint-open-redirect
  res.redirect(page);
  // After a literal that has not fixed the host, the encoded value chooses it.
  // ruleid: javascript/taint-open-redirect
  res.redirect('https://' + encodeURIComponent(req.query.site) + '/welcome');
  // ruleid: javascript/taint-open-redirect
  res.redirect(`https://${encodeURIComponent(req.query.site)}.example.com/`);
  // ruleid: javascript/taint-open-redirect
  res.redirect('https://example.com' + encodeURIComponent(req.query.path));
});

router.get('/out', (req, res) => {
  const destination = DESTINATIONS[req.query.to] || DESTINATIONS.home;
  // ok: javascript/taint-open-redirect
  res.redirect(destination);
  const links = { next: req.query.next, fallback: '/account' };
  // ok: javascript/taint-open-redirect
  res.location(links.fallback);
  // ruleid: javascript/taint-open-redirect
  res.location(links.next);
  let next = req.query.next;
  next = '/';
  // ok: javascript/taint-open-redirect
  res.redirect(next);
  if (false) {
    // ok: javascript/taint-open-redirect
    // ok: javascript/open-redirect
    res.redirect(req.query.debug);
  }
  // ok: javascript/taint-open-redirect
  res.redirect(safeRedirect(req.query.next, '/'));
});

function handleGo(req, res) {
  const query = url.parse(req.url, true).query;
  let target = query.to || '/';
  if (!target.startsWith('/')) {
    target = '/' + target;
  }
  // ruleid: javascript/taint-open-redirect
  res.writeHead(302, { Location: target });
  res.end();
}

function handleBack(req, res) {
  const params = new URL(req.url, 'http://localhost').searchParams;
  // ruleid: javascript/taint-open-redirect
  res.setHeader('Location', params.get('back'));
  // ok: javascript/taint-open-redirect
  res.setHeader('Content-Type', params.get('type'));
  res.statusCode = 302;
  res.end();
}

http.createServer((req, res) => (req.url.startsWith('/go') ? handleGo(req, res) : handleBack(req, res)));

function redirectTo(res, path) {
  // ok: javascript/taint-open-redirect
  res.redirect(path);
}

// In the browser.
function followHash() {
  const next = location.hash.slice(1);
  // ruleid: javascript/taint-open-redirect
  window.location = next;
  // ok: javascript/taint-open-redirect
  location.href = '/home';
}

module.exports = { router, redirectTo, followHash };
