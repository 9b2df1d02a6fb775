import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dreams, intentions, interpretations, type InterpretationRow } from '../../db/schema';
import type { ReadingEvidence, RecordedEvidence } from '@common/schemas/interpretations';
import { explainReading } from '../../engine';
import { REPEAT_WINDOW } from '../../engine/compose/repetition';
import type { DreamForEngine, InterpretationEngine, PersonalSymbol } from '../../engine/types';
import { dreamAnalysisTable, versionedDreamColumns } from '../analytics/service';
import type { StoredDream } from '../dreams/presenter';
import { JOURNAL_ORDER } from '../dreams/service';

const HISTORY_SIZE = 50;
const PREVIOUS_READINGS = 10;
/** The user's latest readings a new one is kept from repeating (engine/compose/repetition.ts). */
const RECENT_READINGS = REPEAT_WINDOW - 1;

/** The user's other dreams a reading looks back on, newest first (journal order). */
function otherDreams(db: Database, userId: number, dreamId: number) {
  return db
    .select(versionedDreamColumns)
    .from(dreams)
    .where(and(eq(dreams.userId, userId), ne(dreams.id, dreamId)))
    .orderBy(...JOURNAL_ORDER)
    .limit(HISTORY_SIZE);
}

/** Picks the engine's fields off a dream row (rows carry more columns than the engine needs). */
export function toEngineDream(row: DreamForEngine): DreamForEngine {
  return {
    id: row.id,
    title: row.title,
    narrative: row.narrative,
    tags: row.tags,
    timePeriod: row.timePeriod,
    date: row.date,
    version: row.version ?? null,
  };
}

/**
 * Creates a new reading of one of the user's dreams; earlier readings stay in its history. The
 * history's analyses come from dream_analyses; `personal` looks up the owner's lexicon for the
 * dream's symbols (the route asks the lexicon policy whether there is one to use). The reading is
 * stored with its evidence and the narrative it read, so it can explain itself later, after the
 * dream is edited or read again.
 */
export async function generateInterpretation(
  db: Database,
  engine: InterpretationEngine,
  dream: StoredDream,
  personal?: (symbols: string[]) => Promise<PersonalSymbol[]>,
): Promise<InterpretationRow> {
  const { userId, id: dreamId } = dream;
  const [intention] = dream.intentionId
    ? await db
        .select({ text: intentions.text, completed: intentions.completed, notes: intentions.notes })
        .from(intentions)
        .where(and(eq(intentions.id, dream.intentionId), eq(intentions.userId, userId)))
    : [];
  const history = await otherDreams(db, userId, dreamId);
  const previous = await db
    .select({ content: interpretations.content })
    .from(interpretations)
    .where(eq(interpretations.dreamId, dreamId))
    .orderBy(desc(interpretations.createdAt), desc(interpretations.id))
    .limit(PREVIOUS_READINGS);
  const recent = await db
    .select({ content: interpretations.content })
    .from(interpretations)
    .innerJoin(dreams, eq(dreams.id, interpretations.dreamId))
    .where(eq(dreams.userId, userId))
    .orderBy(desc(interpretations.createdAt), desc(interpretations.id))
    .limit(RECENT_READINGS);
  const result = await engine.interpret({
    dream: toEngineDream(dream),
    intention: intention ?? null,
    history: history.map(toEngineDream),
    previous: previous.map((p) => p.content),
    recentReadings: recent.map((r) => r.content),
    analyses: dreamAnalysisTable(db, userId),
    personal,
  });
  const evidence: RecordedEvidence = {
    ...(await readingEvidence(db, engine, dream, result.content)),
    narrative: dream.narrative,
  };
  const [row] = await db
    .insert(interpretations)
    .values({ dreamId, content: result.content, provider: result.provider, evidence })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Where each paragraph of a new reading of this dream came from (engine/compose/evidence.ts): the
 * dream is read again (the engine keeps its analysis), and earlier dreams count only with an analysis
 * stored for their current text, so explaining a reading never re-reads a long history.
 */
async function readingEvidence(
  db: Database,
  engine: InterpretationEngine,
  dream: StoredDream,
  content: string,
): Promise<ReadingEvidence> {
  const { userId, id: dreamId } = dream;
  const analysis = await engine.analyse(toEngineDream(dream));
  const history = await otherDreams(db, userId, dreamId);
  const fingerprint = await engine.analysisFingerprint();
  const stored = new Map(
    (await dreamAnalysisTable(db, userId).load(history.map((h) => h.id))).map((row) => [row.dreamId, row]),
  );
  const analysed = history.flatMap((h) => {
    const row = stored.get(h.id);
    return row && row.fingerprint === fingerprint && row.dreamVersion === h.version
      ? [{ id: h.id, title: h.title, analysis: row.analysis }]
      : [];
  });
  return explainReading({ content, dream, analysis, history: analysed });
}

/** The dream's newest reading; the route checked the dream through the policy. */
export async function latestInterpretation(db: Database, dreamId: number): Promise<InterpretationRow | null> {
  const [row] = await db
    .select()
    .from(interpretations)
    .where(eq(interpretations.dreamId, dreamId))
    .orderBy(desc(interpretations.createdAt), desc(interpretations.id))
    .limit(1);
  return row ?? null;
}

/** Every reading of the dream, newest first; the route checked the dream through the policy. */
export async function interpretationHistory(db: Database, dreamId: number): Promise<InterpretationRow[]> {
  return db
    .select()
    .from(interpretations)
    .where(eq(interpretations.dreamId, dreamId))
    .orderBy(desc(interpretations.createdAt), desc(interpretations.id));
}

export async function recentInterpretation(
  db: Database,
  userId: number,
): Promise<{ interpretation: InterpretationRow; dream: { id: number; title: string } } | null> {
  const [row] = await db
    .select({ interpretation: interpretations, dream: { id: dreams.id, title: dreams.title } })
    .from(interpretations)
    .innerJoin(dreams, eq(dreams.id, interpretations.dreamId))
    .where(eq(dreams.userId, userId))
    .orderBy(desc(interpretations.createdAt), desc(interpretations.id))
    .limit(1);
  return row ?? null;
}
