import { z } from 'zod';
import { INTENTION_OUTCOMES } from './intentions';

export const EXPORT_FORMAT = 'dream-traveler-journal';
export const EXPORT_VERSION = 1;

const isoDate = z.string().refine((v) => !Number.isNaN(new Date(v).getTime()), 'must be a date');

/** The lossless, versioned JSON export. `ref`s tie dreams and intentions together inside one file. */
export const journalExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT, { error: `format must be "${EXPORT_FORMAT}"` }),
  version: z.literal(EXPORT_VERSION, { error: `version must be ${EXPORT_VERSION}` }),
  exportedAt: isoDate,
  username: z.string(),
  dreams: z.array(
    z.object({
      ref: z.number().int(),
      title: z.string(),
      narrative: z.string(),
      date: isoDate.nullable(),
      timePeriod: z.string().nullable(),
      tags: z.array(z.string()),
      intentionRef: z.number().int().nullable(),
      createdAt: isoDate,
      interpretations: z
        .array(
          z.object({
            content: z.string().min(1).max(50_000),
            provider: z.string().max(40).optional(),
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
      text: z.string(),
      date: isoDate,
      completed: z.boolean(),
      /** Absent in files written before outcomes existed: completed then means success, else pending. */
      outcome: z
        .enum(INTENTION_OUTCOMES, { error: `outcome must be one of: ${INTENTION_OUTCOMES.join(', ')}` })
        .optional(),
      notes: z.string().nullable(),
      dreamRef: z.number().int().nullable(),
      createdAt: isoDate,
    }),
  ),
});
export type JournalExport = z.infer<typeof journalExportSchema>;

export const importBodySchema = z.strictObject({
  format: z.enum(['json', 'csv'], { error: 'format must be "json" or "csv"' }),
  /** The export object (json) or the file's text (csv). */
  data: z.unknown(),
  /** Only report what would happen (the preview). */
  dryRun: z.boolean().default(false),
});
export type ImportBody = z.input<typeof importBodySchema>;

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  added: z.object({ dreams: z.number().int(), intentions: z.number().int(), interpretations: z.number().int() }),
  skipped: z.object({ dreams: z.number().int(), intentions: z.number().int() }),
  preview: z.array(z.object({ title: z.string(), date: z.string().nullable(), status: z.enum(['new', 'duplicate']) })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const exportQuerySchema = z.object({
  format: z.enum(['json', 'markdown'], { error: 'format must be "json" or "markdown"' }).default('json'),
});
