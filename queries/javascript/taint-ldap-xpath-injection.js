const fs = require('fs');
const ldap = require('ldapjs');
const { EqualityFilter } = require('ldapjs');
const xpath = require('xpath');
const { DOMParser } = require('@xmldom/xmldom');
const express = require('express');
const config = require('./config');

const router = express.Router();
const doc = new DOMParser().parseFromString(fs.readFileSync(config.sharesFile, 'utf8'), 'text/xml');

router.get('/authors/:login', (req, res, next) => {
  const login = req.params.login.toLowerCase();
  const client = ldap.createClient({ url: config.ldapUrl });
  const options = { scope: 'sub', filter: '(&(objectClass=person)(uid=' + login + '))' };
  // ruleid: javascript/taint-ldap-xpath-injection
  client.search(config.ldapBaseDn, options, (err, search) => search.on('end', () => res.end()));
  // ruleid: javascript/taint-ldap-xpath-injection
  client.search(config.ldapBaseDn, `(mail=${req.query.mail})`, () => next());
});

router.get('/authors', (req, res, next) => {
  const mail = String(req.query.mail || '');
  const client = ldap.createClient({ url: config.ldapUrl });
  const options = { scope: 'sub', filter: new EqualityFilter({ attribute: 'mail', value: mail }) };
  // ok: javascript/taint-ldap-xpath-injection
  client.search(config.ldapBaseDn, options, () => next());
  const fixed = { scope: 'sub', filter: '(objectClass=group)' };
  // ok: javascript/taint-ldap-xpath-injection
  client.search(config.ldapBaseDn, fixed, () => next());
});

router.get('/lookup', (req, res) => {
  const id = req.query.id;
  const expression = "//share[@id='" + id + "' and @visibility='public']/@paste";
  // ruleid: javascript/taint-ldap-xpath-injection
  const hits = xpath.select(expression, doc);
  const count = Number(req.query.count) || 10;
  // ok: javascript/taint-ldap-xpath-injection
  const latest = xpath.select("//share[position() <= " + count + ']/@paste', doc);
  const paths = { user: req.query.path, all: '//share/@paste' };
  // ok: javascript/taint-ldap-xpath-injection
  const all = xpath.select(paths.all, doc);
  // ruleid: javascript/taint-ldap-xpath-injection
  xpath.select1(paths.user, doc);
  res.json({ hits: hits.length, latest: latest.length, all: all.length });
});

function findShare(shareId) {
  // ok: javascript/taint-ldap-xpath-injection
  return xpath.select("//share[@id='" + shareId + "']", doc);
}

module.exports = { router, findShare };
