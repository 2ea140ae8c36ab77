import { Router, Request, Response } from 'express';
import axios from 'axios';

const router = Router();
const MIRRORS: Record<string, string> = {
  eu: 'https://eu.mirror.example',
  us: 'https://us.mirror.example',
};

router.post('/import', async (req: Request, res: Response) => {
  const sourceUrl: string = req.body.url;
  const target = sourceUrl.trim();
  // ruleid: javascript/taint-ssrf
  const response = await fetch(target, { redirect: 'follow' });
  const text = await response.text();
  res.json({ length: text.length });
});

router.get('/mirrors/:region/health', async (req: Request, res: Response) => {
  const region = req.params.region;
  if (!Object.prototype.hasOwnProperty.call(MIRRORS, region)) {
    res.sendStatus(404);
    return;
  }
  const base = MIRRORS[region];
  // ok: javascript/taint-ssrf
  const response = await axios.get(base + '/healthz', { timeout: 3000 });
  const webhook = (req.query.webhook as string) || '';
  // ruleid: javascript/taint-ssrf
  await axios.post(`${webhook}/notify`, { region });
  res.json({ healthy: response.status === 200 });
});

router.post('/gists/:id/import', async (req: Request, res: Response) => {
  // ok: javascript/taint-ssrf
  const response = await fetch('https://api.github.com/gists/' + encodeURIComponent(req.params.id));
  res.json({ status: response.status });
});

router.get('/mirrors/:region/status', async (req: Request, res: Response) => {
  const region = req.params.region;
  const base = Object.prototype.hasOwnProperty.call(MIRRORS, region) ? MIRRORS[region] : MIRRORS.eu;
  // ok: javascript/taint-ssrf
  const response = await axios.get(`${base}/status`);
  res.json({ status: response.status });
});

export default router;

export async function subscribe(req: Request, res: Response) {
  const subscription = new Map<string, string>();
  subscription.set('url', String(req.body.feedUrl || '').trim());
  subscription.set('label', 'External calendar');
  // ruleid: javascript/taint-ssrf
  const feed = await axios.get<string>(subscription.get('url') as string, { timeout: 5000 });
  // ok: javascript/taint-ssrf
  const other = await axios.get<string>(subscription.get('label') as string);
  res.json({ feed: feed.data, other: other.data });
}
