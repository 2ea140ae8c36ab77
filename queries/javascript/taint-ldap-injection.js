const ldap = require('ldapjs');
const { EqualityFilter } = require('ldapjs');
const { escapeFilterValue } = require('@ldapjs/filter');
const ldapEscape = require('ldap-escape');
const xmlescape = require('xml-escape');
const express = require('express');
const config = require('./config');

const router = express.Router();

router.get('/authors/:login', (req, res, next) => {
  const login = req.params.login.toLowerCase();
  const client = ldap.createClient({ url: config.ldapUrl });
  const options = { scope: 'sub', filter: '(&(objectClass=person)(uid=' + login + '))' };
  // ruleid: javascript/taint-ldap-injection
  client.search(config.ldapBaseDn, options, (err, search) => search.on('end', () => res.end()));
  // ruleid: javascript/taint-ldap-injection
  client.search(config.ldapBaseDn, `(mail=${req.query.mail})`, () => next());
});

router.get('/authors', (req, res, next) => {
  const mail = String(req.query.mail || '');
  const client = ldap.createClient({ url: config.ldapUrl });
  const options = { scope: 'sub', filter: new EqualityFilter({ attribute: 'mail', value: mail }) };
  // ok: javascript/taint-ldap-injection
  client.search(config.ldapBaseDn, options, () => next());
  const fixed = { scope: 'sub', filter: '(objectClass=group)' };
  // ok: javascript/taint-ldap-injection
  client.search(config.ldapBaseDn, fixed, () => next());
  // ok: javascript/taint-ldap-injection
  client.search(config.ldapBaseDn, '(mail=' + escapeFilterValue(mail) + ')', () => next());
  // ok: javascript/taint-ldap-injection
  client.search(config.ldapBaseDn, ldapEscape.filter`(mail=${mail})`, () => next());
});

// Escapers for other contexts keep a filter's `*`, `(` and `)`.
router.get('/members', (req, res, next) => {
  const group = req.query.group;
  const client = ldap.createClient({ url: config.ldapUrl });
  // ruleid: javascript/taint-ldap-injection
  client.search(config.ldapBaseDn, '(memberOf=' + ldapEscape.dn`cn=${group},ou=groups` + ')', () => next());
  // ruleid: javascript/taint-ldap-injection
  client.search(config.ldapBaseDn, { filter: '(cn=' + xmlescape(group) + ')' }, () => next());
});

module.exports = { router };
