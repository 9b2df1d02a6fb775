import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bySignOrder, symbolLabel } from '../../engine';
import type { DreamSign, InterpretationEngine } from '../../engine/types';
import { currentAnalyses, ensureAnalyses } from './analyses';

/** A theme counts as a dream sign from this many dreams on. */
const MIN_DREAMS = 2;

export { dreamAnalysisTable } from './analyses';

/**
 * Recurring symbols and motifs across all of the user's dreams, counted by PostgreSQL over their
 * stored analyses (no analysis is parsed in the process). Dreams without a current analysis are
 * read a few at a time now and the rest in the background; `pending` says how many still wait.
 */
export async function dreamSigns(
  db: Database,
  engine: InterpretationEngine,
  userId: number,
): Promise<{ analysedDreams: number; pending: number; signs: DreamSign[] }> {
  const { fingerprint, pending } = await ensureAnalyses(db, engine, userId);
  const result = await db.execute<{
    kind: 'symbol' | 'motif';
    key: string;
    label: string | null;
    count: number;
    first_seen: string | null;
    last_seen: string | null;
    dream_ids: string;
    analysed: number;
  }>(sql`
    with cur as (${currentAnalyses(userId, fingerprint)}),
    items as (
      select 'symbol' as kind, s->>'name' as key, null::text as label, cur.id, cur.date
        from cur cross join lateral jsonb_array_elements(cur.summary->'symbols') s
      union all
      select 'motif', m->>'id', m->>'name', cur.id, cur.date
        from cur cross join lateral jsonb_array_elements(cur.summary->'motifs') m
    )
    -- A summary lists each symbol and motif once per dream, so plain counts are dream counts.
    select kind, key, max(label) as label, count(*)::int as count,
      to_char(min(date) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as first_seen,
      to_char(max(date) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_seen,
      string_agg(id::text, ',') as dream_ids,
      (select count(*)::int from cur) as analysed
    from items group by kind, key having count(*) >= ${MIN_DREAMS}`);
  let analysedDreams = 0;
  const signs = result.rows.map((r): DreamSign => {
    analysedDreams = Number(r.analysed);
    return {
      kind: r.kind,
      key: r.key,
      label: r.kind === 'symbol' ? symbolLabel(r.key) : (r.label ?? r.key),
      count: Number(r.count),
      firstSeen: r.first_seen,
      lastSeen: r.last_seen,
      // Sent as text: splitting it is cheaper than node-postgres's array parser for thousands of ids.
      dreamIds: r.dream_ids
        .split(',')
        .map(Number)
        .sort((a, b) => a - b),
    };
  });
  if (!signs.length) {
    const counted = await db.execute<{ n: number }>(
      sql`with cur as (${currentAnalyses(userId, fingerprint)}) select count(*)::int as n from cur`,
    );
    analysedDreams = Number(counted.rows[0]?.n ?? 0);
  }
  return { analysedDreams, pending, signs: signs.sort(bySignOrder) };
}

/** Recurring symbols the live matcher in the dream dialog looks for, at most this many. */
const LIVE_WORDS = 100;

/**
 * The user's recurring symbols with the words their dreams used for them ("sea", "waves" for the
 * ocean), for the dream dialog's live dream-sign highlighting (matched in the browser while typing).
 */
export async function dreamSignWords(
  db: Database,
  engine: InterpretationEngine,
  userId: number,
): Promise<Array<{ key: string; label: string; count: number; forms: string[] }>> {
  const { fingerprint } = await ensureAnalyses(db, engine, userId);
  const result = await db.execute<{ key: string; count: number; forms: string[] }>(sql`
    with cur as (${currentAnalyses(userId, fingerprint)})
    select s->>'name' as key, count(distinct cur.id)::int as count,
      array_agg(distinct lower(s->>'surface')) as forms
    from cur cross join lateral jsonb_array_elements(cur.summary->'symbols') s
    where s->>'via' <> 'tag'
    group by 1 having count(distinct cur.id) >= ${MIN_DREAMS}
    order by 2 desc, 1 limit ${LIVE_WORDS}`);
  return result.rows.map((r) => ({
    key: r.key,
    label: symbolLabel(r.key),
    count: Number(r.count),
    forms: [...new Set([r.key, ...r.forms.filter((f) => typeof f === 'string' && f.trim())])],
  }));
}
