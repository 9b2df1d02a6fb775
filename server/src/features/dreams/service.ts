import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { SNIPPET_START, SNIPPET_STOP, type Dream } from '@common/schemas/dreams';
import type { Database } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { dreams, intentions } from '../../db/schema';
import { withIdempotencyKey, type IdempotentRequest, type StoredAnswer } from '../../lib/idempotency';
import { loadIntention } from '../intentions/policy';
import { userSharesChanged } from '../social/service';
import { dreamNotFound } from './policy';
import { presentDream, storedDreamColumns, type StoredDream } from './presenter';
import { dreamsChanged, RECENT_FETCH_MIN, recentDreamsCacheFor } from './recent-cache';
import {
  alternativeText,
  fuzzyCandidates,
  parseSearch,
  typoTerms,
  type ParsedSearch,
  type SimilarTerm,
} from './search-query';

const dreamColumns = storedDreamColumns;

/**
 * The journal's order, newest first: by the dream's date, then by when it was written down (a dream
 * with only a time period sorts by its recording time; see `sortAt` in the schema). Every list of
 * dreams uses it. The index (user_id, sort_at, created_at, id) is ascending and read backwards,
 * which is exactly "desc" (NULLS FIRST); sort_at and created_at are never null anyway.
 */
export const JOURNAL_ORDER = [desc(dreams.sortAt), desc(dreams.createdAt), desc(dreams.id)];
/** The same order, oldest first (the JSON export, which a restore reads in file order). */
export const JOURNAL_ORDER_OLDEST_FIRST = [asc(dreams.sortAt), asc(dreams.createdAt), asc(dreams.id)];
/** Other writers of dreams (the import) tell the recent-dreams cache through the service. */
export { dreamsChanged };

export type { StoredDream };

export interface DreamInput {
  title: string;
  narrative: string;
  date: Date;
  timePeriod?: string | null;
  tags: string[];
  intentionId?: number | null;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A dream may name only an intention its writer may link (intentions/policy.ts). */
async function assertMayLinkIntention(tx: Tx, userId: number, intentionId: number): Promise<void> {
  await loadIntention(tx, { id: userId }, intentionId, 'link');
}

/** Links the intention back to the dream that answered it, unless it already names one. */
async function linkIntention(tx: Tx, userId: number, intentionId: number, dreamId: number): Promise<void> {
  await tx
    .update(intentions)
    .set({ dreamId })
    .where(and(eq(intentions.id, intentionId), eq(intentions.userId, userId), isNull(intentions.dreamId)));
}

/** Inserts the dream (and links its intention) inside the caller's transaction. */
async function insertDream(tx: Tx, userId: number, input: DreamInput): Promise<StoredDream> {
  if (input.intentionId) await assertMayLinkIntention(tx, userId, input.intentionId);
  const inserted = await tx
    .insert(dreams)
    .values({
      userId,
      title: input.title,
      narrative: input.narrative,
      date: input.date,
      timePeriod: input.timePeriod ?? null,
      tags: input.tags,
      intentionId: input.intentionId ?? null,
    })
    .returning(dreamColumns);
  const dream = inserted[0];
  if (!dream) throw new Error('insert returned no row');
  if (input.intentionId) await linkIntention(tx, userId, input.intentionId, dream.id);
  return dream;
}

export async function createDream(db: Database, userId: number, input: DreamInput): Promise<StoredDream> {
  const dream = await db.transaction((tx) => insertDream(tx, userId, input));
  dreamsChanged(db, userId);
  return dream;
}

/**
 * Records a dream once per Idempotency-Key (issue 9.5): the key and the dream are written in one
 * transaction; a repeat of the request, even one in flight at the same time, answers the same dream.
 */
export async function createDreamOnce(
  db: Database,
  request: IdempotentRequest,
  input: DreamInput,
): Promise<StoredAnswer<Dream> & { replayed: boolean }> {
  const answer = await withIdempotencyKey(db, request, async (tx) => ({
    status: 201,
    body: presentDream(await insertDream(tx, request.userId, input)),
  }));
  if (!answer.replayed) dreamsChanged(db, request.userId);
  return answer;
}

/** Changes a dream the route loaded through the policy (loadDream(…, 'change')). */
export async function updateDream(
  db: Database,
  current: StoredDream,
  input: Partial<DreamInput>,
): Promise<StoredDream> {
  const { userId } = current;
  const dream = await db.transaction(async (tx) => {
    if (input.intentionId) await assertMayLinkIntention(tx, userId, input.intentionId);
    const changes: PgUpdateSetSource<typeof dreams> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.narrative !== undefined) changes.narrative = input.narrative;
    // A dream with a time period keeps its date (the day it was written down) while it keeps a
    // period: only switching a dated dream to a period, or a period back to a date, sets it (spec §4).
    if (input.date !== undefined) {
      changes.date =
        input.timePeriod === null
          ? input.date
          : sql`case when ${dreams.timePeriod} is null then ${input.date}::timestamptz else ${dreams.date} end`;
    }
    if (input.timePeriod !== undefined) changes.timePeriod = input.timePeriod;
    if (input.tags !== undefined) changes.tags = input.tags;
    if (input.intentionId !== undefined) changes.intentionId = input.intentionId;
    const where = eq(dreams.id, current.id);
    const updated = Object.keys(changes).length
      ? await tx.update(dreams).set(changes).where(where).returning(dreamColumns)
      : await tx.select(dreamColumns).from(dreams).where(where);
    const dream = updated[0];
    if (!dream) throw dreamNotFound(); // deleted since the route loaded it
    if (input.intentionId) await linkIntention(tx, userId, input.intentionId, dream.id);
    return dream;
  });
  dreamsChanged(db, userId);
  return dream;
}

/** Deletes a dream the route loaded through the policy (loadDream(…, 'delete')). */
export async function deleteDream(db: Database, dream: StoredDream): Promise<void> {
  const removed = await db.delete(dreams).where(eq(dreams.id, dream.id)).returning({ id: dreams.id });
  if (!removed.length) throw dreamNotFound(); // deleted since the route loaded it
  dreamsChanged(db, dream.userId);
  // Its share, if any, went with it (foreign key): the community feed forgets its pages now.
  userSharesChanged(db, dream.userId);
}

/** Home and Journal load this on every visit: a named prepared statement skips parse and plan. */
function prepareList(db: Database) {
  return db
    .select(dreamColumns)
    .from(dreams)
    .where(eq(dreams.userId, sql.placeholder('userId')))
    .orderBy(...JOURNAL_ORDER)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('dreams_recent');
}
const listStatement = perDatabase(prepareList);

export async function listDreams(db: Database, userId: number, limit: number, offset = 0): Promise<StoredDream[]> {
  return listStatement(db).execute({ userId, limit, offset });
}

/** The user's newest dreams (Home, Journal), from the process's cache when it holds them (recent-cache.ts). */
export async function recentDreams(db: Database, userId: number, limit: number): Promise<StoredDream[]> {
  const cache = recentDreamsCacheFor(db);
  const cached = cache.get(userId, limit);
  if (cached) return cached;
  const epoch = cache.epoch;
  const fetched = Math.max(limit, RECENT_FETCH_MIN);
  const rows = await listStatement(db).execute({ userId, limit: fetched, offset: 0 });
  cache.set(userId, rows, fetched, epoch);
  return rows.length > limit ? rows.slice(0, limit) : rows;
}

/** Ranking every match costs too much for a large journal: matches are ranked in groups this size. */
const SEARCH_GROUP = 200;
/** Look-alike terms asked of PostgreSQL per search word, before the edit-distance check. */
const SIMILAR_PER_WORD = 20;
const HEADLINE = `StartSel=${SNIPPET_START}, StopSel=${SNIPPET_STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
/** A tag-only search has no words to show: the snippet is the narrative's opening. */
const OPENING_CHARS = 240;

type SearchRow = {
  found: number;
  id: number | null;
  user_id: number;
  title: string;
  narrative: string;
  date: Date | null;
  time_period: string | null;
  tags: string[];
  intention_id: number | null;
  created_at: Date;
  updated_at: Date;
  rank: number;
  snippet: string;
};

type SimilarRow = {
  word: string;
  normalized: string;
  known: boolean;
  term: string | null;
  word_stem: string;
  term_stem: string | null;
};

export interface SearchFound {
  results: Array<{ dream: StoredDream; rank: number; snippet: string }>;
  total: number;
  totalExact: boolean;
}

/** websearch_to_tsquery over dt_english (english stemming, accents folded) never fails on its input. */
function tsquery(text: string): SQL {
  return sql`websearch_to_tsquery('dt_english', ${text})`;
}

function textArray(values: string[]): SQL {
  return sql`${sql.param(values)}::text[]`;
}

/**
 * The tsquery of a parsed search: its clauses joined with &&, each clause's alternatives with ||
 * (a word with its spellings and synonyms, plus its typo terms when given). Each piece is a
 * websearch_to_tsquery call on a parameter, so the whole query is a constant PostgreSQL folds
 * before planning.
 */
function searchTsquery(
  parsed: ParsedSearch,
  guesses?: { typos: Map<string, string[]>; prefix: string | null },
): SQL | null {
  if (!parsed.clauses.length) return null;
  const clauses = parsed.clauses.map((clause, i) => {
    const parts = clause.alternatives.flatMap((alt, j) => {
      const out = [tsquery(alternativeText(alt))];
      if (alt.kind !== 'word' || !guesses) return out;
      const typos = guesses.typos.get(alt.word);
      if (typos?.length) out.push(tsquery(typos.join(' or ')));
      const last = i === parsed.clauses.length - 1 && j === clause.alternatives.length - 1;
      // Letters and digits only (search-query.ts), so the to_tsquery syntax is ours alone.
      if (last && guesses.prefix === alt.word) out.push(sql`to_tsquery('dt_english', ${`${alt.word}:*`})`);
      return out;
    });
    const joined = parts.length === 1 ? (parts[0] as SQL) : sql`(${sql.join(parts, sql` || `)})`;
    return clause.negated ? sql`(!! ${joined})` : joined;
  });
  return clauses.length === 1 ? (clauses[0] as SQL) : sql`(${sql.join(clauses, sql` && `)})`;
}

/**
 * For each of these words, the terms of the user's dreams that are that word mistyped
 * (search-query.ts), and which of the words are themselves terms of the user's dreams.
 */
async function lookUpWords(
  db: Database,
  userId: number,
  words: string[],
): Promise<{ typos: Map<string, string[]>; known: Set<string> }> {
  const typos = new Map<string, string[]>();
  const known = new Set<string>();
  if (!words.length) return { typos, known };
  const result = await db.execute<SimilarRow>(
    sql`select word, normalized, known, term, word_stem, term_stem
      from dt_similar_terms(${userId}, ${textArray(words)}, ${SIMILAR_PER_WORD})`,
  );
  const similar: SimilarTerm[] = [];
  for (const r of result.rows) {
    if (r.known) known.add(r.word);
    if (r.term === null || r.term_stem === null || !PLAIN_TERM.test(r.term)) continue;
    similar.push({
      word: r.word,
      normalized: r.normalized,
      known: r.known,
      term: r.term,
      wordStem: r.word_stem,
      termStem: r.term_stem,
    });
  }
  for (const word of words) {
    const terms = typoTerms(word, similar);
    if (terms.length) typos.set(word, terms);
  }
  return { typos, known };
}
const PLAIN_TERM = /^[\p{L}\p{N}\p{M}]+$/u;

/**
 * Search over title, tags and narrative (search-query.ts says what a query may hold): a generated
 * tsvector with a GIN index, english stemming with accents folded, other spellings and synonyms, a
 * typo-tolerant part (terms of the user's dreams within a small edit distance of a search word, found
 * with a trigram index and looked up beside the search, which runs again only when there are some),
 * the last word also as a prefix (a word still being typed) and #tag filters. Matches are taken in
 * journal order (newest dream first, see JOURNAL_ORDER) in groups of 200; within a group, dreams that
 * match without typo terms or prefix come first, then by ts_rank_cd, equal ranks in journal order. So
 * page 1 shows the best of the newest 200 matches, and paging on never repeats or skips a dream (an
 * item's place does not depend on how deep the page is). Only the page gets a snippet.
 *
 * The tsquery is written inline (not in a CTE) and the statement is unnamed, so PostgreSQL plans
 * every search with the actual words: for common words it walks the user's (user, sort_at) btree
 * newest first and stops after enough matches; for rare words it intersects the GIN posting lists.
 * A named prepared statement would fall back to a generic plan after five runs and lose that choice.
 *
 * Only the groups the page reaches are read, plus one match, so `total` is exact (`totalExact`)
 * whenever every match was read; otherwise it is the number read, a lower bound. Matches are marked
 * with control characters, never HTML.
 */
export async function searchDreams(
  db: Database,
  userId: number,
  q: string,
  limit: number,
  offset: number,
): Promise<SearchFound> {
  const parsed = parseSearch(q);
  if (!parsed.clauses.length && !parsed.tags.length && !parsed.excludedTags.length) {
    return { results: [], total: 0, totalExact: true };
  }
  // The typo terms, and whether the last word is still being typed, come from a look-up of the user's
  // words. It runs beside a search without them (on another connection), which is the answer when
  // the words have no look-alikes and the last word is a whole word of the user's, as most are; otherwise
  // the search runs again with them. A last word under 4 letters is always taken as a prefix.
  const words = fuzzyCandidates(parsed);
  const longPrefix = parsed.prefix !== null && [...parsed.prefix].length >= 4 ? parsed.prefix : null;
  if (longPrefix && !words.includes(longPrefix)) words.push(longPrefix);
  const shortPrefix = longPrefix ? null : parsed.prefix;
  const [lookup, first] = await Promise.allSettled([
    lookUpWords(db, userId, words),
    runSearch(db, userId, parsed, { typos: new Map(), prefix: shortPrefix }, limit, offset),
  ]);
  if (lookup.status === 'rejected') throw lookup.reason;
  const { typos, known } = lookup.value;
  const prefix = longPrefix && !known.has(longPrefix) ? longPrefix : shortPrefix;
  if (!typos.size && prefix === shortPrefix) {
    if (first.status === 'rejected') throw first.reason;
    return first.value;
  }
  return runSearch(db, userId, parsed, { typos, prefix }, limit, offset);
}

async function runSearch(
  db: Database,
  userId: number,
  parsed: ParsedSearch,
  guesses: { typos: Map<string, string[]>; prefix: string | null },
  limit: number,
  offset: number,
): Promise<SearchFound> {
  const guessed = guesses.typos.size > 0 || guesses.prefix !== null;
  const exactQuery = searchTsquery(parsed);
  const fullQuery = guessed ? searchTsquery(parsed, guesses) : exactQuery;
  const filters: SQL[] = [sql`d.user_id = ${userId}`];
  if (fullQuery) filters.push(sql`d.search_vector @@ ${fullQuery}`);
  if (parsed.tags.length) filters.push(sql`d.tags @> ${textArray(parsed.tags)}`);
  if (parsed.excludedTags.length) filters.push(sql`not (d.tags && ${textArray(parsed.excludedTags)})`);
  const rank = fullQuery ? sql`ts_rank_cd(d.search_vector, ${fullQuery})` : sql`0::real`;
  const exact = exactQuery && guessed ? sql`(d.search_vector @@ ${exactQuery})` : sql`true`;
  const snippet = fullQuery
    ? sql`ts_headline('dt_english', d.narrative, ${fullQuery}, ${HEADLINE})`
    : sql`left(d.narrative, ${OPENING_CHARS})`;

  const candidates = Math.ceil((offset + limit) / SEARCH_GROUP) * SEARCH_GROUP;
  const result = await db.execute<SearchRow>(sql`
    with cand as (
      select d.id, d.sort_at, d.created_at, ${rank} as rank, ${exact} as exact,
        row_number() over (order by d.sort_at desc, d.created_at desc, d.id desc) as n
      from dreams d
      where ${sql.join(filters, sql` and `)}
      order by d.sort_at desc, d.created_at desc, d.id desc
      limit ${candidates + 1}
    ),
    page as (
      select id, sort_at, created_at, rank, exact, (n - 1) / ${SEARCH_GROUP} as grp from cand
      where n <= ${candidates}
      order by grp, exact desc, rank desc, sort_at desc, created_at desc, id desc
      limit ${limit} offset ${offset}
    )
    select c.found, d.id, d.user_id, d.title, d.narrative, d.date, d.time_period, d.tags, d.intention_id,
      d.created_at, d.updated_at, p.rank, ${snippet} as snippet
    from (select count(*)::int as found from cand) c
      left join page p on true
      left join dreams d on d.id = p.id
    order by p.grp nulls last, p.exact desc, p.rank desc, p.sort_at desc, p.created_at desc, p.id desc`);
  const found = result.rows[0]?.found ?? 0;
  const rows = result.rows.filter((r): r is SearchRow & { id: number } => r.id !== null);
  return {
    total: Math.min(found, candidates),
    totalExact: found <= candidates,
    results: rows.map((r) => ({
      dream: {
        id: r.id,
        userId: r.user_id,
        title: r.title,
        narrative: r.narrative,
        date: r.date ? new Date(r.date) : null,
        timePeriod: r.time_period,
        tags: r.tags,
        intentionId: r.intention_id,
        createdAt: new Date(r.created_at),
        updatedAt: new Date(r.updated_at),
      },
      rank: Number(r.rank),
      snippet: r.snippet,
    })),
  };
}
