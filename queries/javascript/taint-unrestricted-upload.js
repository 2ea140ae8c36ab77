const crypto = require('crypto');
const express = require('express');
const fileUpload = require('express-fileupload');
const fs = require('fs');
const multer = require('multer');
const path = require('path');

const app = express();
const upload = multer({ dest: '/tmp/incoming' });
const UPLOADS = '/srv/app/public/uploads';
const ALLOWED = ['.png', '.jpg', '.gif'];

app.post('/avatar', upload.single('avatar'), (req, res) => {
  const name = path.basename(req.file.originalname);
  // ruleid: javascript/taint-unrestricted-upload
  fs.renameSync(req.file.path, path.join(UPLOADS, name));
  res.sendStatus(201);
});

app.post('/attachment', fileUpload(), (req, res) => {
  const attachment = req.files.attachment;
  // ruleid: javascript/taint-unrestricted-upload
  attachment.mv(path.join(UPLOADS, attachment.name), () => res.sendStatus(201));
});

app.post('/raw', upload.single('doc'), async (req, res) => {
  const data = await fs.promises.readFile(req.file.path);
  // ruleid: javascript/taint-unrestricted-upload
  fs.writeFileSync(`${UPLOADS}/${req.file.originalname}`, data);
  res.sendStatus(201);
});

app.post('/checked', upload.single('avatar'), (req, res) => {
  const ext = path.extname(req.file.originalname).toLowerCase();
  if (!ALLOWED.includes(ext)) {
    return res.sendStatus(400);
  }
  // ok: javascript/taint-unrestricted-upload
  fs.renameSync(req.file.path, path.join(UPLOADS, path.basename(req.file.originalname)));
  res.sendStatus(201);
});

app.post('/typed', upload.single('avatar'), (req, res) => {
  if (req.file.mimetype !== 'image/png') {
    return res.sendStatus(415);
  }
  // ok: javascript/taint-unrestricted-upload
  fs.renameSync(req.file.path, path.join(UPLOADS, req.file.originalname));
  res.sendStatus(201);
});

app.post('/renamed', upload.single('avatar'), (req, res) => {
  // The server names the file.
  // ok: javascript/taint-unrestricted-upload
  fs.renameSync(req.file.path, path.join(UPLOADS, crypto.randomUUID() + '.png'));
  res.sendStatus(201);
});

function storedName(req) {
  return req.body.user + '-' + Date.now() + '.json';
}

app.post('/notes', (req, res) => {
  // The server chose the extension (the user's name still walks out of the folder).
  // ok: javascript/taint-unrestricted-upload
  // ruleid: javascript/taint-path-traversal
  fs.writeFileSync(path.join(UPLOADS, storedName(req)), JSON.stringify(req.body));
  res.sendStatus(201);
});
