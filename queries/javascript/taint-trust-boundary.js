const express = require("express");
const bcrypt = require("bcrypt");
const app = express();

app.post("/impersonate", (req, res) => {
  const name = req.body.user;
  // ruleid: javascript/taint-trust-boundary
  req.session.user = name;
  res.end();
});

app.post("/flag", (req, res) => {
  // ruleid: javascript/taint-trust-boundary
  req.session[req.query.key] = true;
  res.end();
});

app.post("/role", (req, res) => {
  const role = (req.headers["x-role"] || "viewer").trim();
  // ruleid: javascript/taint-trust-boundary
  req.session["isAdmin"] = role;
  res.end();
});

app.post("/login", async (req, res) => {
  // ruleid: javascript/taint-nosql-injection
  const user = await User.findOne({ email: req.body.email });
  if (user && (await bcrypt.compare(req.body.password, user.hash))) {
    // ok: javascript/taint-trust-boundary
    req.session.userId = user;
    // ok: javascript/taint-trust-boundary
    req.session.authenticated = await bcrypt.compare(req.body.password, user.hash);
  }
  res.end();
});

app.get("/prefs", (req, res) => {
  // A preference the client may choose is not trusted state.
  // ok: javascript/taint-trust-boundary
  req.session.lang = req.query.lang || "en";
  // ok: javascript/taint-trust-boundary
  req.session.theme = req.query.theme;
  res.end();
});

app.get("/other", (req, res) => {
  const store = {};
  // ok: javascript/taint-trust-boundary
  store.user = req.query.user;
  // ok: javascript/taint-trust-boundary
  req.session.user = "guest";
  res.end();
});
