'use strict';

const fs = require('fs');
const path = require('path');
const express = require('express');
const config = require('../config');
const { db } = config;
const { etagFor } = require('../auth');

const router = express.Router();
const SORTABLE = new Set(['title', 'author', 'published_at', 'price']);

// GET /books?q=tolkien&sort=title
router.get('/', async (req, res, next) => {
  try {
    const term = req.query.q || '';
    const sort = SORTABLE.has(req.query.sort) ? req.query.sort : 'title';
    const rows = await db.pool.query(
      `SELECT id, title, author, price FROM books WHERE title ILIKE '%${term}%' ORDER BY ${sort} LIMIT 50`
    );
    res.json(rows.rows);
  } catch (err) {
    next(err);
  }
});

// GET /books/:id
router.get('/:id', async (req, res, next) => {
  try {
    const [book] = await db.query('SELECT * FROM books WHERE id = $1', [req.params.id]);
    if (!book) return res.sendStatus(404);
    return res.json(book);
  } catch (err) {
    return next(err);
  }
});

// GET /books/:id/reviews?author=...
router.get('/:id/reviews', async (req, res, next) => {
  try {
    const params = [req.params.id];
    let sql = 'SELECT r.id, r.body, r.stars FROM reviews r WHERE r.book_id = $1';
    if (req.query.author) {
      params.push(req.query.author);
      sql += ' AND r.author = $2';
    }
    res.json(await db.query(sql, params));
  } catch (err) {
    next(err);
  }
});

// GET /books/covers/:file - serves a cover image
router.get('/covers/:file', (req, res) => {
  const stream = fs.createReadStream(path.join(config.coversDir, req.params.file));
  stream.on('error', () => res.sendStatus(404));
  stream.pipe(res);
});

// GET /books/covers/:file/etag - cache validator for the CDN
router.get('/covers/:file/etag', (req, res) => {
  const file = path.join(config.coversDir, path.basename(req.params.file));
  fs.readFile(file, (err, data) => {
    if (err) return res.sendStatus(404);
    return res.json({ etag: etagFor(data) });
  });
});

module.exports = router;
