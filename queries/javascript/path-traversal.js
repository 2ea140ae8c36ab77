const fs = require('fs');
const path = require('path');
const express = require('express');

const router = express.Router();
const UPLOADS = path.join(__dirname, 'uploads');

router.get('/files/:name', (req, res) => {
  // ruleid: javascript/path-traversal
  // ruleid: javascript/taint-path-traversal
  fs.readFile(path.join(UPLOADS, req.params.name), (err, data) => {
    if (err) return res.sendStatus(404);
    res.send(data);
  });
});

router.get('/export', (req, res) => {
  // ruleid: javascript/path-traversal
  // ruleid: javascript/taint-path-traversal
  res.download(`${UPLOADS}/${req.query.file}`);
});

router.delete('/files/:name', async (req, res) => {
  // ruleid: javascript/path-traversal
  // ruleid: javascript/taint-path-traversal
  await fs.promises.unlink(UPLOADS + '/' + req.params.name);
  res.sendStatus(204);
});

router.get('/safe/:name', (req, res) => {
  // ok: javascript/path-traversal
  fs.readFile(path.join(UPLOADS, path.basename(req.params.name)), (err, data) => res.send(data));
  // ok: javascript/path-traversal
  res.sendFile(req.params.name, { root: UPLOADS });
  // ok: javascript/path-traversal
  fs.readFile(path.join(UPLOADS, 'index.json'), () => {});
  // ok: javascript/path-traversal
  fs.createReadStream(req.file.path).pipe(res);
  // ok: javascript/path-traversal
  const cached = cache.get(req.params.name);
  return cached;
});

module.exports = router;
