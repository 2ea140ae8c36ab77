'use strict';

const { exec, execFile } = require('child_process');
const https = require('https');
const axios = require('axios');
const express = require('express');
const path = require('path');
const config = require('../config');

// --- payment gateway client -------------------------------------------------

// The payment gateway sits behind an internal load balancer whose certificate
// is issued by our private CA. Until the CA bundle is shipped with the image
// we talk to it without verifying the certificate.
const agent = new https.Agent({
  keepAlive: true,
  rejectUnauthorized: false,
});

const client = axios.create({
  baseURL: config.payments.baseUrl,
  httpsAgent: agent,
  timeout: 5000,
  headers: { 'X-Api-Key': config.payments.apiKey },
});

async function refund(orderId, amount) {
  const { data } = await client.post(`/orders/${encodeURIComponent(orderId)}/refunds`, {
    amount: Number(amount),
  });
  return data;
}

async function paymentStatus(orderId) {
  const { data } = await client.get(`/orders/${encodeURIComponent(orderId)}`);
  return data;
}

const router = express.Router();

function requireAdmin(req, res, next) {
  if (req.user && req.user.role === 'admin') return next();
  return res.sendStatus(403);
}

router.use(requireAdmin);

// POST /admin/backup { database } - dumps a database to the backup folder
router.post('/backup', (req, res) => {
  const database = req.body.database || 'bookstore';
  const target = path.join(config.backupDir, `${Date.now()}.sql.gz`);
  exec(`pg_dump ${database} | gzip > ${target}`, (err) => {
    if (err) return res.status(500).json({ error: 'backup failed' });
    return res.json({ file: target });
  });
});

// GET /admin/disk - free space on the data volume
router.get('/disk', (req, res) => {
  execFile('df', ['-h', config.backupDir], (err, stdout) => {
    if (err) return res.sendStatus(500);
    return res.type('text/plain').send(stdout);
  });
});

// GET /admin/version
router.get('/version', (req, res) => {
  exec('git rev-parse --short HEAD', (err, stdout) => res.json({ version: stdout.trim() }));
});

// POST /admin/refunds/:orderId
router.post('/refunds/:orderId', async (req, res, next) => {
  try {
    const result = await refund(req.params.orderId, req.body.amount);
    res.json(result);
  } catch (err) {
    next(err);
  }
});

// GET /admin/orders/:orderId/payment
router.get('/orders/:orderId/payment', async (req, res, next) => {
  try {
    res.json(await paymentStatus(req.params.orderId));
  } catch (err) {
    next(err);
  }
});

module.exports = router;
