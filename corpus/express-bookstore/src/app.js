'use strict';

const express = require('express');
const config = require('./config');
const books = require('./routes/books');
const admin = require('./routes/admin');
const { router: accounts, authenticate } = require('./auth');

const app = express();

app.use(express.json());
app.use(express.urlencoded({ extended: false }));

app.use('/books', books);
app.use('/accounts', accounts);
app.use('/admin', authenticate, admin);

app.get('/health', (req, res) => res.json({ ok: true }));

// eslint-disable-next-line no-unused-vars
app.use((err, req, res, next) => {
  console.error(err);
  res.status(500).json({ error: 'internal error' });
});

if (require.main === module) {
  app.listen(config.port, () => console.log(`bookstore listening on ${config.port}`));
}

module.exports = app;
