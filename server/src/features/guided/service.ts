import { asc, eq, notInArray, sql } from 'drizzle-orm';
import type { GuidedType } from '@common/guided';
import type { PersonalizedContent, PersonalizedRequest } from '@common/schemas/guided';
import type { Database } from '../../db/client';
import { guidedContent } from '../../db/schema';
import type { AppConfig } from '../../env';
import type { InterpretationEngine } from '../../engine/types';
import { cachedDreamSigns } from '../analytics/service';
import { composePersonalized } from './compose';
import { loadLibrary, shippedBlocks, type LibraryItem } from './library';
import { composeWithModel, type GuidedLog } from './model';
import { dreamSignsOwner, type Actor } from './policy';
import type { GuidedRow } from './presenter';

/** A dream sign counts as recurring from this many dreams on. */
const RECURRING_FROM = 2;
/** Dream signs woven into one script at most. */
const SIGNS_USED = 3;
/** How long a script waits for the dream signs of a journal read for the first time. */
const SIGNS_WAIT_MS = 1_500;

export interface SeedOutcome {
  added: number;
  updated: number;
  removed: number;
}

/**
 * Makes guided_content hold exactly the library's files (content/library): new items are added, an
 * edited file updates its row (keeping its id), and an item whose file is gone is removed. Rows that
 * already match are not touched, so running it at every start costs one read.
 */
export async function seedGuidedLibrary(db: Database, items: LibraryItem[] = loadLibrary()): Promise<SeedOutcome> {
  return db.transaction(async (tx) => {
    // One seeding at a time (several app processes may share a database).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('guided_content seed'))`);
    const existing = await tx.select().from(guidedContent);
    const byTitle = new Map(existing.map((row) => [row.title, row]));
    const outcome: SeedOutcome = { added: 0, updated: 0, removed: 0 };
    for (const item of items) {
      const values = {
        title: item.title,
        description: item.description,
        content: item.content,
        contentType: item.contentType,
        difficulty: item.difficulty,
        duration: item.duration,
        isPremium: item.isPremium,
        isFeatured: item.featured,
        tags: item.tags,
      };
      const row = byTitle.get(item.title);
      if (!row) {
        await tx.insert(guidedContent).values(values);
        outcome.added += 1;
      } else if (
        row.description !== values.description ||
        row.content !== values.content ||
        row.contentType !== values.contentType ||
        row.difficulty !== values.difficulty ||
        row.duration !== values.duration ||
        row.isPremium !== values.isPremium ||
        row.isFeatured !== values.isFeatured ||
        row.tags.join('\u0000') !== values.tags.join('\u0000')
      ) {
        await tx.update(guidedContent).set(values).where(eq(guidedContent.id, row.id));
        outcome.updated += 1;
      }
    }
    const titles = items.map((i) => i.title);
    const removed = await tx
      .delete(guidedContent)
      .where(titles.length ? notInArray(guidedContent.title, titles) : undefined)
      .returning({ id: guidedContent.id });
    outcome.removed = removed.length;
    return outcome;
  });
}

const LIBRARY_ORDER = [asc(guidedContent.title), asc(guidedContent.id)];

export async function listGuided(db: Database): Promise<GuidedRow[]> {
  return db
    .select()
    .from(guidedContent)
    .orderBy(...LIBRARY_ORDER);
}

export async function listGuidedByType(db: Database, type: GuidedType): Promise<GuidedRow[]> {
  return db
    .select()
    .from(guidedContent)
    .where(eq(guidedContent.contentType, type))
    .orderBy(...LIBRARY_ORDER);
}

export interface PersonaliseDeps {
  db: Database;
  engine: InterpretationEngine;
  ai: AppConfig['ai'];
  log: GuidedLog;
}

/** The labels of the user's recurring dream signs, most frequent first. */
async function recurringSigns(deps: PersonaliseDeps, actor: Actor): Promise<string[]> {
  const { signs } = await cachedDreamSigns(deps.db, deps.engine, dreamSignsOwner(actor));
  return signs
    .filter((s) => s.count >= RECURRING_FROM)
    .slice(0, SIGNS_USED)
    .map((s) => s.label);
}

/**
 * The dream signs, or none when reading them takes longer than `ms` (a large journal read for the
 * first time) or fails: the script does not wait for them. The read goes on and its result is kept,
 * so the next script has them.
 */
async function signsWithin(deps: PersonaliseDeps, actor: Actor, ms: number): Promise<string[]> {
  const reading = recurringSigns(deps, actor).catch((err: unknown) => {
    deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'dream signs could not be read');
    return [];
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([]), ms);
  });
  try {
    return await Promise.race([reading, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A personalised script for the user: composed locally, or by the configured model when it does well. */
export async function personalise(
  deps: PersonaliseDeps,
  actor: Actor,
  request: PersonalizedRequest,
): Promise<PersonalizedContent> {
  const signs = await signsWithin(deps, actor, SIGNS_WAIT_MS);
  const input = { ...request, signs };
  const local = composePersonalized(shippedBlocks(), input);
  if (deps.ai.provider === 'openai') {
    const answer = await composeWithModel(deps.ai.openai, input, local, deps.log);
    if (answer) return answer;
  }
  return { title: local.title, description: local.description, content: local.content, tags: local.tags };
}
