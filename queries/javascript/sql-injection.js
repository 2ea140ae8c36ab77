const mysql = require('mysql2/promise');
const pool = mysql.createPool({ host: 'localhost', database: 'shop' });

async function getUser(req, res) {
  // ruleid: javascript/sql-injection
  // ruleid: javascript/taint-sql-injection
  const [rows] = await pool.query(`SELECT * FROM users WHERE id = ${req.params.id}`);
  res.json(rows[0]);
}

async function search(term, sort) {
  // ruleid: javascript/sql-injection
  const sql = "SELECT id, name FROM products WHERE name LIKE '%" + term + "%' ORDER BY " + sort;
  return pool.query(sql);
}

async function removeOrder(db, orderId) {
  // ruleid: javascript/sql-injection
  await db.run('DELETE FROM orders WHERE id = ' + orderId);
}

async function rename(db, id, name) {
  let stmt;
  // ruleid: javascript/sql-injection
  stmt = `UPDATE products SET name = '${name}' WHERE id = ${id}`;
  return db.all(stmt);
}

async function safeQueries(db, id, term, count) {
  // ok: javascript/sql-injection
  const [rows] = await pool.query('SELECT * FROM users WHERE id = ?', [id]);
  // ok: javascript/sql-injection
  await db.run(`DELETE FROM orders WHERE id = $1`, [id]);
  // ok: javascript/sql-injection
  const sql = 'SELECT id, name FROM products ' +
    'WHERE name LIKE ? ORDER BY name';
  // ok: javascript/sql-injection
  const message = `Select ${count} items from the list`;
  // ok: javascript/sql-injection
  const heading = "Delete from favourites: " + term;
  // ok: javascript/sql-injection
  const cached = cache.get(`user:${id}`);
  // ok: javascript/sql-injection
  const r = await db.query(sql`SELECT * FROM users WHERE id = ${id}`);
  return [rows, sql, message, heading, cached, r];
}
