const crypto = require("crypto");

function login(req, res) {
  // ruleid: javascript/hardcoded-password-comparison
  if (req.body.password === "Tr0ub4dor&3") {
    return res.send("welcome");
  }
  const apiKey = req.get("x-api-key");
  // ruleid: javascript/hardcoded-password-comparison
  if ("k3y-9f8e7d6c5b4a" !== apiKey) {
    return res.status(401).end();
  }
  // ruleid: javascript/weak-hash
  const digest = crypto.createHash("md5").update(req.body.pin).digest("hex");
  // ruleid: javascript/hardcoded-password-comparison
  if (digest == "5f4dcc3b5aa765d61d8327deb882cf99") {
    return res.send("ok");
  }
  // ok: javascript/hardcoded-password-comparison
  if (req.body.password === "") {
    return res.status(400).end();
  }
  // ok: javascript/hardcoded-password-comparison
  if (typeof req.body.password !== "string") {
    return res.status(400).end();
  }
  // ok: javascript/hardcoded-password-comparison
  if (req.body.passwordPolicy === "strict") {
    return res.end();
  }
  // ok: javascript/hardcoded-password-comparison
  return res.send(req.body.password === undefined ? "none" : "set");
}
