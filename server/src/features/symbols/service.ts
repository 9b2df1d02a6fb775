import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SymbolCategory, SymbolListQuery, SymbolReadingResponse } from '@common/schemas/symbols';
import type { Database } from '../../db/client';
import { dreamSymbols } from '../../db/schema';
import type { InterpretationEngine } from '../../engine/types';
import { presentSymbol, type SymbolRow } from './presenter';

/** The text for a LIKE pattern in which `%`, `_` and `\` match themselves. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One page of the dictionary: optionally one category, optionally a search over every symbol's name and associations. */
export async function listSymbols(db: Database, query: SymbolListQuery): Promise<SymbolRow[]> {
  const filters: SQL[] = [];
  if (query.category) filters.push(eq(dreamSymbols.category, query.category));
  let rank: SQL | undefined;
  if (query.q) {
    const literal = likeLiteral(query.q);
    const pattern = `%${literal}%`;
    filters.push(
      sql`(${dreamSymbols.symbol} ILIKE ${pattern}
        OR EXISTS (SELECT 1 FROM unnest(${dreamSymbols.associations}) AS a(text) WHERE a.text ILIKE ${pattern}))`,
    );
    rank = sql`CASE
      WHEN lower(${dreamSymbols.symbol}) = lower(${query.q}) THEN 0
      WHEN ${dreamSymbols.symbol} ILIKE ${`${literal}%`} THEN 1
      WHEN ${dreamSymbols.symbol} ILIKE ${pattern} THEN 2
      ELSE 3 END`;
  }
  const order =
    query.sort === 'recent'
      ? [desc(sql`coalesce(${dreamSymbols.lastInterpretedAt}, ${dreamSymbols.createdAt})`), desc(dreamSymbols.id)]
      : rank
        ? [asc(rank), asc(dreamSymbols.symbol), asc(dreamSymbols.id)]
        : [asc(dreamSymbols.category), asc(dreamSymbols.symbol), asc(dreamSymbols.id)];
  return db
    .select()
    .from(dreamSymbols)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
}

/** Every category with how many symbols it holds, alphabetically. */
export async function listCategories(db: Database): Promise<SymbolCategory[]> {
  return db
    .select({ category: dreamSymbols.category, count: sql<number>`count(*)::int` })
    .from(dreamSymbols)
    .groupBy(dreamSymbols.category)
    .orderBy(asc(dreamSymbols.category));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/**
 * The knowledge base seeds the shared dictionary, and its own symbols follow it: an entry stored
 * under a knowledge-base name (seeded from an older knowledge base, or read from WordNet before the
 * knowledge base held that image) takes the knowledge base's category, meaning and associations,
 * since a stored entry is what the dictionary answers first. Other entries are left as they are.
 */
export async function seedDictionary(
  db: Database,
  engine: InterpretationEngine,
): Promise<{ added: number; updated: number }> {
  const seed = await engine.dictionarySeed();
  let added = 0;
  for (let i = 0; i < seed.length; i += 200) {
    const rows = await db
      .insert(dreamSymbols)
      .values(seed.slice(i, i + 200))
      .onConflictDoNothing()
      .returning({ id: dreamSymbols.id });
    added += rows.length;
  }
  const byName = new Map(seed.map((s) => [s.symbol.toLowerCase(), s]));
  const stored = byName.size
    ? await db
        .select()
        .from(dreamSymbols)
        .where(inArray(sql`lower(${dreamSymbols.symbol})`, [...byName.keys()]))
    : [];
  let updated = 0;
  for (const row of stored) {
    const entry = byName.get(row.symbol.toLowerCase());
    if (
      !entry ||
      (row.symbol === entry.symbol &&
        row.category === entry.category &&
        row.meaning === entry.meaning &&
        sameList(row.associations, entry.associations))
    )
      continue;
    await db
      .update(dreamSymbols)
      .set({ symbol: entry.symbol, category: entry.category, meaning: entry.meaning, associations: entry.associations })
      .where(eq(dreamSymbols.id, row.id));
    updated += 1;
  }
  return { added, updated };
}

/**
 * A stored symbol answers from the dictionary (and is marked as just interpreted, so it surfaces
 * in Recently Added even when it came with the seeded knowledge base). Otherwise the engine reads it: a knowledge-base
 * or WordNet reading joins the shared dictionary; a personal reading is returned to this user only.
 */
export async function interpretSymbol(
  db: Database,
  engine: InterpretationEngine,
  input: string,
): Promise<SymbolReadingResponse> {
  const [stored] = await db
    .update(dreamSymbols)
    .set({ lastInterpretedAt: new Date() })
    .where(sql`lower(${dreamSymbols.symbol}) = lower(${input})`)
    .returning();
  if (stored) return { ...presentSymbol(stored), source: 'dictionary', stored: true };
  const reading = await engine.interpretSymbol(input);
  const base = {
    symbol: reading.symbol,
    category: reading.category,
    meaning: reading.meaning,
    associations: reading.associations,
  };
  if (!reading.shareable)
    return { ...base, id: null, createdAt: null, lastInterpretedAt: null, source: reading.source, stored: false };
  const [inserted] = await db
    .insert(dreamSymbols)
    .values({ ...base, lastInterpretedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { ...presentSymbol(inserted), source: reading.source, stored: true };
  // Someone added the same symbol a moment ago: answer with the stored entry.
  const [existing] = await db
    .select()
    .from(dreamSymbols)
    .where(sql`lower(${dreamSymbols.symbol}) = lower(${reading.symbol})`)
    .limit(1);
  return existing
    ? { ...presentSymbol(existing), source: 'dictionary', stored: true }
    : { ...base, id: null, createdAt: null, lastInterpretedAt: null, source: reading.source, stored: false };
}
