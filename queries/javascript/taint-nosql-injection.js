const express = require('express');
const { ObjectId } = require('mongodb');
const User = require('./models/user');

const router = express.Router();

router.post('/login', async (req, res) => {
  // ruleid: javascript/taint-nosql-injection
  const user = await User.findOne({ email: req.body.email, password: req.body.password });
  res.json(user);
});

router.get('/search', async (req, res) => {
  const filter = req.query;
  // ruleid: javascript/taint-nosql-injection
  const rows = await req.app.locals.db.collection('orders').find(filter).toArray();
  res.json(rows);
});

router.get('/where', async (req, res) => {
  const users = req.app.locals.usersCollection;
  // ruleid: javascript/taint-nosql-injection
  const rows = await users.find({ $where: `this.name == '${req.query.name}'` }).toArray();
  res.json(rows);
});

router.get('/safe/:id', async (req, res) => {
  // ok: javascript/taint-nosql-injection
  const user = await User.findOne({ _id: new ObjectId(req.params.id) });
  // ok: javascript/taint-nosql-injection
  const byName = await User.findOne({ name: String(req.query.name) });
  // ok: javascript/taint-nosql-injection
  const byEmail = await User.findOne({ email: { $eq: req.body.email } });
  // ok: javascript/taint-nosql-injection
  const lower = await User.findOne({ email: req.body.email.toLowerCase() });
  const ids = [1, 2, 3];
  // ok: javascript/taint-nosql-injection
  const first = ids.find((id) => id === Number(req.query.id));
  res.json({ user, byName, first });
});

router.get('/sql', async (req, res) => {
  // ok: javascript/taint-nosql-injection
  const user = await Account.findOne({ where: { email: req.query.email } });
  res.json(user);
});
