const jwt = require('jsonwebtoken');
const { UnsecuredJWT, jwtVerify } = require('jose');

function authenticate(req, key) {
  const token = req.headers.authorization.slice(7);
  // ruleid: javascript/jwt-unverified
  return jwt.verify(token, key, { algorithms: ['HS256', 'none'] });
}

function claims(token) {
  // ruleid: javascript/jwt-unverified
  return UnsecuredJWT.decode(token).payload;
}

async function good(token, key) {
  // ok: javascript/jwt-unverified
  const a = jwt.verify(token, key, { algorithms: ['RS256'] });
  // ok: javascript/jwt-unverified
  const b = await jwtVerify(token, key, { algorithms: ['ES256'] });
  return [a, b];
}
