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

/** "Today", "Yesterday", "{n} days ago" under a week, otherwise "Jan 5, 2025"; "Unknown date" when missing. */
export function dreamDateText(value: string | Date | null | undefined, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return 'Unknown date';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Unknown date';
  const days = differenceInCalendarDays(now, date);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return `${days} days ago`;
  return format(date, 'MMM d, yyyy');
}

/** The long form used on the dream detail page. */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined) return 'Unknown date';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'Unknown date' : format(date, 'MMMM d, yyyy');
}
