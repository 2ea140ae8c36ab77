const cors = require('cors');
const express = require('express');
const app = express();

// ruleid: javascript/cors-any-origin-with-credentials
app.use(cors({ origin: true, credentials: true }));

// ruleid: javascript/cors-any-origin-with-credentials
app.use('/api', cors({ credentials: true, maxAge: 600, origin: (origin, cb) => cb(null, true) }));

// ok: javascript/cors-any-origin-with-credentials
app.use('/public', cors({ origin: true }));

// ok: javascript/cors-any-origin-with-credentials
app.use('/app', cors({ origin: ['https://app.example.com'], credentials: true }));
