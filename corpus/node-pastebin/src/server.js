'use strict';

const path = require('path');
const express = require('express');
const cookieParser = require('cookie-parser');
const config = require('./config');
const pastes = require('./routes/pastes');
const collections = require('./routes/collections');
const drafts = require('./routes/drafts');
const admin = require('./routes/admin');
const shared = require('./routes/share').default;
const integrations = require('./routes/integrations').default;
const { createLegacyServer } = require('./legacy/server');

const app = express();

app.disable('x-powered-by');
app.use(express.json({ limit: '1mb' }));
app.use(cookieParser());
app.use('/static', express.static(config.publicDir));

app.use('/pastes', pastes);
app.use('/collections', collections);
app.use('/drafts', drafts);
app.use('/shared', shared);
app.use('/integrations', integrations);
app.use('/admin', admin);

// The paste page is a static shell that loads the paste through the JSON API.
app.get('/p/:slug', (req, res) => res.sendFile(path.join(config.publicDir, 'paste.html')));
app.get('/health', (req, res) => res.json({ ok: true }));

// eslint-disable-next-line no-unused-vars
app.use((err, req, res, next) => {
  console.error(err);
  res.status(500).json({ error: 'internal error' });
});

if (require.main === module) {
  app.listen(config.port, () => console.log(`pastebin listening on ${config.port}`));
  createLegacyServer().listen(config.legacyPort, () => console.log(`v1 API listening on ${config.legacyPort}`));
}

module.exports = app;
