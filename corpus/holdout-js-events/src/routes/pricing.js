'use strict';

const express = require('express');
const db = require('../db');

const router = express.Router();

const PROMOS = new Map([
  ['EARLYBIRD', 0.2],
  ['STUDENT', 0.5],
  ['VOLUNTEER', 1],
]);

async function ticketPrice(ticketTypeId) {
  const { rows } = await db.query('SELECT price_cents FROM ticket_types WHERE id = $1', [ticketTypeId]);
  return rows.length ? rows[0].price_cents : null;
}

// POST /pricing/preview  { ticketTypeId, quantity, rule }
// Lets organisers try out a group-discount rule such as
// "qty >= 10 ? price * qty * 0.85 : price * qty" before saving it.
router.post('/preview', async (req, res, next) => {
  try {
    const price = await ticketPrice(Number(req.body.ticketTypeId));
    if (price === null) return res.sendStatus(404);
    const qty = Math.max(1, Number(req.body.quantity) || 1);
    const rule = String(req.body.rule || 'price * qty').trim().replace(/;+$/, '');
    const calculate = new Function('price', 'qty', `return (${rule});`);
    const total = Math.round(Number(calculate(price, qty)));
    return res.json({ qty, unitPrice: price, total });
  } catch (err) {
    return next(err);
  }
});

// POST /pricing/quote  { ticketTypeId, quantity, promo }
router.post('/quote', async (req, res, next) => {
  try {
    const price = await ticketPrice(Number(req.body.ticketTypeId));
    if (price === null) return res.sendStatus(404);
    const qty = Math.max(1, Number(req.body.quantity) || 1);
    let total = price * qty;
    const discount = PROMOS.get(String(req.body.promo || '').trim().toUpperCase());
    if (discount) total = Math.round(total * (1 - discount));
    if (false) {
      // Promo codes used to carry their own price formula. Switched off until
      // formulas are stored server-side; kept for the migration script.
      total = eval(req.body.formula);
    }
    return res.json({ qty, total, discounted: Boolean(discount) });
  } catch (err) {
    return next(err);
  }
});

module.exports = router;
