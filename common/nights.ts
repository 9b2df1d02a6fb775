import { format, subHours } from 'date-fns';

/**
 * A night ends at this local hour: an intention set before it still belongs to the night that
 * began the evening before (set at 1 a.m., it is for the sleep that follows), one set after it is
 * for the coming night.
 */
export const NIGHT_ENDS_AT_HOUR = 6;

/** The night a moment belongs to, named by the local date of its evening ("2026-03-01"). */
export function nightOf(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return format(subHours(date, NIGHT_ENDS_AT_HOUR), 'yyyy-MM-dd');
}

/** Whether an intention set at `value` is for the night that has not passed yet at `now`. */
export function isTonight(value: string | Date, now: Date = new Date()): boolean {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return false;
  return nightOf(date) === nightOf(now);
}
