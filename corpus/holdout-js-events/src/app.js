'use strict';

const express = require('express');
const cookieParser = require('cookie-parser');
const config = require('./config');
const events = require('./routes/events');
const tickets = require('./routes/tickets');
const checkin = require('./routes/checkin');
const pricing = require('./routes/pricing');
const calendar = require('./routes/calendar').default;
const reports = require('./routes/reports').default;

const app = express();
app.disable('x-powered-by');

app.use(express.json({ limit: '100kb' }));
app.use(express.urlencoded({ extended: false }));
app.use(cookieParser());

// Organiser and staff pages sit behind the SSO proxy, which forwards the
// signed-in user in X-Forwarded-User and strips the header from outside traffic.
function requireStaff(req, res, next) {
  if (!req.get('x-forwarded-user')) {
    return res.status(401).json({ error: 'sign in required' });
  }
  return next();
}

app.use('/events', events);
app.use('/tickets', tickets);
app.use('/calendar', calendar);
app.use('/checkin', requireStaff, checkin);
app.use('/pricing', requireStaff, pricing);
app.use('/reports', requireStaff, reports);

app.get('/healthz', (req, res) => res.json({ ok: true }));

// eslint-disable-next-line no-unused-vars
app.use((err, req, res, next) => {
  console.error(err);
  res.status(500).json({ error: 'internal error' });
});

if (require.main === module) {
  app.listen(config.port, () => console.log(`gatherly listening on :${config.port}`));
}

module.exports = app;
