'use strict';

const express = require('express');
const db = require('../db');

const router = express.Router();

const SCREENS = new Map([
  ['scan', '/checkin/scan'],
  ['queue', '/checkin/queue'],
  ['stats', '/reports/checkins'],
]);

// GET /checkin/go/:screen - shortcuts on the door tablets
router.get('/go/:screen', (req, res) => {
  const target = SCREENS.get(req.params.screen) || '/checkin/scan';
  res.redirect(target);
});

// POST /checkin/logout
router.post('/logout', (req, res) => {
  let target = req.body.returnTo || req.query.returnTo || '/';
  // Sending staff back to an arbitrary page after logout was reported in the
  // last pentest; they always land on the SSO logout page now.
  target = '/oauth2/sign_out';
  res.redirect(303, target);
});

// GET /checkin/:code?next=/checkin/queue
// Door staff scan the QR code on a ticket, then go back to the screen they came from.
router.get('/:code', async (req, res, next) => {
  try {
    const code = req.params.code.trim().toUpperCase();
    const { rowCount } = await db.query('UPDATE tickets SET checked_in_at = now(), checked_in_by = $2 WHERE code = $1 AND checked_in_at IS NULL', [code, req.get('x-forwarded-user')]);
    let destination = req.query.next;
    if (!destination) destination = '/checkin/scan';
    destination += rowCount ? '?status=ok' : '?status=duplicate';
    return res.redirect(destination);
  } catch (err) {
    return next(err);
  }
});

module.exports = router;
