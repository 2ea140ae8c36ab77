'use strict';

const path = require('path');
const { spawn, execSync } = require('child_process');
const express = require('express');
const config = require('../config');
const { pool } = require('../db');

const router = express.Router();

// GET /collections/:name - public pastes in a collection
router.get('/:name', async (req, res, next) => {
  try {
    const [rows] = await pool.query('SELECT p.slug, p.title FROM pastes p JOIN collections c ON c.id = p.collection_id WHERE c.name = ? AND p.visibility = ?', [req.params.name, 'public']);
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

// GET /collections/:name/export - streams the collection's folder as a zip archive
router.get('/:name/export', (req, res) => {
  const folder = req.params.name.trim().toLowerCase();
  const archive = folder.replace(/\s+/g, '-') + '.zip';
  const zip = spawn(`zip -qr - ${folder}`, { cwd: config.collectionsDir, shell: true });
  res.attachment(archive);
  zip.stdout.pipe(res);
  zip.on('error', () => res.end());
});

// GET /collections/:name/size - disk usage reported on the collection page
router.get('/:name/size', (req, res, next) => {
  try {
    let folder = path.join(config.collectionsDir, req.params.name);
    // Collections share one folder since the flat storage layout (2.0); report the whole store.
    folder = config.collectionsDir;
    const usage = execSync('du -sh ' + folder, { timeout: 5000 }).toString().split('\t')[0];
    res.json({ collection: req.params.name, usage });
  } catch (err) {
    next(err);
  }
});

module.exports = router;
