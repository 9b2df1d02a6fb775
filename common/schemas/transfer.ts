import { z } from 'zod';
import { INTENTION_OUTCOMES } from './intentions';
import { text } from './text';

export const EXPORT_FORMAT = 'dream-traveler-journal';
export const EXPORT_VERSION = 1;

const isoDate = text().refine((v) => !Number.isNaN(new Date(v).getTime()), 'must be a date');

/** The lossless, versioned JSON export. `ref`s tie dreams and intentions together inside one file. */
export const journalExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT, { error: `format must be "${EXPORT_FORMAT}"` }),
  version: z.literal(EXPORT_VERSION, { error: `version must be ${EXPORT_VERSION}` }),
  exportedAt: isoDate,
  username: text(),
  dreams: z.array(
    z.object({
      ref: z.number().int(),
      title: text(),
      narrative: text(),
      date: isoDate.nullable(),
      timePeriod: text().nullable(),
      tags: z.array(text()),
      intentionRef: z.number().int().nullable(),
      createdAt: isoDate,
      interpretations: z
        .array(
          z.object({
            content: text().min(1).max(50_000),
            provider: text().max(40).optional(),
            createdAt: isoDate,
          }),
        )
        .max(100)
        .default([]),
    }),
  ),
  intentions: z.array(
    z.object({
      ref: z.number().int(),
      text: text(),
      date: isoDate,
      completed: z.boolean(),
      /** Absent in files written before outcomes existed: completed then means success, else pending. */
      outcome: z
        .enum(INTENTION_OUTCOMES, { error: `outcome must be one of: ${INTENTION_OUTCOMES.join(', ')}` })
        .optional(),
      notes: text().nullable(),
      dreamRef: z.number().int().nullable(),
      createdAt: isoDate,
    }),
  ),
});
export type JournalExport = z.infer<typeof journalExportSchema>;

/** The formats `POST /api/import` reads: our JSON export, our Markdown export, or a CSV. */
export const IMPORT_FORMATS = ['json', 'markdown', 'csv'] as const;

/** How a CSV's day/month numbers ("02/10/2026") are ordered. */
export const DAY_MONTH_ORDERS = ['month-day', 'day-month'] as const;
export type DayMonthOrder = (typeof DAY_MONTH_ORDERS)[number];
export const DAY_MONTH_ORDER_LABELS: Record<DayMonthOrder, string> = {
  'month-day': 'Month/Day',
  'day-month': 'Day/Month',
};

/** Zones already checked: making a formatter to check one costs far more than the lookup. */
const knownZones = new Set<string>();

function isTimeZone(value: string): boolean {
  if (knownZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    if (knownZones.size < 2_000) knownZones.add(value);
    return true;
  } catch {
    return false;
  }
}

/** An IANA zone name ("America/New_York"): calendar dates in a file are days in this zone. */
export const timeZoneSchema = z
  .string({ error: 'timeZone must be text' })
  .max(64, 'timeZone must be at most 64 characters')
  .refine(isTimeZone, 'timeZone must be a time zone name such as "America/New_York"');

export const importBodySchema = z.strictObject({
  format: z.enum(IMPORT_FORMATS, { error: 'format must be "json", "markdown" or "csv"' }),
  /** The export object (json) or the file's text (markdown, csv). */
  data: z.unknown(),
  /** Only report what would happen (the preview). */
  dryRun: z.boolean().default(false),
  /** The user's answer when a CSV's dates can be read either way; not needed when the file decides. */
  dateOrder: z.enum(DAY_MONTH_ORDERS, { error: 'dateOrder must be "month-day" or "day-month"' }).optional(),
  /** The user's time zone; dates without a time of day are saved at noon of that day there (UTC if absent). */
  timeZone: timeZoneSchema.optional(),
});
export type ImportBody = z.input<typeof importBodySchema>;

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  added: z.object({ dreams: z.number().int(), intentions: z.number().int(), interpretations: z.number().int() }),
  skipped: z.object({ dreams: z.number().int(), intentions: z.number().int() }),
  /** The first 100 dreams, each with the date it will be saved with (null: no date, or awaiting the order). */
  preview: z.array(
    z.object({
      title: z.string(),
      date: z.string().nullable(),
      timePeriod: z.string().nullable(),
      /** The date as the file wrote it (CSV only). */
      dateText: z.string().nullable(),
      status: z.enum(['new', 'duplicate']),
    }),
  ),
  /** How day/month numbers were read; null when the file has none that could be read two ways. */
  dateOrder: z
    .object({
      /** The file leaves the order open and the request did not choose: the import needs `dateOrder`. */
      needsChoice: z.boolean(),
      order: z.enum(DAY_MONTH_ORDERS).nullable(),
      decidedBy: z.enum(['file', 'choice']).nullable(),
      /** One date from the file, and the day it means in each order (null: no such day). */
      example: z.object({
        line: z.number().int(),
        text: z.string(),
        monthDay: z.string().nullable(),
        dayMonth: z.string().nullable(),
      }),
    })
    .nullable(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const exportQuerySchema = z.object({
  format: z.enum(['json', 'markdown'], { error: 'format must be "json" or "markdown"' }).default('json'),
  /** The zone the Markdown's days are written in (UTC if absent). */
  timeZone: timeZoneSchema.optional(),
});
