const util = require('util');
const express = require('express');
const mysql = require('mysql2/promise');
const { pool, knex, sequelize } = require('./db');

const router = express.Router();
const SORT_COLUMNS = { newest: 'created_at DESC', title: 'title ASC' };

router.get('/users', async (req, res) => {
  const name = req.query.name;
  // ruleid: javascript/sql-injection
  const sql = "SELECT * FROM users WHERE name = '" + name + "'";
  // ruleid: javascript/taint-sql-injection
  const [rows] = await pool.query(sql);
  // ok: javascript/taint-sql-injection
  const [same] = await pool.query('SELECT * FROM users WHERE name = ?', [name]);
  // ruleid: javascript/taint-sql-injection
  // ruleid: javascript/sql-injection
  await pool.query(`SELECT * FROM users WHERE id = ${req.params.id}`);
  res.json({ rows, same });
});

router.get('/search', async (req, res) => {
  const term = (req.query.q || '').trim();
  let sql = "SELECT id, title FROM posts WHERE published = 1";
  if (term) {
    sql += " AND title LIKE '%" + term + "%'";
  }
  sql += ' LIMIT 50';
  // ruleid: javascript/taint-sql-injection
  const [rows] = await pool.execute(sql);
  res.json(rows);
});

router.get('/orders/:id', async (req, res) => {
  const { id } = req.params;
  const text = util.format("SELECT * FROM orders WHERE id = '%s'", id);
  // ruleid: javascript/taint-sql-injection
  const result = await req.app.locals.db.query(text);
  const limit = parseInt(req.query.limit, 10) || 20;
  // ok: javascript/taint-sql-injection
  // ok: javascript/sql-injection
  await pool.query(`SELECT * FROM orders ORDER BY id LIMIT ${limit}`);
  const order = SORT_COLUMNS[req.query.order] || SORT_COLUMNS.newest;
  // ok: javascript/taint-sql-injection
  // ok: javascript/sql-injection
  await pool.query('SELECT * FROM orders ORDER BY ' + order);
  res.json(result);
});

router.post('/report', async (req, res) => {
  const filters = {};
  filters.owner = req.body.owner;
  filters.kind = 'invoice';
  const kind = filters.kind;
  // ok: javascript/taint-sql-injection
  // ok: javascript/sql-injection
  await pool.query("SELECT * FROM docs WHERE kind = '" + kind + "'");
  const owner = filters.owner;
  // ruleid: javascript/taint-sql-injection
  // ruleid: javascript/sql-injection
  await pool.query("SELECT * FROM docs WHERE owner = '" + owner + "'");
  if (false) {
    // ok: javascript/taint-sql-injection
    // ok: javascript/sql-injection
    await pool.query("DELETE FROM docs WHERE owner = '" + owner + "'");
  }
  let status = req.body.status;
  status = 'open';
  // ok: javascript/taint-sql-injection
  // ok: javascript/sql-injection
  await pool.query("SELECT * FROM docs WHERE status = '" + status + "'");
  const escaped = mysql.escape(req.body.title);
  // ok: javascript/taint-sql-injection
  // ok: javascript/sql-injection
  await pool.query('SELECT * FROM docs WHERE title = ' + escaped);
  // Sequelize's literal puts its text into the query as it is.
  const order = sequelize.literal(req.body.order);
  // ruleid: javascript/taint-sql-injection
  // ruleid: javascript/sql-injection
  await pool.query('SELECT * FROM docs ORDER BY ' + order);
  res.sendStatus(204);
});

router.get('/tags', async (req, res) => {
  const clauses = [];
  for (const tag of req.query.tags.split(',')) {
    clauses.push(`tag = '${tag.trim()}'`);
  }
  // ruleid: javascript/taint-sql-injection
  // ruleid: javascript/sql-injection
  const rows = await knex.raw('SELECT * FROM posts WHERE ' + clauses.join(' OR '));
  const where = ['deleted = 0'].concat(req.query.extra);
  // ruleid: javascript/taint-sql-injection
  // ruleid: javascript/sql-injection
  await sequelize.query(`SELECT * FROM posts WHERE ${where.join(' AND ')}`);
  const column = req.query.column.replace(/[^a-z_]/g, '');
  // ruleid: javascript/taint-sql-injection
  await knex('posts').orderByRaw(column);
  res.json(rows);
});

router.get('/stats', async (req, res) => {
  const table = 'posts';
  // ok: javascript/taint-sql-injection
  // ok: javascript/sql-injection
  const [rows] = await pool.query(`SELECT COUNT(*) AS n FROM ${table}`);
  res.json(rows);
});

router.get('/archive', async (req, res) => {
  const mode = req.query.raw ? 'raw' : 'html';
  // ok: javascript/taint-sql-injection
  // ok: javascript/sql-injection
  await pool.query("SELECT * FROM archive WHERE mode = '" + mode + "'");
  switch (req.query.kind) {
    case 'post': {
      // ruleid: javascript/sql-injection
      const sql = "SELECT * FROM posts WHERE slug = '" + req.query.slug + "'";
      // ruleid: javascript/taint-sql-injection
      await pool.query(sql);
      break;
    }
    default:
      res.sendStatus(400);
  }
  res.end();
});

// A helper outside any handler: its parameters are not request data.
async function findByName(db, name) {
  // ok: javascript/taint-sql-injection
  // ruleid: javascript/sql-injection
  return db.query("SELECT * FROM users WHERE name = '" + name + "'");
}

module.exports = { router, findByName };
