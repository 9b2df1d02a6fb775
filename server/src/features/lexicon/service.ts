import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LexiconEntry, LexiconResponse } from '@common/schemas/lexicon';
import { LIST_SIZES } from '@common/limits';
import { MSG } from '@common/messages';
import type { Database } from '../../db/client';
import { personalSymbols } from '../../db/schema';
import type { DreamForEngine, InterpretationEngine, PersonalFeeling, PersonalSymbol } from '../../engine/types';
import { notFound } from '../../lib/http-error';
import { currentAnalyses, dreamAnalysisTable, ensureAnalyses } from '../analytics/service';
import type { LexiconOwner } from './policy';

/**
 * The personal symbol lexicon: what the dreamer wrote symbols mean to them (personal_symbols) and
 * what their saved analyses show — in how many dreams a symbol appears, the feeling of the dream
 * where it does, and what it appears with. Everything is computed by PostgreSQL over the owner's
 * current analyses; every function takes a LexiconOwner (policy.ts).
 */

/** Tone (VADER compound) bands for how a symbol's sentences felt, mildest in the middle. */
const BANDS: Array<{ feeling: PersonalFeeling; max: number }> = [
  { feeling: 'dread', max: -0.5 },
  { feeling: 'unease', max: -0.15 },
  { feeling: 'calm', max: 0.15 },
  { feeling: 'ease', max: 0.5 },
  { feeling: 'delight', max: Infinity },
];
/** A symbol is learned from this many dreams on (one dream says nothing about a tendency). */
const MIN_LEARNED = 2;
const COMPANIONS = 3;
const RECENT = 2;

/** Names as a list of SQL parameters, for `in (…)` (callers pass at least one). */
const listOf = (names: string[]) =>
  sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );

interface Learned {
  symbol: string;
  dreams: number;
  tone: PersonalSymbol['tone'];
  recent: string[];
  companions: string[];
}

/** Per symbol: dreams, the dominant tone band, latest titles and the symbols seen with it most. */
async function learn(
  db: Database,
  userId: number,
  fingerprint: string,
  names: string[] | null,
  except?: number,
): Promise<Learned[]> {
  const filter = names ? sql`where s->>'name' in (${listOf(names)})` : sql``;
  // The band of each occurrence: 0 for the first band whose upper bound its tone is within, and so on.
  const band = sql.join(
    BANDS.slice(0, -1).map((b, i) => sql.raw(`when tone <= ${b.max} then ${i}`)),
    sql` `,
  );
  const bandCounts = sql.join(
    BANDS.map((_, i) => sql.raw(`count(*) filter (where band = ${i})::int`)),
    sql`, `,
  );
  // One scan of the owner's summaries: each symbol's occurrences, then what the same dreams also hold.
  const rows = await db.execute<{
    name: string;
    dreams: number;
    bands: number[];
    recent: string[];
    companions: string[] | null;
  }>(sql`
    with cur as (${currentAnalyses(userId, fingerprint, except)}),
    occ as (
      select cur.id, cur.title, cur.date, cur.summary, s->>'name' as name, (s->>'tone')::float8 as tone
      from cur cross join lateral jsonb_array_elements(cur.summary->'symbols') s ${filter}
    ),
    banded as (select occ.*, case ${band} else ${sql.raw(String(BANDS.length - 1))} end as band from occ),
    agg as (
      select name, count(*)::int as dreams,
        array[${bandCounts}] as bands,
        (array_agg(title order by date desc nulls last, id desc))[1:${sql.raw(String(RECENT))}] as recent
      from banded group by name
      ${names ? sql`` : sql`having count(*) >= ${MIN_LEARNED} order by count(*) desc, name limit ${LIST_SIZES.lexiconMax}`}
    ),
    pairs as (
      select occ.name, o->>'name' as other, count(*)::int as n
      from occ join agg using (name) cross join lateral jsonb_array_elements(occ.summary->'symbols') o
      where o->>'name' <> occ.name
      group by 1, 2
    )
    select agg.*, (
      select array_agg(other order by n desc, other) from (
        select other, n from pairs where pairs.name = agg.name order by n desc, other limit ${sql.raw(String(COMPANIONS))}
      ) top
    ) as companions
    from agg`);
  return rows.rows.map((r) => {
    const bands = r.bands.map(Number);
    let best = -1;
    bands.forEach((n, i) => {
      if (n > 0 && (best < 0 || n > (bands[best] ?? 0))) best = i;
    });
    const feeling = BANDS[best]?.feeling;
    return {
      symbol: r.name,
      dreams: Number(r.dreams),
      tone: feeling ? { feeling, count: bands[best] ?? 0 } : null,
      recent: (r.recent ?? []).filter((t): t is string => typeof t === 'string'),
      companions: r.companions ?? [],
    };
  });
}

async function meaningsOf(db: Database, owner: LexiconOwner, names?: string[]) {
  return db
    .select()
    .from(personalSymbols)
    .where(
      names
        ? and(eq(personalSymbols.userId, owner.userId), inArray(personalSymbols.symbol, names))
        : eq(personalSymbols.userId, owner.userId),
    )
    .orderBy(asc(personalSymbols.symbol));
}

/**
 * What a reading of one of the owner's dreams may say about its symbols: their own meanings and
 * how each symbol felt in their other dreams. Symbols with neither are left out.
 */
export async function personalForReading(
  db: Database,
  engine: InterpretationEngine,
  owner: LexiconOwner,
  names: string[],
  dreamId: number,
): Promise<PersonalSymbol[]> {
  if (!names.length) return [];
  const fingerprint = await engine.analysisFingerprint();
  const [learned, meanings] = await Promise.all([
    learn(db, owner.userId, fingerprint, names, dreamId),
    meaningsOf(db, owner, names),
  ]);
  const byName = new Map(learned.map((l) => [l.symbol, l]));
  const meaningOf = new Map(meanings.map((m) => [m.symbol, m.meaning]));
  return names.flatMap((name) => {
    const l = byName.get(name);
    const meaning = meaningOf.get(name) ?? null;
    if (!meaning && (!l || l.dreams < MIN_LEARNED)) return [];
    return [
      {
        symbol: name,
        meaning,
        dreams: l?.dreams ?? 0,
        tone: l?.tone ?? null,
        companions: l?.companions ?? [],
        recent: l?.recent ?? [],
      },
    ];
  });
}

function entry(
  symbol: string,
  category: string | null,
  learned: Learned | undefined,
  meaning: { meaning: string; updatedAt: Date } | undefined,
): LexiconEntry {
  return {
    symbol,
    category,
    meaning: meaning?.meaning ?? null,
    meaningUpdatedAt: meaning ? meaning.updatedAt.toISOString() : null,
    dreams: learned?.dreams ?? 0,
    tone: learned?.tone ?? null,
    companions: learned?.companions ?? [],
    recent: learned?.recent ?? [],
  };
}

async function categories(engine: InterpretationEngine, names: string[]): Promise<Map<string, string>> {
  const wanted = new Set(names);
  const seed = await engine.dictionarySeed();
  return new Map(seed.filter((s) => wanted.has(s.symbol)).map((s) => [s.symbol, s.category]));
}

/** The owner's whole lexicon: every symbol they gave a meaning, then their recurring symbols, most dreams first. */
export async function listLexicon(
  db: Database,
  engine: InterpretationEngine,
  owner: LexiconOwner,
): Promise<LexiconResponse> {
  const { fingerprint } = await ensureAnalyses(db, engine, owner.userId);
  const [learned, meanings, analysed] = await Promise.all([
    learn(db, owner.userId, fingerprint, null),
    meaningsOf(db, owner),
    db.execute<{ n: number }>(
      sql`with cur as (${currentAnalyses(owner.userId, fingerprint)}) select count(*)::int as n from cur`,
    ),
  ]);
  const byName = new Map(learned.map((l) => [l.symbol, l]));
  const meaningOf = new Map(meanings.map((m) => [m.symbol, m]));
  // Meanings without enough dreams to learn from still need their own figures.
  const extra = meanings.map((m) => m.symbol).filter((n) => !byName.has(n));
  for (const l of extra.length ? await learn(db, owner.userId, fingerprint, extra) : []) byName.set(l.symbol, l);
  const names = [...new Set([...meanings.map((m) => m.symbol), ...learned.map((l) => l.symbol)])];
  const cats = await categories(engine, names);
  const entries = names
    .map((n) => entry(n, cats.get(n) ?? null, byName.get(n), meaningOf.get(n)))
    .sort(
      (a, b) =>
        Number(b.meaning !== null) - Number(a.meaning !== null) ||
        b.dreams - a.dreams ||
        a.symbol.localeCompare(b.symbol),
    )
    .slice(0, LIST_SIZES.lexiconMax);
  return { analysedDreams: Number(analysed.rows[0]?.n ?? 0), entries };
}

/** One symbol of the owner's lexicon (learned figures and meaning; zeros and null when there are none). */
export async function lexiconEntry(
  db: Database,
  engine: InterpretationEngine,
  owner: LexiconOwner,
  symbol: string,
): Promise<LexiconEntry> {
  const { fingerprint } = await ensureAnalyses(db, engine, owner.userId);
  const [learned, meanings, cats] = await Promise.all([
    learn(db, owner.userId, fingerprint, [symbol]),
    meaningsOf(db, owner, [symbol]),
    categories(engine, [symbol]),
  ]);
  return entry(symbol, cats.get(symbol) ?? null, learned[0], meanings[0]);
}

/** Writes (or rewrites) what the symbol means to the owner. */
export async function setMeaning(
  db: Database,
  engine: InterpretationEngine,
  owner: LexiconOwner,
  symbol: string,
  meaning: string,
): Promise<LexiconEntry> {
  await db
    .insert(personalSymbols)
    .values({ userId: owner.userId, symbol, meaning })
    .onConflictDoUpdate({
      target: [personalSymbols.userId, personalSymbols.symbol],
      set: { meaning, updatedAt: sql`now()` },
    });
  return lexiconEntry(db, engine, owner, symbol);
}

/** Removes the owner's meaning for the symbol (what was learned from their dreams stays). */
export async function clearMeaning(db: Database, owner: LexiconOwner, symbol: string): Promise<void> {
  const removed = await db
    .delete(personalSymbols)
    .where(and(eq(personalSymbols.userId, owner.userId), eq(personalSymbols.symbol, symbol)))
    .returning({ symbol: personalSymbols.symbol });
  if (!removed.length) throw notFound(MSG.personalMeaningNotFound);
}

/**
 * The symbols the engine finds in one of the owner's dreams, each with the owner's lexicon entry:
 * what the dream page offers to give a personal meaning. The route checked the dream through the
 * dreams policy and the owner through this feature's.
 */
export async function lexiconForDream(
  db: Database,
  engine: InterpretationEngine,
  owner: LexiconOwner,
  dream: DreamForEngine,
): Promise<LexiconEntry[]> {
  const [analysis] = await engine.analyseMany([dream], dreamAnalysisTable(db, owner.userId));
  const names = [...new Set((analysis?.symbols ?? []).filter((s) => s.via !== 'tag').map((s) => s.name))];
  if (!names.length) return [];
  const fingerprint = await engine.analysisFingerprint();
  const [learned, meanings, cats] = await Promise.all([
    learn(db, owner.userId, fingerprint, names),
    meaningsOf(db, owner, names),
    categories(engine, names),
  ]);
  const byName = new Map(learned.map((l) => [l.symbol, l]));
  const meaningOf = new Map(meanings.map((m) => [m.symbol, m]));
  return names.map((n) => entry(n, cats.get(n) ?? null, byName.get(n), meaningOf.get(n)));
}
