const vm = require('vm');
const url = require('url');
const express = require('express');

const router = express.Router();
const METRICS = {
  views_per_paste: 'views / Math.max(pastes, 1)',
  average_kb: 'Math.round(bytes / 1024)',
};

router.get('/lines', (req, res) => {
  const condition = req.query.where || 'true';
  // ruleid: javascript/taint-code-injection
  // ruleid: javascript/eval-injection
  const keep = new Function('line', `return (${condition});`);
  res.json(['a', 'b'].filter((line) => keep(line)));
});

router.get('/metrics/:name', (req, res) => {
  const formula = METRICS[req.params.name];
  // ok: javascript/taint-code-injection
  // ok: javascript/eval-injection
  const value = vm.runInNewContext(formula, { views: 1, pastes: 2, bytes: 3 });
  const custom = { formula: req.query.formula, fallback: '0' };
  // ok: javascript/taint-code-injection
  // ok: javascript/eval-injection
  vm.runInNewContext(custom.fallback, {});
  // ruleid: javascript/taint-code-injection
  const script = new vm.Script(custom.formula);
  res.json({ value, script: typeof script });
});

router.get('/legacy', (req, res) => {
  const saved = req.cookies.draft_v1 || '';
  let draft = { title: '' };
  if (false) {
    // ok: javascript/taint-code-injection
    // ok: javascript/eval-injection
    draft = eval('(' + saved + ')');
  }
  const delay = parseInt(req.query.delay, 10);
  // ok: javascript/taint-code-injection
  // ok: javascript/eval-injection
  setTimeout('refresh(' + delay + ')', 100);
  // ruleid: javascript/taint-code-injection
  // ruleid: javascript/eval-injection
  setTimeout('refresh("' + req.query.panel + '")', 100);
  // ok: javascript/taint-code-injection
  setTimeout(() => res.json(draft), 10);
  // ok: javascript/taint-code-injection
  const parsed = JSON.parse(saved);
  res.json(parsed);
});

function handleRender(req, res) {
  const query = url.parse(req.url, true).query;
  const raw = query.opts || '{}';
  const relaxed = raw.replace(/\s+/g, ' ');
  // ruleid: javascript/taint-code-injection
  // ruleid: javascript/eval-injection
  const options = eval('(' + relaxed + ')');
  res.end(JSON.stringify(options));
}

function compile(source) {
  // ok: javascript/taint-code-injection
  // ruleid: javascript/eval-injection
  return eval(source);
}

module.exports = { router, handleRender, compile };
