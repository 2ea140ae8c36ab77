'use strict';

// The editor keeps an unsaved draft in a cookie so it survives a closed tab.

const express = require('express');
const serialize = require('node-serialize');
const config = require('../config');

const router = express.Router();
const COOKIE_OPTIONS = { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, maxAge: 7 * 24 * 3600 * 1000 };

// POST /drafts  { title, language, content }
router.post('/', (req, res) => {
  const draft = {
    title: String(req.body.title || ''),
    language: String(req.body.language || 'text'),
    content: String(req.body.content || ''),
    savedAt: new Date().toISOString(),
  };
  res.cookie('draft', serialize.serialize(draft), COOKIE_OPTIONS);
  res.sendStatus(204);
});

// GET /drafts/current - restores the draft saved in the cookie
router.get('/current', (req, res) => {
  const saved = req.cookies.draft || '';
  if (!saved) return res.status(404).json({ error: 'no saved draft' });
  const draft = serialize.unserialize(saved);
  return res.json({ title: draft.title, language: draft.language, content: draft.content });
});

// GET /drafts/legacy - drafts written by the 1.x editor (object literals in the `draft_v1` cookie)
router.get('/legacy', (req, res) => {
  const saved = req.cookies.draft_v1 || '';
  let draft = { title: '', language: 'text', content: '' };
  if (false) {
    // 1.x read these back with eval; disabled until the cookie migration has run everywhere.
    draft = eval('(' + saved + ')');
  }
  res.clearCookie('draft_v1');
  return res.json({ migrated: saved.length > 0, draft });
});

module.exports = router;
