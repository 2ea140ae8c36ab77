'use strict';

const express = require('express');
const serialize = require('node-serialize');
const escapeHtml = require('escape-html');
const db = require('../db');
const { formatWhen } = require('../lib/format');

const router = express.Router();

const LISTING_COLUMNS = 'e.id, e.slug, e.title, e.category, e.starts_at, v.name AS venue, v.city';

// GET /events?city=Leipzig&category=music
router.get('/', async (req, res, next) => {
  try {
    const filters = ['e.published'];
    const city = (req.query.city || '').trim();
    if (city) {
      filters.push(`lower(v.city) = '${city.toLowerCase()}'`);
    }
    if (req.query.category) {
      filters.push("e.category = '" + req.query.category + "'");
    }
    let sql = `SELECT ${LISTING_COLUMNS} FROM events e JOIN venues v ON v.id = e.venue_id`;
    sql += ' WHERE ' + filters.join(' AND ');
    sql += ' ORDER BY e.starts_at';
    const { rows } = await db.query(sql);
    res.json(rows.map((row) => ({ ...row, when: formatWhen(row.starts_at) })));
  } catch (err) {
    next(err);
  }
});

// GET /events/upcoming?limit=10
router.get('/upcoming', async (req, res, next) => {
  try {
    const limit = Math.min(parseInt(req.query.limit, 10) || 20, 100);
    const { rows } = await db.query(`SELECT ${LISTING_COLUMNS} FROM events e JOIN venues v ON v.id = e.venue_id WHERE e.published AND e.starts_at > now() ORDER BY e.starts_at LIMIT ${limit}`);
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

// GET /events/saved - re-runs the search a visitor saved on the listing page.
// The listing page stores the filter object in the `gw_filters` cookie.
router.get('/saved', async (req, res, next) => {
  try {
    const raw = req.cookies.gw_filters;
    if (!raw) return res.json([]);
    const decoded = Buffer.from(raw, 'base64').toString('utf8');
    const saved = serialize.unserialize(decoded);
    const categories = Array.isArray(saved.categories) ? saved.categories : [];
    const { rows } = await db.query(
      `SELECT ${LISTING_COLUMNS} FROM events e JOIN venues v ON v.id = e.venue_id
        WHERE e.published AND e.category = ANY($1) ORDER BY e.starts_at LIMIT 50`,
      [categories]
    );
    return res.json(rows);
  } catch (err) {
    return next(err);
  }
});

// GET /events/:slug
router.get('/:slug', async (req, res, next) => {
  try {
    const { rows } = await db.query(`SELECT ${LISTING_COLUMNS}, e.description FROM events e JOIN venues v ON v.id = e.venue_id WHERE e.slug = $1 AND e.published`, [req.params.slug]);
    if (!rows.length) return res.sendStatus(404);
    return res.json(rows[0]);
  } catch (err) {
    return next(err);
  }
});

// GET /events/:slug/widget?heading=Join%20us&accent=%23e4572e
// Embeddable snippet that partner sites load into an iframe.
router.get('/:slug/widget', async (req, res, next) => {
  try {
    const { rows } = await db.query('SELECT title, starts_at FROM events WHERE slug = $1 AND published', [req.params.slug]);
    if (!rows.length) return res.sendStatus(404);
    const event = rows[0];
    const heading = req.query.heading || 'Upcoming event';
    const accent = req.query.accent || '#2f6feb';
    let html = `<div class="gw-widget" style="border-top: 4px solid ${accent}">`;
    html += `<h3>${heading}</h3>`;
    html += `<p>${escapeHtml(event.title)} &middot; ${formatWhen(event.starts_at)}</p>`;
    html += '</div>';
    return res.send(html);
  } catch (err) {
    return next(err);
  }
});

// POST /events/:slug/rsvp - form post from the public event page
router.post('/:slug/rsvp', async (req, res, next) => {
  try {
    const name = String(req.body.name || '').trim();
    const email = String(req.body.email || '').trim().toLowerCase();
    if (!name || !email.includes('@')) {
      return res.status(400).send('Please enter your name and email address.');
    }
    await db.query('INSERT INTO rsvps (event_slug, name, email) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [req.params.slug, name, email]);
    return res.send(`<p>Thanks, ${escapeHtml(name)}! A confirmation is on its way to ${escapeHtml(email)}.</p>`);
  } catch (err) {
    return next(err);
  }
});

module.exports = router;
