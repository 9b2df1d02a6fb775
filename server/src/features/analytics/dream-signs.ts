import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dreamAnalyses, dreams } from '../../db/schema';
import { computeDreamSigns } from '../../engine';
import type { AnalysisTable, DreamAnalysis, DreamSign, InterpretationEngine, StoredAnalysis } from '../../engine/types';
import { pgErrorCode } from '../../lib/http-error';
import { JOURNAL_ORDER } from '../dreams/service';
import { engineDreamColumns, toEngineDream } from '../interpretations/service';

/** Dream signs look across this many of the user's latest dreams (journal order). */
const WINDOW = 500;
/** Rows per insert statement when saving analyses. */
const SAVE_BATCH = 100;

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
        })),
      )
      .onConflictDoUpdate({
        target: dreamAnalyses.dreamId,
        set: {
          contentHash: sql`excluded.content_hash`,
          kbFingerprint: sql`excluded.kb_fingerprint`,
          analysis: sql`excluded.analysis`,
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
 * Recurring symbols and motifs across the user's dreams. Each dream is analysed once through the
 * engine's analysis store, which keeps its analysis in dream_analyses; an edited dream or an
 * edited knowledge base is read again.
 */
export async function dreamSigns(
  db: Database,
  engine: InterpretationEngine,
  userId: number,
): Promise<{ analysedDreams: number; signs: DreamSign[] }> {
  const rows = await db
    .select(engineDreamColumns)
    .from(dreams)
    .where(eq(dreams.userId, userId))
    .orderBy(...JOURNAL_ORDER)
    .limit(WINDOW);
  if (!rows.length) return { analysedDreams: 0, signs: [] };
  const items = rows.map((r) => toEngineDream(r));
  const analyses = await engine.analyseMany(items, dreamAnalysisTable(db, userId));
  const paired = items.flatMap((dream, k) => {
    const analysis = analyses[k];
    return analysis ? [{ dream, analysis }] : [];
  });
  return { analysedDreams: paired.length, signs: computeDreamSigns(paired) };
}
