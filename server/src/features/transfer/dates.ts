/**
 * Dates in imported and exported files.
 *
 * The rule: a value with a time of day and a zone ("2026-10-02T06:00:00Z") is an instant and is kept as it is.
 * A value without a time of day ("2026-10-02", "10/02/2026", "Oct 2, 2026") is a calendar date: it is saved at
 * noon of that day in the importing user's time zone (UTC when the request names none), exactly as the dream
 * dialog saves a picked day at local noon. Dates are shown in the viewer's zone, so the day reads the same for
 * that user (and for anyone within eleven hours of them). A time without a zone is a wall time in that zone.
 * Exports write calendar days in the zone the request names.
 */

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(value: string): boolean {
  try {
    partsFormatter(value);
    return true;
  } catch {
    return false;
  }
}

const asUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** How far `timeZone`'s clock is ahead of UTC at `ms` (whole seconds), read from Intl. */
function offsetFromIntl(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    (parts.hour ?? 0) % 24,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

const DAY_MS = 86_400_000;
/** Offsets per zone and UTC day, when one offset holds the whole day (NaN: it changes that day). */
const offsetCache = new Map<string, number>();

function offsetAt(ms: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  const day = Math.floor(ms / DAY_MS);
  const key = `${timeZone}\u0000${day}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const start = offsetFromIntl(day * DAY_MS, timeZone);
    offset = start === offsetFromIntl((day + 1) * DAY_MS - 1000, timeZone) ? start : Number.NaN;
    if (offsetCache.size > 50_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return Number.isNaN(offset) ? offsetFromIntl(ms, timeZone) : offset;
}

/** The wall clock of `instant` in `timeZone`. */
export function wallTimeIn(instant: Date, timeZone: string): WallTime {
  const local = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The instant at which the wall clock in `timeZone` reads `wall`. */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const target = asUtc(wall);
  let guess = target;
  // Two corrections settle the zone offset, including across a daylight-saving change.
  for (let i = 0; i < 2; i++) guess += target - asUtc(wallTimeIn(new Date(guess), timeZone));
  return new Date(guess);
}

export function isRealDay(year: number, month: number, day: number): boolean {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Noon of a calendar day in `timeZone`. */
export function calendarNoon(year: number, month: number, day: number, timeZone: string): Date {
  return instantOf({ year, month, day, hour: 12, minute: 0, second: 0 }, timeZone);
}

/** "2026-10-02": the calendar day of `instant` in `timeZone`. */
export function dayKey(instant: Date, timeZone: string): string {
  const w = wallTimeIn(instant, timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "Oct 2, 2026" in `timeZone` (the app's US short form). */
export function shortDay(instant: Date, timeZone: string): string {
  const w = wallTimeIn(instant, timeZone);
  return `${MONTHS[w.month - 1]} ${w.day}, ${w.year}`;
}

/** A date with its day and month still to be ordered ("02/10/2026"). */
export interface NumericDate {
  first: number;
  second: number;
  year: number;
  time: { hour: number; minute: number; second: number } | null;
}

export type DateCell =
  | { kind: 'empty' }
  | { kind: 'instant'; date: Date }
  | { kind: 'wall'; wall: WallTime }
  | { kind: 'numeric'; value: NumericDate }
  | { kind: 'invalid' };

const MONTH_NAMES: Record<string, number> = {};
[
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
].forEach((name, i) => {
  MONTH_NAMES[name] = i + 1;
  MONTH_NAMES[name.slice(0, 3)] = i + 1;
});
MONTH_NAMES.sept = 9;

const TIME = String.raw`(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap]\.?m\.?)?)?`;
const ISO_LOCAL = new RegExp(String.raw`^(\d{4})[-/](\d{1,2})[-/](\d{1,2})${TIME}$`, 'i');
const NUMERIC = new RegExp(String.raw`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})${TIME}$`, 'i');
const NAMED_MDY = new RegExp(String.raw`^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})${TIME}$`, 'i');
const NAMED_DMY = new RegExp(String.raw`^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{4})${TIME}$`, 'i');
/** An ISO date-time that names its zone, or any text with an explicit zone that Date understands. */
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2}|\b(?:UTC|GMT)\b.*)$/i;

function clock(h?: string, m?: string, s?: string, meridiem?: string): WallTime | null {
  let hour = h === undefined ? 0 : Number(h);
  const minute = m === undefined ? 0 : Number(m);
  const second = s === undefined ? 0 : Number(s);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    const pm = meridiem.toLowerCase().startsWith('p');
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { year: 0, month: 0, day: 0, hour, minute, second };
}

function wallCell(year: number, month: number, day: number, t: [string?, string?, string?, string?]): DateCell {
  if (!isRealDay(year, month, day)) return { kind: 'invalid' };
  if (t[0] === undefined) return { kind: 'wall', wall: { year, month, day, hour: 12, minute: 0, second: 0 } };
  const c = clock(...t);
  return c ? { kind: 'wall', wall: { ...c, year, month, day } } : { kind: 'invalid' };
}

/**
 * Reads one date as written in a file. A calendar date comes back as a wall time at noon; day/month
 * numbers whose order is not yet known come back as `numeric`.
 */
export function readDateText(raw: string): DateCell {
  const text = raw.trim();
  if (!text) return { kind: 'empty' };
  let m = ISO_LOCAL.exec(text);
  if (m) return wallCell(Number(m[1]), Number(m[2]), Number(m[3]), [m[4], m[5], m[6], m[7]]);
  m = NUMERIC.exec(text);
  if (m) {
    const first = Number(m[1]);
    const second = Number(m[2]);
    const year = Number(m[3]);
    if (first < 1 || second < 1 || first > 31 || second > 31 || (first > 12 && second > 12)) return { kind: 'invalid' };
    let time: NumericDate['time'] = null;
    if (m[4] !== undefined) {
      const c = clock(m[4], m[5], m[6], m[7]);
      if (!c) return { kind: 'invalid' };
      time = { hour: c.hour, minute: c.minute, second: c.second };
    }
    return { kind: 'numeric', value: { first, second, year, time } };
  }
  const monthOf = (name: string | undefined) => MONTH_NAMES[(name ?? '').toLowerCase()];
  m = NAMED_MDY.exec(text);
  let month = monthOf(m?.[1]);
  if (m && month) return wallCell(Number(m[3]), month, Number(m[2]), [m[4], m[5], m[6], m[7]]);
  m = NAMED_DMY.exec(text);
  month = monthOf(m?.[2]);
  if (m && month) return wallCell(Number(m[3]), month, Number(m[1]), [m[4], m[5], m[6], m[7]]);
  // Numbers first ("10/02/2026 14:00 GMT") would be read month-first by Date: the order is decided above or not at all.
  if (HAS_ZONE.test(text) && /\d/.test(text) && !/^\d{1,2}[/.-]\d{1,2}[/.-]/.test(text)) {
    const date = new Date(text);
    if (!Number.isNaN(date.getTime())) return { kind: 'instant', date };
  }
  return { kind: 'invalid' };
}

export type DayMonthOrder = 'month-day' | 'day-month';

/** Orders a numeric date; null when that order gives no real day. */
export function orderNumeric(value: NumericDate, order: DayMonthOrder): WallTime | null {
  const month = order === 'month-day' ? value.first : value.second;
  const day = order === 'month-day' ? value.second : value.first;
  if (!isRealDay(value.year, month, day)) return null;
  const t = value.time ?? { hour: 12, minute: 0, second: 0 };
  return { year: value.year, month, day, ...t };
}

/** A date field of a JSON file: a bare "2026-10-02" is a calendar date, anything else is read as written. */
export function jsonDate(value: string, timeZone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (m && isRealDay(Number(m[1]), Number(m[2]), Number(m[3]))) {
    return calendarNoon(Number(m[1]), Number(m[2]), Number(m[3]), timeZone);
  }
  return new Date(value);
}
