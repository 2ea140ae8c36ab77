// Share links and tag pages. Share ids live in an XML registry that the old
// sharing service exported; new links are also recorded in MySQL.

import fs from 'fs';
import { Router, Request, Response, NextFunction } from 'express';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import config from '../config';
import { pool } from '../db';
import { newSlug } from '../lib/slug';

const router = Router();

function loadShares(): Node {
  const xml: string = fs.readFileSync(config.sharesFile, 'utf8');
  return new DOMParser().parseFromString(xml, 'text/xml') as unknown as Node;
}

function pasteIds(nodes: xpath.SelectedValue[]): string[] {
  return nodes.map((node) => (node as Attr).value);
}

// GET /shared/tags?tags=rust,wasm - public pastes carrying any of the tags
router.get('/tags', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const connection = await pool.getConnection();
    try {
      const wanted: string[] = (req.query.tags as string).split(',');
      const clauses: string[] = [];
      for (const tag of wanted) {
        clauses.push(`t.name = '${tag.trim().toLowerCase()}'`);
      }
      const [rows] = await connection.execute("SELECT DISTINCT p.slug, p.title FROM pastes p JOIN paste_tags t ON t.paste_id = p.id WHERE p.visibility = 'public' AND (" + clauses.join(' OR ') + ')');
      res.json(rows);
    } finally {
      connection.release();
    }
  } catch (err) {
    next(err);
  }
});

// GET /shared/by/:owner - an owner's public pastes
router.get('/by/:owner', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const filters: Record<string, string> = { owner: req.params.owner, visibility: 'public' };
    const [rows] = await pool.query("SELECT slug, title FROM pastes WHERE visibility = '" + filters['visibility'] + "' AND owner = ?", [filters['owner']]);
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

// GET /shared/lookup?id=k3v9 - resolves a share id from the registry (public shares only)
router.get('/lookup', (req: Request, res: Response) => {
  const id = req.query.id as string;
  const shares = loadShares();
  const expression = "//share[@id='" + id + "' and @visibility='public']/@paste";
  const hits = xpath.select(expression, shares) as xpath.SelectedValue[];
  if (!hits.length) {
    res.sendStatus(404);
    return;
  }
  res.json({ pastes: pasteIds(hits) });
});

// GET /shared/latest?count=10 - newest public shares in the registry
router.get('/latest', (req: Request, res: Response) => {
  const count: number = Number(req.query.count) || 10;
  const shares = loadShares();
  const hits = xpath.select("//share[@visibility='public'][position() <= " + count + ']/@paste', shares) as xpath.SelectedValue[];
  res.json({ pastes: pasteIds(hits) });
});

// POST /shared/:slug/link - creates a share link, then goes back to the page the user came from
router.post('/:slug/link', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const linkId = newSlug();
    await pool.query('INSERT INTO share_links (id, paste_slug, created_at) SELECT ?, slug, NOW() FROM pastes WHERE slug = ?', [linkId, req.params.slug]);
    const back = (req.query.return_to as string) || `/p/${req.params.slug}`;
    const target = back.trim();
    res.redirect(303, target);
  } catch (err) {
    next(err);
  }
});

// GET /shared/:slug - share URLs from 1.x point at the paste page now
router.get('/:slug', (req: Request, res: Response) => {
  res.redirect(301, '/p/' + encodeURIComponent(req.params.slug));
});

export default router;
