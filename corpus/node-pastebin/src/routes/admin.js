'use strict';

const vm = require('vm');
const { exec } = require('child_process');
const express = require('express');
const config = require('../config');
const { pool } = require('../db');
const { requireAdmin } = require('../lib/auth');

const router = express.Router();
router.use(requireAdmin);

// Dashboard metrics, computed from the table totals.
const METRICS = {
  views_per_paste: 'views / Math.max(pastes, 1)',
  private_percent: 'Math.round((privatePastes / Math.max(pastes, 1)) * 100)',
  average_kb: 'Math.round(bytes / Math.max(pastes, 1) / 1024)',
};

// GET /admin/metrics/:name
router.get('/metrics/:name', async (req, res, next) => {
  try {
    if (!Object.prototype.hasOwnProperty.call(METRICS, req.params.name)) return res.sendStatus(404);
    const formula = METRICS[req.params.name];
    const [[totals]] = await pool.query("SELECT COUNT(*) AS pastes, SUM(view_count) AS views, SUM(visibility = 'private') AS privatePastes, SUM(size_bytes) AS bytes FROM pastes");
    const value = vm.runInNewContext(formula, { ...totals }, { timeout: 50 });
    return res.json({ metric: req.params.name, value });
  } catch (err) {
    return next(err);
  }
});

// POST /admin/backup - runs the dump command configured for this deployment
router.post('/backup', (req, res) => {
  exec(config.backupCommand, { timeout: 10 * 60 * 1000 }, (err) => res.status(err ? 500 : 202).json({ ok: !err }));
});

module.exports = router;
