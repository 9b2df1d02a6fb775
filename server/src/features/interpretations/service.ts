import { and, desc, eq, ne } from 'drizzle-orm';
import type { Interpretation } from '@common/schemas/interpretations';
import type { Database } from '../../db/client';
import { dreams, intentions, interpretations, type InterpretationRow } from '../../db/schema';
import type { DreamForEngine, InterpretationEngine } from '../../engine/types';
import { getDream, JOURNAL_ORDER } from '../dreams/service';

const HISTORY_SIZE = 50;
const PREVIOUS_READINGS = 10;

export function presentInterpretation(row: InterpretationRow): Interpretation {
  return {
    id: row.id,
    dreamId: row.dreamId,
    content: row.content,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
  };
}

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
  userId: number,
  dreamId: number,
): Promise<InterpretationRow> {
  const dream = await getDream(db, userId, dreamId);
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

export async function latestInterpretation(
  db: Database,
  userId: number,
  dreamId: number,
): Promise<InterpretationRow | null> {
  await getDream(db, userId, dreamId);
  const [row] = await db
    .select()
    .from(interpretations)
    .where(eq(interpretations.dreamId, dreamId))
    .orderBy(desc(interpretations.createdAt), desc(interpretations.id))
    .limit(1);
  return row ?? null;
}

export async function interpretationHistory(
  db: Database,
  userId: number,
  dreamId: number,
): Promise<InterpretationRow[]> {
  await getDream(db, userId, dreamId);
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
