import { createHash } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dreamAnalyses, dreams } from '../../db/schema';
import { computeDreamSigns, ENGINE_VERSION } from '../../engine';
import type { DreamAnalysis, DreamSign, InterpretationEngine } from '../../engine/types';
import { engineDreamColumns, toEngineDream } from '../interpretations/service';

/** Dream signs look across this many of the user's most recent dreams. */
const WINDOW = 500;

const contentHash = (d: { title: string; narrative: string; tags: string[]; timePeriod: string | null }) =>
  createHash('sha256')
    .update(JSON.stringify([d.title, d.narrative, d.tags, d.timePeriod]))
    .digest('hex');

/**
 * Recurring symbols and motifs across the user's dreams. Each dream is analysed once and the
 * analysis cached; an edited dream (new content hash) or a new engine version is read again.
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
    .orderBy(desc(dreams.createdAt), desc(dreams.id))
    .limit(WINDOW);
  if (!rows.length) return { analysedDreams: 0, signs: [] };
  const cached = await db
    .select()
    .from(dreamAnalyses)
    .where(
      and(
        eq(dreamAnalyses.userId, userId),
        inArray(
          dreamAnalyses.dreamId,
          rows.map((r) => r.id),
        ),
      ),
    );
  const byDream = new Map(cached.map((c) => [c.dreamId, c]));
  const items: Array<{ dream: ReturnType<typeof toEngineDream>; analysis: DreamAnalysis }> = [];
  for (const row of rows) {
    const hash = contentHash(row);
    const hit = byDream.get(row.id);
    let analysis: DreamAnalysis;
    if (hit && hit.contentHash === hash && hit.engineVersion === ENGINE_VERSION) {
      analysis = hit.analysis as DreamAnalysis;
    } else {
      analysis = await engine.analyse(toEngineDream(row));
      await db
        .insert(dreamAnalyses)
        .values({ dreamId: row.id, userId, contentHash: hash, engineVersion: ENGINE_VERSION, analysis })
        .onConflictDoUpdate({
          target: dreamAnalyses.dreamId,
          set: { contentHash: hash, engineVersion: ENGINE_VERSION, analysis, createdAt: new Date() },
        });
    }
    items.push({ dream: toEngineDream(row), analysis });
  }
  return { analysedDreams: items.length, signs: computeDreamSigns(items) };
}
