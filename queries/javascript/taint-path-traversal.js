const fs = require('fs');
const path = require('path');
const http = require('http');
const url = require('url');
const express = require('express');
const config = require('./config');

const router = express.Router();
const DOCS = { guide: 'guide.md', faq: 'faq.md' };

router.get('/files/:slug/:name', (req, res) => {
  const file = path.join(config.attachments, req.params.slug, req.params.name);
  // ruleid: javascript/taint-path-traversal
  res.sendFile(file);
  // ok: javascript/taint-path-traversal
  res.sendFile(req.params.name, { root: config.attachments });
});

router.get('/raw/:name', async (req, res) => {
  const safe = path.join(config.pasteDir, path.basename(req.params.name) + '.txt');
  // ok: javascript/taint-path-traversal
  const text = await fs.promises.readFile(safe, 'utf8');
  const doc = DOCS[req.params.name] || DOCS.guide;
  // ok: javascript/taint-path-traversal
  const page = fs.readFileSync(path.join(config.docs, doc), 'utf8');
  let name = req.params.name;
  name = 'index.txt';
  // ok: javascript/taint-path-traversal
  fs.readFileSync(path.join(config.docs, name));
  res.type('text/plain').send(text + page);
});

router.post('/upload', async (req, res) => {
  const target = `${config.uploads}/${req.body.folder}/${req.body.filename}`;
  // ruleid: javascript/taint-path-traversal, javascript/taint-unrestricted-upload
  await fs.promises.writeFile(target, req.body.data);
  const slug = Date.now().toString(36);
  // ok: javascript/taint-path-traversal
  await fs.promises.writeFile(path.join(config.uploads, slug), req.body.data);
  res.sendStatus(201);
});

router.delete('/files', (req, res) => {
  const paths = {};
  paths.user = req.query.file;
  paths.cache = config.cacheFile;
  // ok: javascript/taint-path-traversal
  fs.unlinkSync(paths.cache);
  for (const item of req.body.items) {
    // ruleid: javascript/taint-path-traversal
    fs.unlinkSync(path.resolve(config.uploads, item));
  }
  // ruleid: javascript/taint-path-traversal
  fs.unlinkSync(paths.user);
  res.sendStatus(204);
});

router.get('/download', (req, res) => {
  const file = config.exports.concat('/', req.query.file);
  // ruleid: javascript/taint-path-traversal
  res.download(file);
  // ruleid: javascript/taint-path-traversal
  // ruleid: javascript/path-traversal
  fs.readdir(req.query.dir, (err, entries) => res.json(entries));
});

function handleRaw(req, res) {
  const query = url.parse(req.url, true).query;
  const full = config.pasteDir + '/' + query.name;
  // ruleid: javascript/taint-path-traversal
  fs.createReadStream(full).pipe(res);
}

http.createServer(handleRaw).listen(8080);

function readTemplate(name) {
  // ok: javascript/taint-path-traversal
  return fs.readFileSync(path.join(__dirname, 'templates', name), 'utf8');
}

module.exports = { router, readTemplate };
