const path = require('path');
const { exec, execSync, spawn, execFile } = require('child_process');
const childProcess = require('child_process');
const { quote } = require('shell-quote');
const express = require('express');
const config = require('./config');

const router = express.Router();
const FORMATS = { png: 'png', jpeg: 'jpg' };

router.get('/thumb/:name', (req, res) => {
  const name = req.params.name;
  // ruleid: javascript/taint-command-injection
  // ruleid: javascript/child-process-exec
  exec('convert uploads/' + name + ' -resize 200x200 out.png', () => res.end());
});

router.get('/highlight', (req, res) => {
  const style = req.query.style || 'default';
  const options = 'style=' + style + ',linenos=table';
  const command = `pygmentize -f html -O ${options} file.txt`;
  // ruleid: javascript/taint-command-injection
  // ruleid: javascript/child-process-exec
  const out = execSync(command, { timeout: 5000 });
  res.type('html').send(out);
});

router.get('/export/:name', (req, res) => {
  const folder = req.params.name.trim().toLowerCase();
  // ruleid: javascript/taint-command-injection
  // ruleid: javascript/child-process-exec
  const zip = spawn(`zip -qr - ${folder}`, { cwd: config.dir, shell: true });
  zip.stdout.pipe(res);
  // ok: javascript/taint-command-injection
  spawn('zip', ['-qr', '-', folder], { cwd: config.dir });
  // ok: javascript/taint-command-injection
  execFile('git', ['log', '--format=%H', folder], () => {});
});

router.post('/run', (req, res) => {
  const parts = ['tar', 'czf', 'backup.tgz'];
  parts.push(req.body.dir);
  const script = parts.join(' ');
  // ruleid: javascript/taint-command-injection
  spawn('sh', ['-c', script]);
  const lexer = req.body.language || 'text';
  // ok: javascript/taint-command-injection
  // ok: javascript/child-process-exec
  execSync('pygmentize -f html -l ' + quote([lexer]), { input: String(req.body.content || '') });
  // ruleid: javascript/taint-command-injection
  // ruleid: javascript/child-process-exec
  childProcess.exec(`ping -c 1 ${req.body.host}`);
  res.sendStatus(202);
});

router.get('/size/:name', (req, res) => {
  let folder = path.join(config.dir, req.params.name);
  folder = config.dir;
  // ok: javascript/taint-command-injection
  // ok: javascript/child-process-exec
  const usage = execSync('du -sh ' + folder).toString();
  const format = FORMATS[req.query.format] || 'png';
  // ok: javascript/taint-command-injection
  // ok: javascript/child-process-exec
  execSync(`convert in.bmp out.${format}`);
  const count = Number(req.query.count);
  // ok: javascript/taint-command-injection
  // ok: javascript/child-process-exec
  execSync('seq ' + count);
  res.json({ usage });
});

router.post('/backup', (req, res) => {
  // ok: javascript/taint-command-injection
  // ok: javascript/child-process-exec
  exec(config.backupCommand, (err) => res.status(err ? 500 : 202).end());
  if (false) {
    // ok: javascript/taint-command-injection
    // ok: javascript/child-process-exec
    exec('rm -rf ' + req.body.path);
  }
});

function runTool(tool) {
  // ok: javascript/taint-command-injection
  // ruleid: javascript/child-process-exec
  return execSync(tool + ' --version');
}

module.exports = { router, runTool };

class ToolsController {
  static runner = 'sh';

  lint = (req, res) => {
    // ruleid: javascript/taint-command-injection
    // ruleid: javascript/child-process-exec
    exec('eslint ' + req.query.path);
    // ok: javascript/taint-command-injection
    exec('eslint src/');
  };
}

// Each case of a switch is a branch from the state before it.
app.get('/tools/run', (req, res) => {
  let cmd = req.query.cmd;
  switch (req.query.mode) {
    case 'safe':
      cmd = 'ls';
      break;
    case 'raw':
      break;
  }
  // ruleid: javascript/taint-command-injection
  // ruleid: javascript/child-process-exec
  exec(cmd);
  let flag = req.query.flag;
  switch (req.query.kind) {
    case 'all':
      flag = '--all';
      break;
    default:
      flag = '--brief';
  }
  // ok: javascript/taint-command-injection
  // ok: javascript/child-process-exec
  exec('ls ' + flag);
  res.end();
});

// Each declarator in turn; destructured and rest parameters are parameters.
app.get('/tools/both', (req, res) => {
  // ruleid: javascript/taint-command-injection
  // ruleid: javascript/child-process-exec
  const dir = req.query.dir, listing = execSync('ls ' + dir);
  res.send(listing);
});

function runTool({ command }, ...extra) {
  // ok: javascript/taint-command-injection
  // ruleid: javascript/child-process-exec
  exec(command + ' ' + extra.join(' '));
}
