import { asc, eq, inArray } from 'drizzle-orm';
import { format } from 'date-fns';
import { z } from 'zod';
import { LIMITS } from '@common/limits';
import { MSG } from '@common/messages';
import { normalizeTags, TIME_PERIODS } from '@common/schemas/dreams';
import type { IntentionOutcome } from '@common/schemas/intentions';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  journalExportSchema,
  type ImportResult,
  type JournalExport,
} from '@common/schemas/transfer';
import { timePeriodLabel } from '@common/dream-text';
import type { Database } from '../../db/client';
import { dreams, intentions, interpretations, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { dreamsChanged } from '../dreams/service';
import { parseCsv } from './csv';

export async function exportJournal(db: Database, userId: number): Promise<JournalExport> {
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  const dreamRows = await db
    .select({
      id: dreams.id,
      title: dreams.title,
      narrative: dreams.narrative,
      date: dreams.date,
      timePeriod: dreams.timePeriod,
      tags: dreams.tags,
      intentionId: dreams.intentionId,
      createdAt: dreams.createdAt,
    })
    .from(dreams)
    .where(eq(dreams.userId, userId))
    .orderBy(asc(dreams.createdAt), asc(dreams.id));
  const intentionRows = await db
    .select()
    .from(intentions)
    .where(eq(intentions.userId, userId))
    .orderBy(asc(intentions.createdAt), asc(intentions.id));
  const readings = dreamRows.length
    ? await db
        .select()
        .from(interpretations)
        .where(
          inArray(
            interpretations.dreamId,
            dreamRows.map((d) => d.id),
          ),
        )
        .orderBy(asc(interpretations.createdAt), asc(interpretations.id))
    : [];
  const readingsByDream = new Map<number, typeof readings>();
  for (const r of readings) readingsByDream.set(r.dreamId, [...(readingsByDream.get(r.dreamId) ?? []), r]);

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    username: user.username,
    dreams: dreamRows.map((d) => ({
      ref: d.id,
      title: d.title,
      narrative: d.narrative,
      date: d.date ? d.date.toISOString() : null,
      timePeriod: d.timePeriod,
      tags: d.tags,
      intentionRef: d.intentionId,
      createdAt: d.createdAt.toISOString(),
      interpretations: (readingsByDream.get(d.id) ?? []).map((r) => ({
        content: r.content,
        provider: r.provider,
        createdAt: r.createdAt.toISOString(),
      })),
    })),
    intentions: intentionRows.map((i) => ({
      ref: i.id,
      text: i.text,
      date: i.date.toISOString(),
      completed: i.completed,
      outcome: i.outcome,
      notes: i.notes,
      dreamRef: i.dreamId,
      createdAt: i.createdAt.toISOString(),
    })),
  };
}

/** One readable document of the whole journal. */
export function renderMarkdown(data: JournalExport): string {
  const day = (iso: string | null) => (iso ? format(new Date(iso), 'MMM d, yyyy') : 'Unknown date');
  const lines: string[] = [
    `# Dream Journal of ${data.username}`,
    '',
    `Exported from Dream Traveler on ${day(data.exportedAt)} — ${data.dreams.length} dreams, ${data.intentions.length} intentions.`,
    '',
  ];
  for (const d of [...data.dreams].reverse()) {
    lines.push(`## ${d.title}`, '');
    const meta = [`**Date:** ${day(d.date)}`];
    if (d.timePeriod) meta.push(`**Time of life:** ${timePeriodLabel(d.timePeriod)}`);
    if (d.tags.length) meta.push(`**Tags:** ${d.tags.join(', ')}`);
    lines.push(meta.join(' · '), '', d.narrative, '');
    const latest = d.interpretations.at(-1);
    if (latest) lines.push('### Interpretation', '', latest.content, '');
  }
  if (data.intentions.length) {
    lines.push('## Intentions', '');
    for (const i of [...data.intentions].reverse()) {
      lines.push(`- [${i.completed ? 'x' : ' '}] ${i.text} (${day(i.date)})${i.notes ? ` — ${i.notes}` : ''}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

interface DreamCandidate {
  ref: number | null;
  title: string;
  narrative: string;
  date: Date | null;
  timePeriod: string | null;
  tags: string[];
  intentionRef: number | null;
  createdAt: Date | null;
  interpretations: Array<{ content: string; provider?: string; createdAt: Date }>;
}

interface IntentionCandidate {
  ref: number;
  text: string;
  date: Date;
  completed: boolean;
  outcome?: IntentionOutcome;
  notes: string | null;
  dreamRef: number | null;
  createdAt: Date;
}

const dreamRules = z.object({
  title: z
    .string()
    .trim()
    .min(LIMITS.dreamTitle.min, MSG.titleRequired)
    .max(LIMITS.dreamTitle.max, `Title must be at most ${LIMITS.dreamTitle.max} characters`),
  narrative: z
    .string()
    .trim()
    .min(LIMITS.narrative.min, MSG.narrativeRequired)
    .max(LIMITS.narrative.max, `Dream description must be at most ${LIMITS.narrative.max} characters`),
  timePeriod: z.enum(TIME_PERIODS, { error: `timePeriod must be one of: ${TIME_PERIODS.join(', ')}` }).nullable(),
  tags: z
    .array(z.string())
    .transform(normalizeTags)
    .pipe(
      z
        .array(z.string().max(LIMITS.tags.maxLength, `each tag must be at most ${LIMITS.tags.maxLength} characters`))
        .max(LIMITS.tags.maxCount, `at most ${LIMITS.tags.maxCount} tags`),
    ),
});

function checkDream(candidate: DreamCandidate, where: string): DreamCandidate {
  const parsed = dreamRules.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${where}: ${issue ? `${issue.path.join('.') || 'value'} — ${issue.message}` : 'invalid dream'}`);
  }
  return { ...candidate, ...parsed.data };
}

const MAX_IMPORT_DREAMS = 50_000;

function fromJson(data: unknown): { dreams: DreamCandidate[]; intentions: IntentionCandidate[] } {
  const parsed = journalExportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'file';
    throw badRequest(
      `This is not a Dream Traveler export (${where}: ${issue?.message ?? 'invalid'}). Nothing was imported.`,
    );
  }
  if (parsed.data.dreams.length > MAX_IMPORT_DREAMS)
    throw badRequest(`An import may hold at most ${MAX_IMPORT_DREAMS} dreams.`);
  const intentionList = parsed.data.intentions.map((i, index) => {
    const text = i.text.trim();
    if (!text || text.length > LIMITS.intentionText.max) {
      throw badRequest(
        `intentions[${index}]: text must be 1–${LIMITS.intentionText.max} characters. Nothing was imported.`,
      );
    }
    return { ...i, text, date: new Date(i.date), createdAt: new Date(i.createdAt) };
  });
  const dreamList = parsed.data.dreams.map((d, index) =>
    checkDream(
      {
        ...d,
        date: d.date ? new Date(d.date) : null,
        createdAt: new Date(d.createdAt),
        interpretations: d.interpretations.map((r) => ({ ...r, createdAt: new Date(r.createdAt) })),
      },
      `dreams[${index}] "${d.title.slice(0, 40)}"`,
    ),
  );
  return { dreams: dreamList, intentions: intentionList };
}

function fromCsv(data: unknown): { dreams: DreamCandidate[]; intentions: IntentionCandidate[] } {
  if (typeof data !== 'string') throw badRequest('A CSV import sends the file text in "data".');
  let rows: string[][];
  try {
    rows = parseCsv(data);
  } catch (err) {
    throw badRequest(`The CSV file could not be read: ${(err as Error).message}. Nothing was imported.`);
  }
  const header = rows[0]?.map((h) => h.trim().toLowerCase()) ?? [];
  const col = (name: string) => header.indexOf(name);
  const missing = ['date', 'title', 'narrative'].filter((name) => col(name) < 0);
  if (missing.length) {
    throw badRequest(
      `The CSV header must name the columns date,title,narrative,tags (missing: ${missing.join(', ')}). Nothing was imported.`,
    );
  }
  if (rows.length - 1 > MAX_IMPORT_DREAMS) throw badRequest(`An import may hold at most ${MAX_IMPORT_DREAMS} dreams.`);
  const dreamList = rows.slice(1).map((row, index) => {
    const line = `line ${index + 2}`;
    const cell = (name: string) => (col(name) >= 0 ? (row[col(name)] ?? '') : '').trim();
    const dateText = cell('date');
    const date = dateText ? new Date(dateText) : null;
    if (date && Number.isNaN(date.getTime()))
      throw badRequest(`${line}: date "${dateText.slice(0, 40)}" is not a date. Nothing was imported.`);
    return checkDream(
      {
        ref: null,
        title: cell('title'),
        narrative: cell('narrative'),
        date,
        timePeriod: null,
        tags: cell('tags').split(/[;,|]/),
        intentionRef: null,
        createdAt: null,
        interpretations: [],
      },
      line,
    );
  });
  return { dreams: dreamList, intentions: [] };
}

const dreamKey = (d: { title: string; narrative: string; date: Date | null }) =>
  `${d.title.trim()}\u0000${d.narrative.trim()}\u0000${d.date ? d.date.toISOString().slice(0, 10) : ''}`;
const intentionKey = (i: { text: string; date: Date }) => `${i.text.trim()}\u0000${i.date.toISOString().slice(0, 16)}`;

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Adds an export (or a CSV) to the user's journal. Dreams and intentions already present are
 * skipped as duplicates. All or nothing: a malformed file adds nothing.
 */
export async function importJournal(
  db: Database,
  userId: number,
  input: { format: 'json' | 'csv'; data: unknown; dryRun: boolean },
): Promise<ImportResult> {
  const parsed = input.format === 'json' ? fromJson(input.data) : fromCsv(input.data);

  const existingDreams = await db
    .select({ title: dreams.title, narrative: dreams.narrative, date: dreams.date })
    .from(dreams)
    .where(eq(dreams.userId, userId));
  const seenDreams = new Set(existingDreams.map(dreamKey));
  const existingIntentions = await db
    .select({ text: intentions.text, date: intentions.date })
    .from(intentions)
    .where(eq(intentions.userId, userId));
  const seenIntentions = new Set(existingIntentions.map(intentionKey));

  const preview: ImportResult['preview'] = [];
  const newDreams: DreamCandidate[] = [];
  for (const d of parsed.dreams) {
    const key = dreamKey(d);
    const duplicate = seenDreams.has(key);
    if (!duplicate) {
      seenDreams.add(key);
      newDreams.push(d);
    }
    if (preview.length < 100) {
      preview.push({
        title: d.title,
        date: d.date ? d.date.toISOString() : null,
        status: duplicate ? 'duplicate' : 'new',
      });
    }
  }
  const newIntentions = parsed.intentions.filter((i) => {
    const key = intentionKey(i);
    if (seenIntentions.has(key)) return false;
    seenIntentions.add(key);
    return true;
  });
  const result: ImportResult = {
    dryRun: input.dryRun,
    added: {
      dreams: newDreams.length,
      intentions: newIntentions.length,
      interpretations: newDreams.reduce((n, d) => n + d.interpretations.length, 0),
    },
    skipped: {
      dreams: parsed.dreams.length - newDreams.length,
      intentions: parsed.intentions.length - newIntentions.length,
    },
    preview,
  };
  if (input.dryRun) return result;

  await db.transaction(async (tx) => {
    const intentionIds = new Map<number, number>();
    for (const batch of chunks(newIntentions, 500)) {
      const rows = await tx
        .insert(intentions)
        .values(
          batch.map((i) => ({
            userId,
            text: i.text,
            date: i.date,
            outcome: i.outcome ?? (i.completed ? ('success' as const) : ('pending' as const)),
            notes: i.notes,
            createdAt: i.createdAt,
          })),
        )
        .returning({ id: intentions.id });
      batch.forEach((i, n) => {
        const row = rows[n];
        if (row) intentionIds.set(i.ref, row.id);
      });
    }
    const dreamIds = new Map<number, number>();
    for (const batch of chunks(newDreams, 500)) {
      const rows = await tx
        .insert(dreams)
        .values(
          batch.map((d) => ({
            userId,
            title: d.title,
            narrative: d.narrative,
            date: d.date,
            timePeriod: d.timePeriod,
            tags: d.tags,
            intentionId: d.intentionRef !== null ? (intentionIds.get(d.intentionRef) ?? null) : null,
            ...(d.createdAt ? { createdAt: d.createdAt } : {}),
          })),
        )
        .returning({ id: dreams.id });
      const readings: Array<typeof interpretations.$inferInsert> = [];
      batch.forEach((d, n) => {
        const row = rows[n];
        if (!row) return;
        if (d.ref !== null) dreamIds.set(d.ref, row.id);
        for (const r of d.interpretations) {
          readings.push({
            dreamId: row.id,
            content: r.content,
            provider: r.provider ?? 'local',
            createdAt: r.createdAt,
          });
        }
      });
      for (const part of chunks(readings, 500)) await tx.insert(interpretations).values(part);
    }
    for (const i of newIntentions) {
      const intentionId = intentionIds.get(i.ref);
      const dreamId = i.dreamRef !== null ? dreamIds.get(i.dreamRef) : undefined;
      if (intentionId && dreamId) await tx.update(intentions).set({ dreamId }).where(eq(intentions.id, intentionId));
    }
  });
  if (newDreams.length) dreamsChanged(db, userId);
  return result;
}
