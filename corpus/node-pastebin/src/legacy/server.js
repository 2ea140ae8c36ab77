'use strict';

// v1 API, kept for the 1.x command-line client. Plain Node http, no framework:
// every handler parses its own query string.

const fs = require('fs');
const http = require('http');
const url = require('url');
const util = require('util');
const he = require('he');
const config = require('../config');
const { pool } = require('../db');

function sendJson(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

// GET /v1/paste?slug=k3v9x - paste metadata
async function handlePaste(req, res) {
  const query = url.parse(req.url, true).query;
  const slug = query.slug || '';
  const sql = util.format("SELECT slug, title, language, created_at FROM pastes WHERE slug = '%s'", slug);
  const [rows] = await pool.query(sql);
  if (!rows.length) return sendJson(res, 404, { error: 'not found' });
  return sendJson(res, 200, rows[0]);
}

// GET /v1/raw?name=k3v9x.txt - paste body as stored on disk
function handleRaw(req, res) {
  const query = url.parse(req.url, true).query;
  const name = query.name;
  const full = config.pasteDir + '/' + name;
  res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
  fs.createReadStream(full).on('error', () => res.end()).pipe(res);
}

// GET /v1/view?slug=k3v9x - minimal HTML page
async function handleView(req, res) {
  const query = url.parse(req.url, true).query;
  const slug = String(query.slug || '');
  const [rows] = await pool.query('SELECT title, body_path FROM pastes WHERE slug = ?', [slug]);
  res.writeHead(rows.length ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
  if (!rows.length) {
    res.write('<p>No paste named <code>' + he.encode(slug) + '</code></p>');
    res.end();
    return;
  }
  const text = await fs.promises.readFile(rows[0].body_path, 'utf8');
  res.write('<h1>' + he.encode(rows[0].title) + '</h1><pre>' + he.encode(text) + '</pre>');
  res.end();
}

// GET /v1/embed?slug=k3v9x&title=Build+script - HTML fragment for old blog widgets
function handleEmbed(req, res) {
  const query = url.parse(req.url, true).query;
  const parts = ['<!doctype html>', '<html><head><meta charset="utf-8"><title>Embedded paste</title></head><body>'];
  parts.push('<h2 class="paste-title">' + query.title + '</h2>');
  parts.push('<div class="paste" data-slug="' + he.encode(String(query.slug || '')) + '"></div>');
  parts.push('<script src="/static/embed.js"></script></body></html>');
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.write(parts.join('\n'));
  res.end();
}

// GET /v1/render?slug=k3v9x&opts={linenos:true,theme:'dark'} - the 1.x client sends relaxed JSON
async function handleRender(req, res) {
  const query = url.parse(req.url, true).query;
  const raw = query.opts || '{}';
  const relaxed = raw.replace(/\s+/g, ' ');
  const options = eval('(' + relaxed + ')');
  const [rows] = await pool.query('SELECT title, language FROM pastes WHERE slug = ?', [String(query.slug || '')]);
  if (!rows.length) return sendJson(res, 404, { error: 'not found' });
  return sendJson(res, 200, { ...rows[0], linenos: Boolean(options.linenos), theme: options.theme === 'dark' ? 'dark' : 'light' });
}

// GET /v1/go?to=/p/k3v9x - short links printed by the 1.x client
function handleGo(req, res) {
  const query = url.parse(req.url, true).query;
  let target = query.to || '/';
  if (!target.startsWith('/')) {
    target = '/' + target;
  }
  res.writeHead(302, { Location: target });
  res.end();
}

const ROUTES = {
  '/v1/paste': handlePaste,
  '/v1/raw': handleRaw,
  '/v1/view': handleView,
  '/v1/embed': handleEmbed,
  '/v1/render': handleRender,
  '/v1/go': handleGo,
};

function createLegacyServer() {
  return http.createServer((req, res) => {
    const { pathname } = url.parse(req.url);
    const route = Object.prototype.hasOwnProperty.call(ROUTES, pathname) ? ROUTES[pathname] : null;
    if (!route || req.method !== 'GET') return sendJson(res, 404, { error: 'not found' });
    return Promise.resolve(route(req, res)).catch((err) => {
      console.error(err);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
      else res.end();
    });
  });
}

module.exports = { createLegacyServer };
