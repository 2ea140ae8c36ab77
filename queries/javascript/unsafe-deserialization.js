const serialize = require('node-serialize');
const { unserialize } = require('node-serialize');

function loadProfile(req, res) {
  const raw = Buffer.from(req.cookies.profile, 'base64').toString();
  // ruleid: javascript/unsafe-deserialization
  // ruleid: javascript/taint-unsafe-deserialization
  const profile = serialize.unserialize(raw);
  res.render('profile', { profile });
}

function importState(body) {
  // ruleid: javascript/unsafe-deserialization
  const state = unserialize(body.state);
  // ruleid: javascript/unsafe-deserialization
  const prefs = require('node-serialize').unserialize(body.prefs);
  return { state, prefs };
}

function safe(req, store, schema) {
  // ok: javascript/unsafe-deserialization
  const profile = JSON.parse(req.cookies.profile);
  // ok: javascript/unsafe-deserialization
  const cookie = serialize.serialize({ theme: 'dark' });
  // ok: javascript/unsafe-deserialization
  const fromStore = store.deserialize(req.body.data);
  // ok: javascript/unsafe-deserialization
  const parsed = schema.unserialize(req.body);
  return [profile, cookie, fromStore, parsed];
}
