'use strict';

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** "Sat 14 Sept, 19:30" style label for listings. */
function formatWhen(date) {
  return whenFormat.format(new Date(date));
}

/** Escapes text for an iCalendar TEXT value (RFC 5545, 3.3.11). */
function icsEscape(text) {
  return String(text)
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** 20240914T193000Z */
function toIcsDate(date) {
  return new Date(date).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

module.exports = { formatWhen, icsEscape, toIcsDate };
