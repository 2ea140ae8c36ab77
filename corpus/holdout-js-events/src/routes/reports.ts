// Organiser reports: attendee lists and daily ticket sales.

import { Router, Request, Response, NextFunction } from 'express';
import config from '../config';
import db from '../db';

const router = Router();

const ATTENDEE_COLUMNS = ['a.name', 'a.email', 't.code', 'tt.name AS ticket_type', 't.checked_in_at'];

// GET /reports/attendees?event=12&sort=checked_in_at&dir=desc
router.get('/attendees', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const eventId = Number(req.query.event);
    if (!Number.isInteger(eventId)) {
      res.status(400).json({ error: 'event must be an id' });
      return;
    }
    const sort = String(req.query.sort || 'a.name').toLowerCase();
    const dir = req.query.dir === 'desc' ? 'DESC' : 'ASC';
    const sql = `SELECT ${ATTENDEE_COLUMNS.join(', ')}
      FROM tickets t
      JOIN attendees a ON a.id = t.attendee_id
      JOIN ticket_types tt ON tt.id = t.ticket_type_id
      WHERE t.event_id = $1
      ORDER BY ${sort} ${dir}`;
    const { rows } = await db.query(sql, [eventId]);
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

// GET /reports/sales?event=12&from=2024-08-01
router.get('/sales', async (req: Request, res: Response, next: NextFunction) => {
  try {
    const eventId = Number(req.query.event);
    const from = String(req.query.from || '1970-01-01');
    const { rows } = await db.query(`SELECT day, tickets_sold, revenue_cents FROM ${config.reportingSchema}.daily_sales WHERE event_id = $1 AND day >= $2::date ORDER BY day`, [eventId, from]);
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

export default router;
