'use strict';

const fs = require('fs');
const path = require('path');
const util = require('util');
const { exec } = require('child_process');
const express = require('express');
const config = require('../config');
const db = require('../db');

const router = express.Router();

// POST /tickets/badge  { ticketId, name, company }
// Renders the attendee's name onto the badge template with ImageMagick.
router.post('/badge', (req, res) => {
  const ticketId = parseInt(req.body.ticketId, 10);
  const { name, company } = req.body;
  if (Number.isNaN(ticketId) || typeof name !== 'string' || !name.trim()) {
    return res.status(400).json({ error: 'ticketId and name are required' });
  }
  const out = path.join(config.badgeDir, `badge-${ticketId}.png`);
  let caption = name.trim();
  if (company) caption += '\\n' + String(company).trim();
  const cmd = util.format('convert %s -gravity center -pointsize 42 -annotate +0+90 "%s" %s', config.badgeTemplate, caption, out);
  exec(cmd, { timeout: 15000 }, (err) => {
    if (err) return res.status(500).json({ error: 'badge rendering failed' });
    return res.sendFile(out);
  });
  return undefined;
});

// GET /tickets/:ticketId/attachments?file=maps/hall-b.pdf
// Venue maps, parking permits and similar files the organiser attached to a ticket.
router.get('/:ticketId/attachments', async (req, res, next) => {
  try {
    const ticketId = parseInt(req.params.ticketId, 10);
    const { rowCount } = await db.query('SELECT 1 FROM tickets WHERE id = $1 AND holder = $2', [ticketId, req.get('x-forwarded-user')]);
    if (!rowCount) return res.sendStatus(404);
    // Windows clients send back-slashes; rebuild the path with the local separator.
    const segments = String(req.query.file || '').split(/[\\/]+/);
    let relative = '';
    for (const segment of segments) {
      relative = path.join(relative, segment.trim());
    }
    const fullPath = path.join(config.attachmentsDir, String(ticketId), relative);
    const stream = fs.createReadStream(fullPath);
    stream.on('error', () => res.sendStatus(404));
    return stream.pipe(res);
  } catch (err) {
    return next(err);
  }
});

// GET /tickets/pdf/:file - the e-ticket PDFs generated at checkout
router.get('/pdf/:file', (req, res) => {
  const file = path.basename(req.params.file);
  const stream = fs.createReadStream(path.join(config.ticketPdfDir, file));
  stream.on('error', () => res.sendStatus(404));
  res.type('application/pdf');
  stream.pipe(res);
});

module.exports = router;
