const vm = require('vm');

function applyFormula(req, res) {
  const expr = req.body.formula;
  // ruleid: javascript/eval-injection
  // ruleid: javascript/taint-code-injection
  const result = eval(expr);
  res.json({ result });
}

function buildValidator(rule) {
  // ruleid: javascript/eval-injection
  return new Function('value', 'return ' + rule.expression + ';');
}

function runPlugin(source, sandbox) {
  // ruleid: javascript/eval-injection
  return vm.runInNewContext(source, sandbox, { timeout: 50 });
}

function schedule(widgetId) {
  // ruleid: javascript/eval-injection
  setTimeout("refreshWidget('" + widgetId + "')", 500);
  // ruleid: javascript/eval-injection
  setInterval(`poll(${widgetId})`, 1000);
}

function safeStuff(widgetId, text) {
  // ok: javascript/eval-injection
  const two = eval('1 + 1');
  // ok: javascript/eval-injection
  const getGlobal = new Function('return this');
  // ok: javascript/eval-injection
  setTimeout(() => refreshWidget(widgetId), 500);
  // ok: javascript/eval-injection
  setTimeout(refreshWidget, 500, widgetId);
  // ok: javascript/eval-injection
  const data = JSON.parse(text);
  // ok: javascript/eval-injection
  const m = /a+/.exec(text);
  // ok: javascript/eval-injection
  const script = new vm.Script('globalThis.x = 1');
  return [two, getGlobal, data, m, script];
}
