import { asc, eq, inArray } from 'drizzle-orm';
import { MSG } from '@common/messages';
import type { IntentionOutcome } from '@common/schemas/intentions';
import {
  DAY_MONTH_ORDER_LABELS,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  journalExportSchema,
  type DayMonthOrder,
  type ImportBody,
  type ImportResult,
  type JournalExport,
} from '@common/schemas/transfer';
import type { Database } from '../../db/client';
import { dreams, intentions, interpretations, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { dreamsChanged, JOURNAL_ORDER_OLDEST_FIRST } from '../dreams/service';
import { checkDreamFields, checkIntention } from './checks';
import { parseCsv } from './csv';
import { dayKey, instantOf, jsonDate, orderNumeric, readDateText, shortDay, type NumericDate } from './dates';
import { parseMarkdown } from './markdown';

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
    .orderBy(...JOURNAL_ORDER_OLDEST_FIRST);
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
  /** The date as a CSV wrote it, for the preview. */
  dateText: string | null;
}

interface IntentionCandidate {
  ref: number;
  text: string;
  date: Date;
  /** The file gave only a day (Markdown): duplicates are then matched by day, not by minute. */
  dateOnly: boolean;
  completed: boolean;
  outcome?: IntentionOutcome;
  notes: string | null;
  dreamRef: number | null;
  createdAt: Date;
}

interface Parsed {
  dreams: DreamCandidate[];
  intentions: IntentionCandidate[];
  dateOrder: ImportResult['dateOrder'];
}

function checkDream(candidate: DreamCandidate, where: string): DreamCandidate {
  return { ...candidate, ...checkDreamFields(candidate, where) };
}

const MAX_IMPORT_DREAMS = 50_000;
const tooMany = () => badRequest(`An import may hold at most ${MAX_IMPORT_DREAMS} dreams.`);

function fromJson(data: unknown, timeZone: string): Parsed {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw badRequest(`This is not a Dream Traveler JSON export. ${MSG.importableFiles}`);
  }
  const parsed = journalExportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'file';
    throw badRequest(
      `This is not a Dream Traveler export (${where}: ${issue?.message ?? 'invalid'}). Nothing was imported.`,
    );
  }
  if (parsed.data.dreams.length > MAX_IMPORT_DREAMS) throw tooMany();
  const intentionList = parsed.data.intentions.map((i, index) => ({
    ...i,
    ...checkIntention(i.text, i.notes, `intentions[${index}]`),
    date: jsonDate(i.date, timeZone),
    dateOnly: false,
    createdAt: jsonDate(i.createdAt, timeZone),
  }));
  const dreamList = parsed.data.dreams.map((d, index) =>
    checkDream(
      {
        ...d,
        date: d.date ? jsonDate(d.date, timeZone) : null,
        createdAt: jsonDate(d.createdAt, timeZone),
        interpretations: d.interpretations.map((r) => ({ ...r, createdAt: jsonDate(r.createdAt, timeZone) })),
        dateText: null,
      },
      `dreams[${index}] "${d.title.slice(0, 40)}"`,
    ),
  );
  return { dreams: dreamList, intentions: intentionList, dateOrder: null };
}

function fromMarkdown(data: unknown, timeZone: string): Parsed {
  const parsed = parseMarkdown(data, timeZone);
  if (parsed.dreams.length > MAX_IMPORT_DREAMS) throw tooMany();
  const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
  const now = new Date();
  const linkOf = parsed.dreams.map((d) => {
    const named = d.intentionText;
    return named === null ? -1 : parsed.intentions.findIndex((i) => sameText(i.text, named));
  });
  const intentionList = parsed.intentions.map((i, index) => ({
    ref: index,
    ...checkIntention(i.text, i.notes, `line ${i.line}`),
    date: i.date,
    dateOnly: true,
    completed: i.completed,
    dreamRef: linkOf.includes(index) ? linkOf.indexOf(index) : null,
    createdAt: i.date,
  }));
  const dreamList = parsed.dreams.map((d, index) => {
    const recorded = d.recorded ?? now;
    const link = linkOf[index] ?? -1;
    return checkDream(
      {
        ref: index,
        title: d.title,
        narrative: d.narrative,
        date: d.date,
        timePeriod: d.timePeriod,
        tags: d.tags,
        intentionRef: link >= 0 ? link : null,
        createdAt: recorded,
        interpretations: d.interpretation === null ? [] : [{ content: d.interpretation, createdAt: recorded }],
        dateText: null,
      },
      `line ${d.line} "${d.title.slice(0, 40)}"`,
    );
  });
  return { dreams: dreamList, intentions: intentionList, dateOrder: null };
}

const listLines = (items: Array<{ line: number; text: string }>) =>
  items
    .slice(0, 3)
    .map((i) => `line ${i.line} (${i.text})`)
    .join(', ') + (items.length > 3 ? ` and ${items.length - 3} more` : '');

/**
 * Decides how "02/10/2026"-style dates are read. The file decides when one of its dates has a first number
 * over 12 (day first) or a second number over 12 (month first); both at once is an error naming the rows.
 * When no date decides, the user's choice does; without one a preview asks and an import is refused.
 */
function resolveDayMonth(
  numeric: Array<{ line: number; text: string; value: NumericDate }>,
  choice: DayMonthOrder | undefined,
  dryRun: boolean,
  timeZone: string,
): { order: DayMonthOrder | null; info: ImportResult['dateOrder'] } {
  const dayFirst = numeric.filter((n) => n.value.first > 12);
  const monthFirst = numeric.filter((n) => n.value.second > 12);
  const open = numeric.filter((n) => n.value.first !== n.value.second && n.value.first <= 12 && n.value.second <= 12);
  if (dayFirst.length && monthFirst.length) {
    throw badRequest(
      `The dates in this file use two orders: ${listLines(dayFirst)} can only be Day/Month, but ${listLines(monthFirst)} can only be Month/Day. Write them all in one order and import again. Nothing was imported.`,
    );
  }
  const fileOrder: DayMonthOrder | null = dayFirst.length ? 'day-month' : monthFirst.length ? 'month-day' : null;
  const exampleOf = (n: { line: number; text: string; value: NumericDate }) => {
    const iso = (order: DayMonthOrder) => {
      const wall = orderNumeric(n.value, order);
      return wall ? instantOf(wall, timeZone).toISOString() : null;
    };
    return { line: n.line, text: n.text, monthDay: iso('month-day'), dayMonth: iso('day-month') };
  };
  const evidence = dayFirst[0] ?? monthFirst[0];
  if (fileOrder && evidence) {
    if (choice && choice !== fileOrder) {
      throw badRequest(
        `You chose ${DAY_MONTH_ORDER_LABELS[choice]}, but ${listLines([evidence])} can only be ${DAY_MONTH_ORDER_LABELS[fileOrder]}. Nothing was imported.`,
      );
    }
    return {
      order: fileOrder,
      info: { needsChoice: false, order: fileOrder, decidedBy: 'file', example: exampleOf(evidence) },
    };
  }
  const first = open[0];
  if (!first) return { order: choice ?? 'month-day', info: null };
  if (choice)
    return {
      order: choice,
      info: { needsChoice: false, order: choice, decidedBy: 'choice', example: exampleOf(first) },
    };
  if (!dryRun) {
    const ex = exampleOf(first);
    const says = (iso: string | null) => (iso ? shortDay(new Date(iso), timeZone) : 'no such day');
    throw badRequest(
      `The dates in this file can be read two ways: line ${first.line} has ${first.text}, which is ${says(ex.monthDay)} as Month/Day or ${says(ex.dayMonth)} as Day/Month. Choose the order (dateOrder "month-day" or "day-month") and import again. Nothing was imported.`,
    );
  }
  return { order: null, info: { needsChoice: true, order: null, decidedBy: null, example: exampleOf(first) } };
}

function fromCsv(data: unknown, timeZone: string, choice: DayMonthOrder | undefined, dryRun: boolean): Parsed {
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
      `The CSV header must name the columns date,title,narrative,tags (missing: ${missing.join(', ')}). ${MSG.importableFiles} Nothing was imported.`,
    );
  }
  if (rows.length - 1 > MAX_IMPORT_DREAMS) throw tooMany();
  const cells = rows.slice(1).map((row, index) => {
    const line = index + 2;
    const cell = (name: string) => (col(name) >= 0 ? (row[col(name)] ?? '') : '').trim();
    const dateText = cell('date');
    const date = readDateText(dateText);
    if (date.kind === 'invalid') {
      throw badRequest(
        `line ${line}: date "${dateText.slice(0, 40)}" is not a date. Write dates as 2026-10-02, 10/02/2026 or Oct 2, 2026. Nothing was imported.`,
      );
    }
    return { line, cell, dateText, date };
  });
  const numeric = cells.flatMap((c) =>
    c.date.kind === 'numeric' ? [{ line: c.line, text: c.dateText, value: c.date.value }] : [],
  );
  const { order, info } = resolveDayMonth(numeric, choice, dryRun, timeZone);
  const dreamList = cells.map(({ line, cell, dateText, date }) => {
    let value: Date | null = null;
    if (date.kind === 'instant') value = date.date;
    else if (date.kind === 'wall') value = instantOf(date.wall, timeZone);
    else if (date.kind === 'numeric' && order) {
      const wall = orderNumeric(date.value, order);
      if (!wall) {
        throw badRequest(
          `line ${line}: date "${dateText}" is not a day when read as ${DAY_MONTH_ORDER_LABELS[order]}. Nothing was imported.`,
        );
      }
      value = instantOf(wall, timeZone);
    }
    return checkDream(
      {
        ref: null,
        title: cell('title'),
        narrative: cell('narrative'),
        date: value,
        timePeriod: null,
        tags: cell('tags').split(/[;,|]/),
        intentionRef: null,
        createdAt: null,
        interpretations: [],
        dateText: dateText || null,
      },
      `line ${line}`,
    );
  });
  return { dreams: dreamList, intentions: [], dateOrder: info };
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Adds an export (JSON or Markdown) or a CSV to the user's journal. Dreams and intentions already present
 * are skipped as duplicates (a dream: same title, narrative and day in the user's zone; an intention: same
 * text and minute, or day when the file gives only days). All or nothing: a malformed file adds nothing.
 */
export async function importJournal(db: Database, userId: number, input: ImportBody): Promise<ImportResult> {
  const timeZone = input.timeZone ?? 'UTC';
  const dryRun = input.dryRun ?? false;
  const parsed =
    input.format === 'json'
      ? fromJson(input.data, timeZone)
      : input.format === 'markdown'
        ? fromMarkdown(input.data, timeZone)
        : fromCsv(input.data, timeZone, input.dateOrder, dryRun);

  const dreamKey = (d: { title: string; narrative: string; date: Date | null }) =>
    `${d.title.trim()}\u0000${d.narrative.trim()}\u0000${d.date ? dayKey(d.date, timeZone) : ''}`;
  const intentionKey = (i: { text: string; date: Date }, byDay: boolean) =>
    `${i.text.trim()}\u0000${byDay ? dayKey(i.date, timeZone) : i.date.toISOString().slice(0, 16)}`;

  const existingDreams = await db
    .select({ id: dreams.id, title: dreams.title, narrative: dreams.narrative, date: dreams.date })
    .from(dreams)
    .where(eq(dreams.userId, userId));
  const seenDreams = new Map(existingDreams.map((d) => [dreamKey(d), d.id]));
  const existingIntentions = await db
    .select({ id: intentions.id, text: intentions.text, date: intentions.date })
    .from(intentions)
    .where(eq(intentions.userId, userId));
  const seenIntentions = new Map<string, number>();
  for (const i of existingIntentions) {
    seenIntentions.set(intentionKey(i, false), i.id);
    seenIntentions.set(`day\u0000${intentionKey(i, true)}`, i.id);
  }

  /** Links that point at a row already in the journal keep pointing at it. */
  const existingDreamByRef = new Map<number, number>();
  const existingIntentionByRef = new Map<number, number>();
  const preview: ImportResult['preview'] = [];
  const newDreams: DreamCandidate[] = [];
  for (const d of parsed.dreams) {
    const key = dreamKey(d);
    const existing = seenDreams.get(key);
    const duplicate = seenDreams.has(key);
    if (duplicate) {
      if (d.ref !== null && existing !== undefined && existing > 0) existingDreamByRef.set(d.ref, existing);
    } else {
      seenDreams.set(key, 0);
      newDreams.push(d);
    }
    if (preview.length < 100) {
      preview.push({
        title: d.title,
        date: d.date ? d.date.toISOString() : null,
        timePeriod: d.timePeriod,
        dateText: d.dateText,
        status: duplicate ? 'duplicate' : 'new',
      });
    }
  }
  const newIntentions = parsed.intentions.filter((i) => {
    const key = i.dateOnly ? `day\u0000${intentionKey(i, true)}` : intentionKey(i, false);
    const existing = seenIntentions.get(key);
    if (existing !== undefined) {
      if (existing > 0) existingIntentionByRef.set(i.ref, existing);
      return false;
    }
    seenIntentions.set(key, 0);
    return true;
  });
  const result: ImportResult = {
    dryRun,
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
    dateOrder: parsed.dateOrder,
  };
  if (dryRun) return result;

  await db.transaction(async (tx) => {
    const intentionIds = new Map<number, number>(existingIntentionByRef);
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
    const dreamIds = new Map<number, number>(existingDreamByRef);
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
