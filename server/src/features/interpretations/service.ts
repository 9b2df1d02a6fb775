import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dreams, intentions, interpretations, type InterpretationRow } from '../../db/schema';
import type { DreamForEngine, InterpretationEngine } from '../../engine/types';
import type { StoredDream } from '../dreams/presenter';
import { JOURNAL_ORDER } from '../dreams/service';

const HISTORY_SIZE = 50;
const PREVIOUS_READINGS = 10;

/** The dream columns the engine reads, for queries that load dreams only to interpret them. */
export const engineDreamColumns = {
  id: dreams.id,
  title: dreams.title,
  narrative: dreams.narrative,
  tags: dreams.tags,
  timePeriod: dreams.timePeriod,
  date: dreams.date,
};

/** Picks the engine's fields off a dream row (rows carry more columns than the engine needs). */
export function toEngineDream(row: DreamForEngine): DreamForEngine {
  return {
    id: row.id,
    title: row.title,
    narrative: row.narrative,
    tags: row.tags,
    timePeriod: row.timePeriod,
    date: row.date,
  };
}

/** Creates a new reading of one of the user's dreams; earlier readings stay in its history. */
export async function generateInterpretation(
  db: Database,
  engine: InterpretationEngine,
  dream: StoredDream,
): Promise<InterpretationRow> {
  const { userId, id: dreamId } = dream;
  const [intention] = dream.intentionId
    ? await db
        .select({ text: intentions.text, completed: intentions.completed, notes: intentions.notes })
        .from(intentions)
        .where(and(eq(intentions.id, dream.intentionId), eq(intentions.userId, userId)))
    : [];
  const history = await db
    .select(engineDreamColumns)
    .from(dreams)
    .where(and(eq(dreams.userId, userId), ne(dreams.id, dreamId)))
    .orderBy(...JOURNAL_ORDER)
    .limit(HISTORY_SIZE);
  const previous = await db
    .select({ content: interpretations.content })
    .from(interpretations)
    .where(eq(interpretations.dreamId, dreamId))
    .orderBy(desc(interpretations.createdAt), desc(interpretations.id))
    .limit(PREVIOUS_READINGS);
  const result = await engine.interpret({
    dream: toEngineDream(dream),
    intention: intention ?? null,
    history: history.map(toEngineDream),
    previous: previous.map((p) => p.content),
  });
  const [row] = await db
    .insert(interpretations)
    .values({ dreamId, content: result.content, provider: result.provider })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
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
