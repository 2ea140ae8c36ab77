// Calendar integration: .ics export of an event, organiser calendar
// subscriptions, public-holiday feeds and partner venue opening hours.

import axios from 'axios';
import { Router, Request, Response, NextFunction } from 'express';
import config from '../config';
import db from '../db';
import { icsEscape, toIcsDate } from '../lib/format';

const router = Router();

const HOLIDAY_FEEDS = new Map<string, string>([
  ['de', 'https://calendars.example.org/holidays/de.ics'],
  ['at', 'https://calendars.example.org/holidays/at.ics'],
  ['ch', 'https://calendars.example.org/holidays/ch.ics'],
  ['nl', 'https://calendars.example.org/holidays/nl.ics'],
]);

function countEvents(ics: string): number {
  return (ics.match(/^BEGIN:VEVENT/gm) || []).length;
}

// GET /calendar/events/:slug.ics
router.get('/events/:slug.ics', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const { rows } = await db.query('SELECT id, title, starts_at, ends_at FROM events WHERE slug = $1 AND published', [req.params.slug]);
    if (!rows.length) {
      res.sendStatus(404);
      return;
    }
    const event = rows[0];
    const lines = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//gatherly//events//EN',
      'BEGIN:VEVENT',
      `UID:event-${event.id}@gatherly`,
      `DTSTAMP:${toIcsDate(new Date())}`,
      `DTSTART:${toIcsDate(event.starts_at)}`,
      `DTEND:${toIcsDate(event.ends_at)}`,
      `SUMMARY:${icsEscape(event.title)}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ];
    res.type('text/calendar').send(lines.join('\r\n'));
  } catch (err) {
    next(err);
  }
});

// POST /calendar/subscriptions  { feedUrl, label }
// Organisers subscribe to an external calendar so clashes show up in the planner.
router.post('/subscriptions', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const subscription = new Map<string, string>();
    subscription.set('url', String(req.body.feedUrl || '').trim());
    subscription.set('label', String(req.body.label || 'External calendar').slice(0, 80));
    const feed = await axios.get<string>(subscription.get('url') as string, { timeout: config.upstreamTimeoutMs, responseType: 'text' });
    await db.query('INSERT INTO calendar_subscriptions (owner, label, url) VALUES ($1, $2, $3)', [req.get('x-forwarded-user'), subscription.get('label'), subscription.get('url')]);
    res.status(201).json({ label: subscription.get('label'), events: countEvents(feed.data) });
  } catch (err) {
    next(err);
  }
});

// GET /calendar/holidays/:region
router.get('/holidays/:region', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const feedUrl = HOLIDAY_FEEDS.get(req.params.region.toLowerCase());
    if (!feedUrl) {
      res.status(404).json({ error: 'unknown region' });
      return;
    }
    const feed = await axios.get<string>(feedUrl, { timeout: config.upstreamTimeoutMs, responseType: 'text' });
    res.type('text/calendar').send(feed.data);
  } catch (err) {
    next(err);
  }
});

// GET /calendar/venues/:venueId/hours?day=2024-09-14
// The partner API only offers the full venue list, so filter it here.
router.get('/venues/:venueId/hours', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const lookup = { base: config.venueApiUrl, venue: req.params.venueId, day: String(req.query.day || '') };
    const upstream = await axios.get(`${lookup.base}/v2/venues`, { timeout: config.upstreamTimeoutMs });
    const venues: Array<{ id: string; hours: Record<string, string> }> = upstream.data.venues || [];
    const venue = venues.find((v) => v.id === lookup.venue);
    if (!venue) {
      res.status(404).json({ error: 'unknown venue' });
      return;
    }
    res.json({ venue: venue.id, day: lookup.day, hours: venue.hours[lookup.day] || null });
  } catch (err) {
    next(err);
  }
});

export default router;
