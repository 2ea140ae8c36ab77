const http = require('http');
const url = require('url');
const express = require('express');
const escapeHtml = require('escape-html');
const he = require('he');
const { pool } = require('./db');

const router = express.Router();
const GREETINGS = { en: 'Hello', fr: 'Bonjour' };

router.get('/search.html', async (req, res) => {
  const term = req.query.q || '';
  const [rows] = await pool.query('SELECT slug, title FROM pastes WHERE title LIKE ?', ['%' + term + '%']);
  let html = `<h1>Results for "${term}"</h1><ul>`;
  for (const row of rows) {
    html += `<li>${escapeHtml(row.title)}</li>`;
  }
  html += '</ul>';
  // ruleid: javascript/taint-xss
  res.send(html);
});

router.get('/quoted', (req, res) => {
  // A SQL driver's escape quotes for SQL; `<` stays.
  // ruleid: javascript/taint-xss
  res.send('<p>' + connection.escape(req.query.q) + '</p>');
});

router.get('/embed', (req, res) => {
  const caption = req.query.caption || 'untitled';
  // ok: javascript/taint-xss
  res.send(`<figure><figcaption>${escapeHtml(caption)}</figcaption></figure>`);
  // ruleid: javascript/taint-xss
  res.status(200).send('<p>' + caption + '</p>');
  // ok: javascript/taint-xss
  res.type('text/plain').send(caption);
  // ok: javascript/taint-xss
  res.json({ caption });
  const greeting = GREETINGS[req.query.lang] || GREETINGS.en;
  // ok: javascript/taint-xss
  res.send(`<p>${greeting}</p>`);
});

router.get('/profile', (req, res) => {
  const page = { title: req.query.title, footer: '<footer>2024</footer>' };
  // ok: javascript/taint-xss
  res.send(page.footer);
  // ruleid: javascript/taint-xss
  res.send('<h1>' + page.title + '</h1>');
  let name = req.cookies.name;
  name = 'guest';
  // ok: javascript/taint-xss
  res.send('<p>Hi ' + name + '</p>');
  if (false) {
    // ok: javascript/taint-xss
    res.send(req.query.debug);
  }
});

function handleEmbed(req, res) {
  const query = url.parse(req.url, true).query;
  const parts = ['<!doctype html>', '<body>'];
  parts.push('<h2>' + query.title + '</h2>');
  parts.push('<div data-slug="' + he.encode(String(query.slug || '')) + '"></div>');
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  // ruleid: javascript/taint-xss
  res.write(parts.join('\n'));
  // ok: javascript/taint-xss
  res.end(JSON.stringify({ title: query.title }));
}

function handleView(req, res) {
  const query = url.parse(req.url, true).query;
  const slug = String(query.slug || '');
  // ok: javascript/taint-xss
  res.end('<p>No paste named <code>' + he.encode(slug) + '</code></p>');
}

http.createServer((req, res) => (req.url.startsWith('/embed') ? handleEmbed(req, res) : handleView(req, res)));

// In the browser.
function showSearch() {
  const query = new URLSearchParams(location.search).get('q');
  const box = document.getElementById('results');
  // ruleid: javascript/taint-xss
  // ruleid: javascript/xss-html-sink
  box.innerHTML = '<b>' + query + '</b>';
  // ok: javascript/taint-xss
  box.textContent = query;
  // ruleid: javascript/taint-xss
  // ruleid: javascript/xss-html-sink
  document.write(decodeURIComponent(window.location.hash.slice(1)));
  // ok: javascript/taint-xss
  // ok: javascript/xss-html-sink
  box.innerHTML = DOMPurify.sanitize(query);
}

function renderRow(row) {
  // ok: javascript/taint-xss
  // ruleid: javascript/xss-html-sink
  document.getElementById('row').innerHTML = '<td>' + row.name + '</td>';
}

router.get('/raw', (req, res) => {
  res.type('text/plain');
  // ok: javascript/taint-xss
  res.send(req.query.log);
});

module.exports = { router, showSearch, renderRow };
