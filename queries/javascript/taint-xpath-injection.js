const fs = require('fs');
const xpath = require('xpath');
const ldapEscape = require('ldap-escape');
const xmlescape = require('xml-escape');
const { DOMParser } = require('@xmldom/xmldom');
const express = require('express');
const config = require('./config');

const router = express.Router();
const doc = new DOMParser().parseFromString(fs.readFileSync(config.sharesFile, 'utf8'), 'text/xml');

router.get('/lookup', (req, res) => {
  const id = req.query.id;
  const expression = "//share[@id='" + id + "' and @visibility='public']/@paste";
  // ruleid: javascript/taint-xpath-injection
  const hits = xpath.select(expression, doc);
  const count = Number(req.query.count) || 10;
  // ok: javascript/taint-xpath-injection
  const latest = xpath.select("//share[position() <= " + count + ']/@paste', doc);
  const paths = { user: req.query.path, all: '//share/@paste' };
  // ok: javascript/taint-xpath-injection
  const all = xpath.select(paths.all, doc);
  // ruleid: javascript/taint-xpath-injection
  xpath.select1(paths.user, doc);
  res.json({ hits: hits.length, latest: latest.length, all: all.length });
});

router.get('/by-owner', (req, res) => {
  const owner = req.query.owner;
  // ok: javascript/taint-xpath-injection
  const mine = xpath.select("//share[@owner='" + xmlescape(owner) + "']", doc);
  // An LDAP filter escaper keeps `'`: the value still closes the literal.
  // ruleid: javascript/taint-xpath-injection
  const theirs = xpath.select("//share[@owner='" + ldapEscape.filter`${owner}` + "']", doc);
  // A second argument names characters xml-escape leaves as they are.
  // ruleid: javascript/taint-xpath-injection
  const kept = xpath.select("//share[@owner='" + xmlescape(owner, "'") + "']", doc);
  res.json({ mine: mine.length, theirs: theirs.length, kept: kept.length });
});

function findShare(shareId) {
  // ok: javascript/taint-xpath-injection
  return xpath.select("//share[@id='" + shareId + "']", doc);
}

module.exports = { router, findShare };
