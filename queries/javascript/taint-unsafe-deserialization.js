const express = require('express');
const serialize = require('node-serialize');
const { unserialize } = require('node-serialize');

const router = express.Router();

router.get('/drafts/current', (req, res) => {
  const saved = req.cookies.draft || '';
  if (!saved) return res.status(404).json({ error: 'no saved draft' });
  // ruleid: javascript/taint-unsafe-deserialization
  // ruleid: javascript/unsafe-deserialization
  const draft = serialize.unserialize(saved);
  return res.json({ title: draft.title });
});

router.post('/import', (req, res) => {
  const decoded = Buffer.from(req.body.blob, 'base64').toString('utf8');
  // ruleid: javascript/taint-unsafe-deserialization
  // ruleid: javascript/unsafe-deserialization
  const data = unserialize(decoded);
  // ok: javascript/taint-unsafe-deserialization
  const plain = JSON.parse(decoded);
  // ruleid: javascript/taint-unsafe-deserialization
  // ruleid: javascript/unsafe-deserialization
  require('node-serialize').unserialize(req.body.state);
  res.json({ data, plain });
});

router.post('/drafts', (req, res) => {
  const draft = { title: String(req.body.title || ''), savedAt: new Date().toISOString() };
  // ok: javascript/taint-unsafe-deserialization
  res.cookie('draft', serialize.serialize(draft));
  const defaults = { stored: req.body.stored, builtin: '{"theme":"light"}' };
  // ok: javascript/taint-unsafe-deserialization
  // ok: javascript/unsafe-deserialization
  const theme = serialize.unserialize(defaults.builtin);
  if (false) {
    // ok: javascript/taint-unsafe-deserialization
    // ok: javascript/unsafe-deserialization
    serialize.unserialize(defaults.stored);
  }
  res.json(theme);
});

function restore(text) {
  // ok: javascript/taint-unsafe-deserialization
  // ruleid: javascript/unsafe-deserialization
  return serialize.unserialize(text);
}

module.exports = { router, restore };
