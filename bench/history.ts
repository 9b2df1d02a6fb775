/**
 * History at scale (issue 11.7): the first reading of a dream for a user with 5,000 dreams, and the
 * dream signs over those 5,000, answered from stored analyses; with the longest event-loop stall
 * during each. Runs in this process (the stall is this process's event loop) against the app's
 * bundled PostgreSQL, through the same service functions the routes call.
 *
 * The journal repeats the evaluation set's dreams (49 today, at most 60) over 5,000 rows, each
 * its own dream with its own id and date, so the background filler that stores their analyses
 * (timed, and its stall reported too) needs one read per distinct dream rather than 5,000.
 * Readings then load their history's analyses from dream_analyses; dream signs and the lexicon
 * read only the stored summaries.
 *
 *   npx tsx bench/run.ts history
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createPool, wrapPool, type Database } from '../server/src/db/client';
import { dreams } from '../server/src/db/schema';
import { createEngine } from '../server/src/engine';
import type { InterpretationEngine } from '../server/src/engine/types';
import { startLoopMonitor } from '../server/src/engine/util/loop-monitor';
import { dreamSigns } from '../server/src/features/analytics/dream-signs';
import { fillAnalyses } from '../server/src/features/analytics/service';
import { generateInterpretation } from '../server/src/features/interpretations/service';
import { lexiconForReading, ownLexicon } from '../server/src/features/lexicon/policy';
import { personalForReading, setMeaning } from '../server/src/features/lexicon/service';
import { storedDreamColumns } from '../server/src/features/dreams/presenter';
import { ROOT, startApp } from './lib/processes';
import type { Figure, SectionResult } from './lib/results';
import { insertDreams, seedUsers, withAppDatabase } from './lib/seed';

const HISTORY = 5000;
const SMALL = 50;
const DISTINCT = 60;
const READINGS = 40;
const SIGN_CALLS = 30;

const silent = { info: () => undefined, warn: () => undefined };

async function evalDreams(): Promise<Array<{ title: string; narrative: string }>> {
  const raw = JSON.parse(await readFile(path.join(ROOT, 'server/src/engine/eval/narratives.json'), 'utf8')) as unknown;
  const list = Array.isArray(raw) ? raw : ((raw as { dreams?: unknown[] }).dreams ?? []);
  const out = list.flatMap((item: unknown) => {
    const o = item as { title?: unknown; narrative?: unknown };
    return typeof o.narrative === 'string'
      ? [{ title: typeof o.title === 'string' ? o.title : '', narrative: o.narrative }]
      : [];
  });
  if (!out.length) throw new Error('the evaluation set has no narratives');
  return out;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0).toFixed(1));
}

async function timed<T>(
  runs: number,
  fn: (i: number) => Promise<T>,
): Promise<{ p50: number; p95: number; maxStallMs: number }> {
  const times: number[] = [];
  const monitor = startLoopMonitor();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  const { maxBlockMs } = monitor.stop();
  return { p50: percentile(times, 50), p95: percentile(times, 95), maxStallMs: Number(maxBlockMs.toFixed(1)) };
}

async function firstReadings(db: Database, engine: InterpretationEngine, userId: number, ids: number[]) {
  return timed(Math.min(READINGS, ids.length), async (i) => {
    const [dream] = await db
      .select(storedDreamColumns)
      .from(dreams)
      .where(eq(dreams.id, ids[i] ?? 0));
    if (!dream) throw new Error('bench dream missing');
    const owner = lexiconForReading({ id: userId }, dream);
    await generateInterpretation(
      db,
      engine,
      dream,
      owner ? (names) => personalForReading(db, engine, owner, names, dream.id) : undefined,
    );
  });
}

export async function benchHistory(): Promise<SectionResult> {
  const app = await startApp();
  const pool = createPool(app.pg);
  const db = wrapPool(pool);
  try {
    const pool60 = (await evalDreams()).slice(0, DISTINCT);
    const { big, small } = await withAppDatabase(app, async (client) => {
      const [big = 0, small = 0] = await seedUsers(client, 'bench_history', 2);
      const start = Date.UTC(2012, 0, 1);
      const rows = (userId: number, n: number) =>
        Array.from({ length: n }, (_, i) => {
          const d = pool60[i % pool60.length] ?? { title: '', narrative: 'I dreamt.' };
          return { userId, title: d.title, narrative: d.narrative, date: new Date(start + i * 86_400_000) };
        });
      await insertDreams(client, rows(big, HISTORY));
      await insertDreams(client, rows(small, SMALL));
      await client.query('analyze dreams');
      return { big, small };
    });

    // Store the analyses the way the app does: the background filler, a chunk at a time.
    const engine = createEngine({ provider: 'local', log: silent });
    await engine.ready();
    const fillMonitor = startLoopMonitor();
    const fillStart = performance.now();
    await fillAnalyses(db, engine, big);
    await fillAnalyses(db, engine, small);
    const fillMs = Math.round(performance.now() - fillStart);
    const fillStall = Number(fillMonitor.stop().maxBlockMs.toFixed(1));
    await setMeaning(db, engine, ownLexicon({ id: big }), 'water', 'the lake of my childhood summers');

    const idsOf = async (userId: number) =>
      (await db.select({ id: dreams.id }).from(dreams).where(eq(dreams.userId, userId)).orderBy(dreams.id)).map(
        (r) => r.id,
      );
    // Different dreams each time, spread over the journal: each is that dream's first reading.
    const pick = (ids: number[]) =>
      Array.from({ length: READINGS }, (_, i) => ids[Math.floor((i * ids.length) / READINGS)] ?? 0);
    // The machine's own noise: the longest stall of this process's loop while it does nothing.
    const idle = startLoopMonitor();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleStallMs = Number(idle.stop().maxBlockMs.toFixed(1));
    const smallReadings = await firstReadings(db, engine, small, pick(await idsOf(small)));
    const bigReadings = await firstReadings(db, engine, big, pick(await idsOf(big)));
    const smallSigns = await timed(SIGN_CALLS, () => dreamSigns(db, engine, small));
    const bigSigns = await timed(SIGN_CALLS, () => dreamSigns(db, engine, big));
    const check = await dreamSigns(db, engine, big);
    if (check.analysedDreams !== HISTORY || check.pending !== 0)
      throw new Error(`dream signs saw ${check.analysedDreams} analysed, ${check.pending} pending`);

    const ratio = (a: number, b: number) => Number((a / Math.max(b, 0.1)).toFixed(2));
    const figures: Figure[] = [
      {
        name: `first reading, user with ${HISTORY.toLocaleString('en-US')} dreams, p95`,
        value: bigReadings.p95,
        unit: 'ms',
        target: { op: '<', value: 200 },
        detail: `p50 ${bigReadings.p50} ms; ${SMALL}-dream user p95 ${smallReadings.p95} ms`,
      },
      {
        name: `first reading p95, ${HISTORY.toLocaleString('en-US')} dreams ÷ ${SMALL} dreams`,
        value: ratio(bigReadings.p95, smallReadings.p95),
        unit: 'ratio',
      },
      {
        name: 'longest event-loop stall during first readings',
        value: bigReadings.maxStallMs,
        unit: 'ms',
        target: { op: '<', value: 50 },
        detail: `idle loop on this machine meanwhile: ${idleStallMs} ms; ${SMALL}-dream user: ${smallReadings.maxStallMs} ms`,
      },
      {
        name: `dream signs, ${HISTORY.toLocaleString('en-US')} dreams, p95`,
        value: bigSigns.p95,
        unit: 'ms',
        target: { op: '<', value: 200 },
        detail: `p50 ${bigSigns.p50} ms; ${SMALL}-dream user p95 ${smallSigns.p95} ms`,
      },
      {
        name: `dream signs p95, ${HISTORY.toLocaleString('en-US')} dreams ÷ ${SMALL} dreams`,
        value: ratio(bigSigns.p95, smallSigns.p95),
        unit: 'ratio',
      },
      {
        name: 'longest event-loop stall during dream signs',
        value: bigSigns.maxStallMs,
        unit: 'ms',
        target: { op: '<', value: 50 },
        detail: `idle loop on this machine meanwhile: ${idleStallMs} ms; ${SMALL}-dream user: ${smallSigns.maxStallMs} ms`,
      },
    ];
    return {
      figures,
      raw: {
        historyDreams: HISTORY,
        distinctNarratives: pool60.length,
        fill: { ms: fillMs, maxStallMs: fillStall },
        idleStallMs,
        readings: { big: bigReadings, small: smallReadings, runs: READINGS },
        dreamSigns: { big: bigSigns, small: smallSigns, runs: SIGN_CALLS, signs: check.signs.length },
      },
      notes: [
        `Background fill of ${HISTORY + SMALL} dreams' analyses: ${fillMs} ms, longest stall ${fillStall} ms (before the measurement).`,
      ],
    };
  } finally {
    await pool.end();
    await app.stop();
  }
}
