// Outbound integrations: link previews, imports from remote files and gists,
// mirror health checks and author profiles from the company directory.

import { Router, Request, Response, NextFunction } from 'express';
import axios from 'axios';
import ldap, { Client, EqualityFilter, SearchCallbackResponse, SearchEntry, SearchOptions } from 'ldapjs';
import config from '../config';

interface LinkPreview {
  url: string;
  title: string | null;
}

const router = Router();

const MIRRORS: Record<string, string> = {
  eu: 'https://eu.mirror.pastebin.example',
  us: 'https://us.mirror.pastebin.example',
  ap: 'https://ap.mirror.pastebin.example',
};

function titleOf(html: string): string | null {
  const match = /<title>([^<]*)<\/title>/i.exec(html);
  return match ? match[1].trim() : null;
}

/** Collects the entries of an LDAP search into a JSON response. */
function collect(client: Client, res: Response, next: NextFunction) {
  return (err: Error | null, search: SearchCallbackResponse): void => {
    if (err) {
      client.unbind();
      next(err);
      return;
    }
    const people: Record<string, unknown>[] = [];
    search.on('searchEntry', (entry: SearchEntry) => people.push(entry.pojo));
    search.on('error', (searchErr: Error) => next(searchErr));
    search.on('end', () => {
      client.unbind();
      res.json(people);
    });
  };
}

// POST /integrations/unfurl  { links: [...] } - titles for the links found in a paste
router.post('/unfurl', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const links: string[] = req.body.links || [];
    const previews: LinkPreview[] = [];
    for (const link of links.slice(0, 5)) {
      const response = await axios.get(link, { timeout: 3000, maxContentLength: 512 * 1024, responseType: 'text' });
      previews.push({ url: link, title: titleOf(response.data) });
    }
    res.json(previews);
  } catch (err) {
    next(err);
  }
});

// POST /integrations/import  { url } - starts a paste from a remote text file
router.post('/import', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const sourceUrl: string = req.body.url;
    const target = sourceUrl.trim();
    const response = await fetch(target, { redirect: 'follow' });
    const text = await response.text();
    res.json({ status: response.status, length: text.length, content: text.slice(0, 64 * 1024) });
  } catch (err) {
    next(err);
  }
});

// POST /integrations/gists/:id/import - starts a paste from a GitHub gist
router.post('/gists/:id/import', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const response = await fetch('https://api.github.com/gists/' + encodeURIComponent(req.params.id), { headers: { Accept: 'application/vnd.github+json' } });
    if (!response.ok) {
      res.sendStatus(response.status === 404 ? 404 : 502);
      return;
    }
    const gist = await response.json();
    const files = Object.values(gist.files as Record<string, { filename: string; content: string }>);
    res.json(files.map((file) => ({ title: file.filename, content: file.content })));
  } catch (err) {
    next(err);
  }
});

// GET /integrations/mirrors/:region/health
router.get('/mirrors/:region/health', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const region = req.params.region;
    if (!Object.prototype.hasOwnProperty.call(MIRRORS, region)) {
      res.sendStatus(404);
      return;
    }
    const base = MIRRORS[region];
    const response = await axios.get(base + '/healthz', { timeout: 3000 });
    res.json({ region, healthy: response.status === 200 });
  } catch (err) {
    next(err);
  }
});

// GET /integrations/authors/:login - directory profile of a paste author
router.get('/authors/:login', (req: Request, res: Response, next: NextFunction) => {
  const login = req.params.login.toLowerCase();
  const client = ldap.createClient({ url: config.ldapUrl });
  const options: SearchOptions = { scope: 'sub', filter: '(&(objectClass=inetOrgPerson)(uid=' + login + '))', attributes: ['uid', 'cn', 'mail'] };
  client.search(config.ldapBaseDn, options, collect(client, res, next));
});

// GET /integrations/authors?mail=alice@example.org - find an author by e-mail address
router.get('/authors', (req: Request, res: Response, next: NextFunction) => {
  const mail = String(req.query.mail || '');
  const client = ldap.createClient({ url: config.ldapUrl });
  const options: SearchOptions = { scope: 'sub', filter: new EqualityFilter({ attribute: 'mail', value: mail }), attributes: ['uid', 'cn', 'mail'] };
  client.search(config.ldapBaseDn, options, collect(client, res, next));
});

export default router;
