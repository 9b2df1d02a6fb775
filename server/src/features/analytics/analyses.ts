import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dreamAnalyses, dreams } from '../../db/schema';
import type {
  AnalysisTable,
  DreamAnalysis,
  DreamForEngine,
  InterpretationEngine,
  StoredAnalysis,
} from '../../engine/types';
import { pgErrorCode } from '../../lib/http-error';
import { JOURNAL_ORDER } from '../dreams/service';

/**
 * Saved dreams' analyses (dream_analyses) at scale. A row is current when it carries the engine's
 * fingerprint and the dream's updated_at as it was when the dream was read, so SQL finds a user's
 * current analyses (and the dreams that lack one) without hashing 5,000 narratives. Dreams that
 * lack one are read a bounded few during a request and the rest in the background, in chunks that
 * yield to the event loop (the engine's reads yield inside too).
 */

/** Rows per insert statement when saving analyses. */
const SAVE_BATCH = 100;
/** Dreams read during a request before it answers from what is stored; the rest go to the background. */
export const INLINE_READS = 8;
/** Dreams the background filler loads and reads per round before it looks again. */
const FILL_CHUNK = 20;

/**
 * An analysis in brief, stored beside it: each symbol with the words the dream used and the tone
 * (VADER compound) of the sentences it appears in, and each motif. Small enough to stay inline in
 * the row, so queries over 5,000 dreams never read the full analyses.
 */
export interface AnalysisSummary {
  symbols: Array<{ name: string; surface: string; via: string; tone: number }>;
  motifs: Array<{ id: string; name: string }>;
}

export function summarise(analysis: DreamAnalysis): AnalysisSummary {
  const tones = new Map(analysis.tone.arc.map((a) => [a.sentence, a.compound]));
  // Each symbol and motif once per dream: queries count entries as dreams.
  const once = <T>(items: T[], key: (item: T) => string) =>
    items.filter((item, i) => items.findIndex((other) => key(other) === key(item)) === i);
  return {
    symbols: once(analysis.symbols, (s) => s.name).map((s) => {
      const at = s.sentences.flatMap((i) => {
        const t = tones.get(i);
        return t === undefined ? [] : [t];
      });
      const tone = at.length ? at.reduce((a, b) => a + b, 0) / at.length : analysis.tone.overall;
      return { name: s.name, surface: s.surface, via: s.via, tone: Math.round(tone * 1000) / 1000 };
    }),
    motifs: once(analysis.motifs, (m) => m.id).map((m) => ({ id: m.id, name: m.name })),
  };
}

/** The engine's dream columns plus the dream's version (updated_at as exact PostgreSQL text). */
export const versionedDreamColumns = {
  id: dreams.id,
  title: dreams.title,
  narrative: dreams.narrative,
  tags: dreams.tags,
  timePeriod: dreams.timePeriod,
  date: dreams.date,
  version: sql<string>`${dreams.updatedAt}::text`,
};

/**
 * The table behind the engine's analysis store (engine/analysis-store.ts) for one user's dreams:
 * it loads and saves rows; the store decides which are still valid.
 */
export function dreamAnalysisTable(db: Database, userId: number): AnalysisTable {
  const upsert = (rows: StoredAnalysis[]) =>
    db
      .insert(dreamAnalyses)
      .values(
        rows.map((r) => ({
          dreamId: r.dreamId,
          userId,
          contentHash: r.contentHash,
          kbFingerprint: r.fingerprint,
          analysis: r.analysis,
          summary: summarise(r.analysis),
          dreamUpdatedAt: r.dreamVersion ? sql`${r.dreamVersion}::timestamptz` : null,
        })),
      )
      .onConflictDoUpdate({
        target: dreamAnalyses.dreamId,
        set: {
          contentHash: sql`excluded.content_hash`,
          kbFingerprint: sql`excluded.kb_fingerprint`,
          analysis: sql`excluded.analysis`,
          summary: sql`excluded.summary`,
          dreamUpdatedAt: sql`excluded.dream_updated_at`,
          createdAt: sql`now()`,
        },
      });
  const deletedMeanwhile = (err: unknown) => pgErrorCode(err).code === '23503';
  return {
    async load(dreamIds) {
      if (!dreamIds.length) return [];
      const rows = await db
        .select({
          dreamId: dreamAnalyses.dreamId,
          contentHash: dreamAnalyses.contentHash,
          fingerprint: dreamAnalyses.kbFingerprint,
          analysis: dreamAnalyses.analysis,
          dreamVersion: sql<string | null>`${dreamAnalyses.dreamUpdatedAt}::text`,
        })
        .from(dreamAnalyses)
        .where(and(eq(dreamAnalyses.userId, userId), inArray(dreamAnalyses.dreamId, dreamIds)));
      return rows.map((r) => ({ ...r, analysis: r.analysis as DreamAnalysis }));
    },
    async save(rows) {
      for (let i = 0; i < rows.length; i += SAVE_BATCH) {
        const batch = rows.slice(i, i + SAVE_BATCH);
        try {
          await upsert(batch);
        } catch (err) {
          if (!deletedMeanwhile(err)) throw err;
          // A dream was deleted while it was being read: save the others one by one.
          for (const row of batch)
            await upsert([row]).catch((e: unknown) => {
              if (!deletedMeanwhile(e)) throw e;
            });
        }
      }
    },
  };
}

/**
 * The user's dreams with a current analysis, as a SQL source `cur(id, title, date, summary)` for a
 * WITH clause (summary: AnalysisSummary); `except` leaves one dream out (the one being read).
 */
export function currentAnalyses(userId: number, fingerprint: string, except?: number): SQL {
  return sql`select d.id, d.title, d.date, d.sort_at, a.summary
    from dreams d join dream_analyses a on a.dream_id = d.id
    where d.user_id = ${userId} and a.user_id = ${userId} and a.kb_fingerprint = ${fingerprint}
      and a.dream_updated_at = d.updated_at and a.summary is not null ${except === undefined ? sql`` : sql`and d.id <> ${except}`}`;
}

/** Ids of the user's dreams without a current analysis, newest first (journal order), at most `limit`. */
async function unread(db: Database, userId: number, fingerprint: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: dreams.id })
    .from(dreams)
    .leftJoin(
      dreamAnalyses,
      and(
        eq(dreamAnalyses.dreamId, dreams.id),
        eq(dreamAnalyses.kbFingerprint, fingerprint),
        sql`${dreamAnalyses.dreamUpdatedAt} = ${dreams.updatedAt}`,
        sql`${dreamAnalyses.summary} is not null`,
      ),
    )
    .where(and(eq(dreams.userId, userId), sql`${dreamAnalyses.dreamId} is null`))
    .orderBy(...JOURNAL_ORDER)
    .limit(limit);
  return rows.map((r) => r.id);
}

async function readDreams(db: Database, engine: InterpretationEngine, userId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows: DreamForEngine[] = await db
    .select(versionedDreamColumns)
    .from(dreams)
    .where(and(eq(dreams.userId, userId), inArray(dreams.id, ids)));
  await engine.analyseMany(rows, dreamAnalysisTable(db, userId));
}

/** Background fills in progress, per database and user: one at a time per user. */
const filling = new WeakMap<Database, Map<number, Promise<void>>>();

function fillsOf(db: Database): Map<number, Promise<void>> {
  let map = filling.get(db);
  if (!map) {
    map = new Map();
    filling.set(db, map);
  }
  return map;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads every dream of the user that lacks a current analysis, in the background, a chunk at a
 * time (newest first). Returns the running fill (a second call joins it). Failures end the fill
 * quietly: the dreams are picked up again by the next request.
 */
export function fillAnalyses(db: Database, engine: InterpretationEngine, userId: number): Promise<void> {
  const fills = fillsOf(db);
  const running = fills.get(userId);
  if (running) return running;
  const run = (async () => {
    await nextTurn();
    const fingerprint = await engine.analysisFingerprint();
    let previous = '';
    for (;;) {
      const ids = await unread(db, userId, fingerprint, FILL_CHUNK);
      // Nothing left, or the same dreams again (their rows did not become current): stop rather than spin.
      const key = ids.join(',');
      if (!ids.length || key === previous) return;
      previous = key;
      await readDreams(db, engine, userId, ids);
      await nextTurn();
    }
  })()
    .catch(() => undefined)
    .finally(() => fills.delete(userId));
  fills.set(userId, run);
  return run;
}

/**
 * Makes the user's analyses as complete as a request can afford: reads up to INLINE_READS dreams
 * that lack one now, and hands the rest to the background filler. Answers how many still wait.
 */
export async function ensureAnalyses(
  db: Database,
  engine: InterpretationEngine,
  userId: number,
): Promise<{ fingerprint: string; pending: number }> {
  const fingerprint = await engine.analysisFingerprint();
  const missing = await unread(db, userId, fingerprint, INLINE_READS + 1);
  if (!missing.length) return { fingerprint, pending: 0 };
  if (fillsOf(db).has(userId)) {
    // The background is already reading them; do not read the same dreams twice.
    return { fingerprint, pending: await countUnread(db, userId, fingerprint) };
  }
  await readDreams(db, engine, userId, missing.slice(0, INLINE_READS));
  if (missing.length <= INLINE_READS) return { fingerprint, pending: 0 };
  void fillAnalyses(db, engine, userId);
  return { fingerprint, pending: await countUnread(db, userId, fingerprint) };
}

async function countUnread(db: Database, userId: number, fingerprint: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from dreams d
    left join dream_analyses a on a.dream_id = d.id and a.kb_fingerprint = ${fingerprint}
      and a.dream_updated_at = d.updated_at and a.summary is not null
    where d.user_id = ${userId} and a.dream_id is null`);
  return Number(result.rows[0]?.n ?? 0);
}
