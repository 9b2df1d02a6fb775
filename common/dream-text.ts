import { differenceInCalendarDays, format } from 'date-fns';
import type { TimePeriod } from './schemas/dreams';

/** Labels on dream cards and detail pages ("unknown" reads "Unknown Time" here). */
export const TIME_PERIOD_CARD_LABELS: Record<TimePeriod, string> = {
  early_childhood: 'Early Childhood',
  adolescence: 'Adolescence',
  young_adult: 'Young Adult',
  adult: 'Adult',
  middle_age: 'Middle Age',
  senior: 'Senior',
  unknown: 'Unknown Time',
  recurring: 'Recurring Dream',
};

/** A known period's label; any other value is shown as it is (spec §3). */
export function timePeriodLabel(value: string): string {
  return (TIME_PERIOD_CARD_LABELS as Record<string, string>)[value] ?? value;
}

type DateInput = string | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Today", "Yesterday", "{n} days ago" under a week, otherwise "Jan 5, 2025"; "Unknown date" when missing. */
export function dreamDateText(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return 'Unknown date';
  const days = differenceInCalendarDays(now, date);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return `${days} days ago`;
  return format(date, 'MMM d, yyyy');
}

/** The spec's US short form, "Jan 5, 2025" (detail page, interpretation header); "Unknown date" when missing. */
export function formatShortDate(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, 'MMM d, yyyy') : 'Unknown date';
}

/** What the "when" texts below need to know about a dream. */
export interface DreamWhen {
  date: DateInput;
  timePeriod?: string | null;
  createdAt: DateInput;
}

/**
 * A dream recorded with "I don't remember the exact date" has a time period instead of a date: its
 * stored date is only the moment it was written down, so it is never shown as the dream's date.
 */
export function hasTimePeriod(dream: Pick<DreamWhen, 'timePeriod'>): dream is { timePeriod: string } {
  return typeof dream.timePeriod === 'string' && dream.timePeriod !== '';
}

/**
 * When the dream happened, as cards and lists say it: the period's label ("Early Childhood", "Unknown
 * Time" for `unknown`), or the card date text ("Today", "3 days ago", "Jan 5, 2025").
 */
export function dreamWhenText(dream: DreamWhen, now: Date = new Date()): string {
  return hasTimePeriod(dream) ? timePeriodLabel(dream.timePeriod) : dreamDateText(dream.date, now);
}

/** When the dream happened, in full: the period's label, or the date in US short form ("Jan 5, 2025"). */
export function dreamWhenFull(dream: DreamWhen): string {
  return hasTimePeriod(dream) ? timePeriodLabel(dream.timePeriod) : formatShortDate(dream.date);
}

/**
 * The day the dream was written down: "Recorded Jan 5, 2025", or on cards (`relative`) "Recorded
 * Today", "Recorded 3 days ago".
 */
export function recordedText(createdAt: DateInput, style: 'short' | 'relative' = 'short', now = new Date()): string {
  return `Recorded ${style === 'relative' ? dreamDateText(createdAt, now) : formatShortDate(createdAt)}`;
}

/**
 * One line for a dream's heading (detail page, exports): "Jan 5, 2025" for a dream with a date;
 * "Early Childhood · Recorded Nov 23, 2026" for one with a time period (never a made-up date).
 */
export function dreamWhenLine(dream: DreamWhen): string {
  return hasTimePeriod(dream)
    ? `${timePeriodLabel(dream.timePeriod)} · ${recordedText(dream.createdAt)}`
    : formatShortDate(dream.date);
}
