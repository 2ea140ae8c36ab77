import { Router, Request, Response, NextFunction } from 'express';
import { pool } from '../db';

const router = Router();
const ORDERINGS = new Map<string, string>([
  ['newest', 'created_at DESC'],
  ['views', 'view_count DESC'],
]);

router.get('/tags', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const connection = await pool.getConnection();
    const wanted: string[] = (req.query.tags as string).split(',');
    const clauses: string[] = [];
    for (const tag of wanted) {
      clauses.push(`t.name = '${tag.trim().toLowerCase()}'`);
    }
    // ruleid: javascript/taint-sql-injection
    // ruleid: javascript/sql-injection
    const [rows] = await connection.execute('SELECT p.slug FROM pastes p JOIN tags t ON t.paste_id = p.id WHERE ' + clauses.join(' OR '));
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

router.get('/by/:owner', async (req: Request, res: Response) => {
  const filters: Record<string, string> = { owner: req.params.owner, visibility: 'public' };
  // ok: javascript/taint-sql-injection
  // ok: javascript/sql-injection
  const [rows] = await pool.query("SELECT slug FROM pastes WHERE visibility = '" + filters['visibility'] + "' AND owner = ?", [filters['owner']]);
  // ruleid: javascript/taint-sql-injection
  // ruleid: javascript/sql-injection
  await pool.query("SELECT slug FROM pastes WHERE owner = '" + filters['owner'] + "'");
  res.json(rows);
});

router.get('/browse', async (req: Request, res: Response) => {
  const ordering = ORDERINGS.get(req.query.order as string) || ORDERINGS.get('newest');
  // ok: javascript/taint-sql-injection
  // ok: javascript/sql-injection
  const [rows] = await pool.query('SELECT slug, title FROM pastes ORDER BY ' + ordering + ' LIMIT 50');
  const page: number = Number(req.query.page) || 1;
  // ok: javascript/taint-sql-injection
  // ok: javascript/sql-injection
  await pool.query(`SELECT slug FROM pastes LIMIT 50 OFFSET ${(page - 1) * 50}`);
  const { title } = req.body as { title: string };
  // ruleid: javascript/taint-sql-injection
  // ruleid: javascript/sql-injection
  await pool.query(`UPDATE pastes SET title = '${title}' WHERE id = 1`);
  res.json(rows);
});

export default router;

export async function byTag(req: Request, res: Response) {
  const tag = String(req.query.tag);
  // ruleid: javascript/taint-sql-injection
  const [rows] = await pool.query<RowDataPacket[]>(`SELECT slug FROM pastes WHERE tag = '${tag}'`);
  res.json(rows);
}
