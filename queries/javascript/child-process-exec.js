const { exec, execFile, spawn } = require('child_process');
const cp = require('child_process');
const { exec: shell } = require('node:child_process');
const util = require('util');
const run = util.promisify(require('child_process').exec);
const db = require('./db');

function thumbnail(req, res) {
  const file = req.query.file;
  // ruleid: javascript/child-process-exec
  // ruleid: javascript/taint-command-injection
  exec(`convert uploads/${file} -resize 200x200 thumbs/${file}`, (err) => {
    if (err) return res.status(500).end();
    res.sendStatus(204);
  });
}

function ping(host) {
  // ruleid: javascript/child-process-exec
  return cp.execSync('ping -c 1 ' + host).toString();
}

function runUserCommand(cmd) {
  // ruleid: javascript/child-process-exec
  require('child_process').exec(cmd);
}

async function renamed(name, branch) {
  // ruleid: javascript/child-process-exec
  shell('git checkout ' + branch);
  // ruleid: javascript/child-process-exec
  await run(`convert ${name} out.png`);
}

function archive(dir) {
  // ruleid: javascript/child-process-exec
  spawn(`tar czf backup.tgz ${dir}`, [], { shell: true });
}

function safeOnes(host, text) {
  // ok: javascript/child-process-exec
  exec('git rev-parse HEAD', (err, out) => console.log(out));
  // ok: javascript/child-process-exec
  cp.execSync(`uptime`);
  // ok: javascript/child-process-exec
  execFile('ping', ['-c', '1', host]);
  // ok: javascript/child-process-exec
  spawn('tar', ['czf', 'backup.tgz', host], { shell: false });
  // ok: javascript/child-process-exec
  const match = /^(\w+)=(.*)$/.exec(text);
  // ok: javascript/child-process-exec
  const rows = db.exec(text);
  // ok: javascript/child-process-exec
  const m2 = pattern.exec(host);
  return [match, rows, m2];
}
