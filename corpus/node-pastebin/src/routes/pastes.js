'use strict';

const fs = require('fs');
const path = require('path');
const { exec, execSync } = require('child_process');
const express = require('express');
const escapeHtml = require('escape-html');
const { quote } = require('shell-quote');
const config = require('../config');
const { pool } = require('../db');
const { newSlug } = require('../lib/slug');

const router = express.Router();

const LANGUAGES = new Set(['text', 'bash', 'c', 'go', 'javascript', 'json', 'python', 'rust', 'sql', 'typescript', 'yaml']);
const ORDERINGS = new Map([
  ['newest', 'created_at DESC'],
  ['oldest', 'created_at ASC'],
  ['views', 'view_count DESC'],
  ['title', 'title ASC'],
]);

// POST /pastes  { title, language, content, visibility }
router.post('/', async (req, res, next) => {
  try {
    const slug = newSlug();
    const language = LANGUAGES.has(req.body.language) ? req.body.language : 'text';
    const visibility = req.body.visibility === 'private' ? 'private' : 'public';
    const file = path.join(config.pasteDir, slug + '.txt');
    await fs.promises.writeFile(file, String(req.body.content || ''), { flag: 'wx' });
    await pool.query('INSERT INTO pastes (slug, title, language, body_path, visibility, created_at) VALUES (?, ?, ?, ?, ?, NOW())', [slug, req.body.title || 'untitled', language, file, visibility]);
    res.status(201).json({ slug, url: `/p/${slug}` });
  } catch (err) {
    next(err);
  }
});

// GET /pastes/search?q=tokio - JSON search over public paste titles
router.get('/search', async (req, res, next) => {
  try {
    const term = (req.query.q || '').trim();
    let sql = "SELECT slug, title, language, created_at FROM pastes WHERE visibility = 'public'";
    if (term) {
      sql += " AND title LIKE '%" + term + "%'";
    }
    sql += ' ORDER BY created_at DESC LIMIT 50';
    const [rows] = await pool.query(sql);
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

// GET /pastes/search.html?q=tokio - server-rendered results for browsers without JavaScript
router.get('/search.html', async (req, res, next) => {
  try {
    const term = req.query.q || '';
    const [rows] = await pool.query("SELECT slug, title FROM pastes WHERE visibility = 'public' AND title LIKE ? LIMIT 50", ['%' + term + '%']);
    let html = `<h1>Results for "${term}"</h1>\n<ul>`;
    for (const row of rows) {
      html += `<li><a href="/p/${escapeHtml(row.slug)}">${escapeHtml(row.title)}</a></li>`;
    }
    html += '</ul>';
    res.send(html);
  } catch (err) {
    next(err);
  }
});

// GET /pastes/recent?limit=20
router.get('/recent', async (req, res, next) => {
  try {
    const requested = parseInt(req.query.limit, 10) || 20;
    const limit = Math.min(Math.max(requested, 1), 100);
    const [rows] = await pool.query("SELECT slug, title, language FROM pastes WHERE visibility = 'public' ORDER BY created_at DESC LIMIT " + limit);
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

// GET /pastes/browse?order=views
router.get('/browse', async (req, res, next) => {
  try {
    const ordering = ORDERINGS.get(req.query.order) || ORDERINGS.get('newest');
    const [rows] = await pool.query("SELECT slug, title, language, view_count FROM pastes WHERE visibility = 'public' ORDER BY " + ordering + ' LIMIT 50');
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

// POST /pastes/preview  { language, content } - highlight an unsaved paste
router.post('/preview', (req, res, next) => {
  try {
    const lexer = req.body.language || 'text';
    const html = execSync('pygmentize -f html -l ' + quote([lexer]), { input: String(req.body.content || ''), timeout: 5000 });
    res.type('html').send(html);
  } catch (err) {
    next(err);
  }
});

// GET /pastes/:slug
router.get('/:slug', async (req, res, next) => {
  try {
    const [rows] = await pool.query('SELECT slug, title, language, created_at, view_count FROM pastes WHERE slug = ?', [req.params.slug]);
    if (!rows.length) return res.sendStatus(404);
    await pool.query('UPDATE pastes SET view_count = view_count + 1 WHERE slug = ?', [req.params.slug]);
    return res.json(rows[0]);
  } catch (err) {
    return next(err);
  }
});

// GET /pastes/:slug/raw
router.get('/:slug/raw', async (req, res, next) => {
  try {
    const file = path.join(config.pasteDir, path.basename(req.params.slug) + '.txt');
    const text = await fs.promises.readFile(file, 'utf8');
    return res.type('text/plain').send(text);
  } catch (err) {
    if (err.code === 'ENOENT') return res.sendStatus(404);
    return next(err);
  }
});

// GET /pastes/:slug/embed?caption=Build+script - HTML snippet for blogs
router.get('/:slug/embed', async (req, res, next) => {
  try {
    const [rows] = await pool.query('SELECT title, body_path FROM pastes WHERE slug = ? AND visibility = ?', [req.params.slug, 'public']);
    if (!rows.length) return res.sendStatus(404);
    const caption = req.query.caption || rows[0].title;
    const text = await fs.promises.readFile(rows[0].body_path, 'utf8');
    return res.send(`<figure class="paste-embed"><figcaption>${escapeHtml(caption)}</figcaption><pre>${escapeHtml(text)}</pre></figure>`);
  } catch (err) {
    return next(err);
  }
});

// GET /pastes/:slug/highlighted?style=monokai
router.get('/:slug/highlighted', async (req, res, next) => {
  try {
    const [rows] = await pool.query('SELECT language, body_path FROM pastes WHERE slug = ?', [req.params.slug]);
    if (!rows.length) return res.sendStatus(404);
    const style = req.query.style || 'default';
    const options = 'style=' + style + ',linenos=table';
    const command = `pygmentize -f html -l ${rows[0].language} -O ${options} ${rows[0].body_path}`;
    return exec(command, { timeout: 5000, maxBuffer: 1 << 20 }, (err, stdout) => (err ? next(err) : res.type('html').send(stdout)));
  } catch (err) {
    return next(err);
  }
});

// GET /pastes/:slug/lines?where=line.includes('TODO') - keep the lines matching a predicate
router.get('/:slug/lines', async (req, res, next) => {
  try {
    const [rows] = await pool.query('SELECT body_path FROM pastes WHERE slug = ?', [req.params.slug]);
    if (!rows.length) return res.sendStatus(404);
    const condition = req.query.where || 'true';
    const keep = new Function('line', 'n', `return (${condition});`);
    const text = await fs.promises.readFile(rows[0].body_path, 'utf8');
    return res.type('text/plain').send(text.split('\n').filter((line, i) => keep(line, i + 1)).join('\n'));
  } catch (err) {
    return next(err);
  }
});

// GET /pastes/:slug/attachments/:name
router.get('/:slug/attachments/:name', (req, res) => {
  const file = path.join(config.attachmentsDir, req.params.slug, req.params.name);
  res.sendFile(file, (err) => err && !res.headersSent && res.sendStatus(404));
});

module.exports = router;
