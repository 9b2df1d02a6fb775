import { sql } from 'drizzle-orm';
import { LIST_SIZES } from '@common/limits';
import type { Database } from '../../db/client';
import { bySignOrder, symbolLabel } from '../../engine';
import type { DreamSign, InterpretationEngine } from '../../engine/types';
import { currentAnalyses, ensureAnalyses } from './analyses';

/** A theme counts as a dream sign from this many dreams on. */
const MIN_DREAMS = 2;

export { dreamAnalysisTable } from './analyses';

/** One pass over the user's stored summaries: the signs, how many dreams are analysed, and how many dreams there are. */
async function countSigns(
  db: Database,
  userId: number,
  fingerprint: string,
): Promise<{ analysed: number; total: number; signs: DreamSign[] }> {
  const result = await db.execute<{
    kind: 'symbol' | 'motif';
    key: string;
    label: string | null;
    count: number;
    first_seen: string | null;
    last_seen: string | null;
    dream_ids: string;
    analysed: number;
    total: number;
  }>(sql`
    with cur as (${currentAnalyses(userId, fingerprint)}),
    items as (
      select 'symbol' as kind, s->>'name' as key, null::text as label, cur.id, cur.date, cur.sort_at
        from cur cross join lateral jsonb_array_elements(cur.summary->'symbols') s
      union all
      select 'motif', m->>'id', m->>'name', cur.id, cur.date, cur.sort_at
        from cur cross join lateral jsonb_array_elements(cur.summary->'motifs') m
    ),
    counts as (
      select (select count(*)::int from cur) as analysed,
        (select count(*)::int from dreams where user_id = ${userId}) as total
    ),
    -- A summary lists each symbol and motif once per dream, so plain counts are dream counts.
    signs as (
      select kind, key, max(label) as label, count(*)::int as count,
        to_char(min(date) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as first_seen,
        to_char(max(date) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_seen,
        array_to_string((array_agg(id order by sort_at desc, id desc))[1:${LIST_SIZES.dreamSignLinks}], ',')
          as dream_ids
      from items group by kind, key having count(*) >= ${MIN_DREAMS}
    )
    -- One row even without signs, for the counts.
    select signs.*, counts.analysed, counts.total from counts left join signs on true`);
  const first = result.rows[0];
  const signs = result.rows.flatMap((r): DreamSign[] =>
    r.kind
      ? [
          {
            kind: r.kind,
            key: r.key,
            label: r.kind === 'symbol' ? symbolLabel(r.key) : (r.label ?? r.key),
            count: Number(r.count),
            firstSeen: r.first_seen,
            lastSeen: r.last_seen,
            // The newest few, as text: splitting it is cheaper than node-postgres's array parser.
            dreamIds: r.dream_ids.split(',').map(Number),
          },
        ]
      : [],
  );
  return { analysed: Number(first?.analysed ?? 0), total: Number(first?.total ?? 0), signs: signs.sort(bySignOrder) };
}

/**
 * Recurring symbols and motifs across all of the user's dreams, counted by PostgreSQL over their
 * stored analyses' summaries (no analysis is parsed in the process). When some dreams lack a
 * current analysis, a few are read now and the rest in the background; `pending` says how many
 * still wait.
 */
export async function dreamSigns(
  db: Database,
  engine: InterpretationEngine,
  userId: number,
): Promise<{ analysedDreams: number; pending: number; signs: DreamSign[] }> {
  const fingerprint = await engine.analysisFingerprint();
  let counted = await countSigns(db, userId, fingerprint);
  let pending = 0;
  if (counted.analysed < counted.total) {
    pending = (await ensureAnalyses(db, engine, userId)).pending;
    counted = await countSigns(db, userId, fingerprint);
  }
  return { analysedDreams: counted.analysed, pending, signs: counted.signs };
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
