import { Pool } from 'pg';

const pool = new Pool();

export async function findByEmail(email: string): Promise<unknown[]> {
  // ruleid: javascript/sql-injection
  const result = await pool.query(`SELECT id, email FROM accounts WHERE email = '${email}'`);
  return result.rows;
}

export async function countBy(column: string): Promise<number> {
  // ruleid: javascript/sql-injection
  const text: string = 'SELECT count(*) AS n FROM accounts GROUP BY ' + column;
  const { rows } = await pool.query<{ n: number }>(text);
  return rows[0].n;
}

export async function safe(email: string): Promise<unknown[]> {
  // ok: javascript/sql-injection
  const result = await pool.query('SELECT id FROM accounts WHERE email = $1', [email]);
  // ok: javascript/sql-injection
  const label: string = `Select from ${email}'s mailbox`;
  // ok: javascript/sql-injection
  const q = { text: 'SELECT id FROM accounts WHERE email = $1', values: [email] };
  return [result.rows, label, q];
}
