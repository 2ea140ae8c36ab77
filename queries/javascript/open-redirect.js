const express = require('express');
const router = express.Router();

router.post('/login', async (req, res) => {
  await login(req.body.email, req.body.password);
  // ruleid: javascript/open-redirect
  // ruleid: javascript/taint-open-redirect
  res.redirect(req.query.next);
});

router.get('/out', (req, res) => {
  // ruleid: javascript/open-redirect
  // ruleid: javascript/taint-open-redirect
  res.redirect(302, req.query['url']);
});

async function koaCallback(ctx) {
  // ruleid: javascript/open-redirect
  // ruleid: javascript/taint-open-redirect
  ctx.redirect(ctx.query.returnTo);
}

router.get('/safe', (req, res) => {
  const target = req.query.next;
  // ok: javascript/open-redirect
  res.redirect('/dashboard');
  // ok: javascript/open-redirect
  res.redirect(safeRedirect(req.query.next, '/'));
  // ok: javascript/open-redirect
  res.redirect('/orders/' + encodeURIComponent(req.params.id));
  // ok: javascript/open-redirect
  router.redirect(target);
});

module.exports = { router, koaCallback };
