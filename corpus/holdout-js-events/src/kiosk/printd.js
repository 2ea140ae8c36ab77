'use strict';

// Badge print daemon for the check-in laptops. The door tablets call it over
// the event LAN once a badge has been rendered into the shared spool folder;
// it hands the file to the laptop's CUPS queue.

const http = require('http');
const path = require('path');
const { exec } = require('child_process');
const { quote } = require('shell-quote');

const PORT = Number(process.env.PRINTD_PORT || 9631);
const SPOOL_DIR = process.env.PRINTD_SPOOL || '/var/spool/gatherly';
const DEFAULT_QUEUE = process.env.PRINTD_QUEUE || 'frontdesk';
const TEST_PAGE = '/usr/share/cups/data/testprint';

function reply(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function handleStatus(req, res) {
  exec(`lpstat -p ${DEFAULT_QUEUE} -l`, { timeout: 5000 }, (err, stdout) => {
    if (err) return reply(res, 503, { queue: DEFAULT_QUEUE, ready: false });
    return reply(res, 200, { queue: DEFAULT_QUEUE, ready: !/disabled/.test(stdout) });
  });
}

// POST /print  X-Badge-File: badge-1234.png  X-Copies: 2  [X-Print-Queue: desk-2]
function handlePrint(req, res) {
  const queue = req.headers['x-print-queue'] || DEFAULT_QUEUE;
  const badge = path.basename(req.headers['x-badge-file'] || '');
  const copies = Math.min(parseInt(req.headers['x-copies'], 10) || 1, 5);
  if (!badge.endsWith('.png')) return reply(res, 400, { error: 'X-Badge-File must name a PNG badge' });
  const cmd = quote(['lp', '-d', queue, '-n', String(copies), path.join(SPOOL_DIR, badge)]);
  exec(cmd, { timeout: 10000 }, (err, stdout) => {
    if (err) return reply(res, 502, { error: 'print failed' });
    return reply(res, 202, { queued: stdout.trim() });
  });
  return undefined;
}

// POST /test-page  [X-Print-Queue: desk-2]  [X-Media: A6]
// Used while setting up a new desk to check paper size and alignment.
function handleTestPage(req, res) {
  const options = ['-d', req.headers['x-print-queue'] || DEFAULT_QUEUE];
  const media = req.headers['x-media'];
  if (media) options.push('-o', `media=${media}`);
  exec('lp ' + options.join(' ') + ' ' + TEST_PAGE, { timeout: 10000 }, (err) => {
    reply(res, err ? 502 : 202, { ok: !err });
  });
}

const server = http.createServer((req, res) => {
  const { pathname } = new URL(req.url, 'http://printd.local');
  if (req.method === 'GET' && pathname === '/status') return handleStatus(req, res);
  if (req.method === 'POST' && pathname === '/print') return handlePrint(req, res);
  if (req.method === 'POST' && pathname === '/test-page') return handleTestPage(req, res);
  return reply(res, 404, { error: 'not found' });
});

if (require.main === module) {
  server.listen(PORT, () => console.log(`printd listening on :${PORT}`));
}

module.exports = server;
