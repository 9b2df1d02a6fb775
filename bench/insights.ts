// Insights: every analytics endpoint with 10,000 dreams for one user (100,000 in the database), and
// the marble avatar's frame rate with 20 marbles on screen in Chromium.
import { ACCENT_PATTERNS, AVATAR_COLOURS, MARBLE_TYPES } from '../common/schemas/users';
import { marblePage } from '../scripts/marbles/page';
import {
  assertClean,
  load,
  ratio,
  signUp,
  timeAfterEachAnnouncement,
  type LoadResult,
  type UncachedTiming,
} from './lib/load';
import { startApp, startBareFastify } from './lib/processes';
import type { Figure } from './lib/results';
import { connectAppDatabase, seedDreams, seedUsers, withAppDatabase } from './lib/seed';

const MAIN_USER_DREAMS = 10_000;
const OTHER_USERS = 99;
const OTHER_USER_DREAMS = 909; // 99 × 909 + 10,000 ≈ 100,000 dreams in all
const MAIN_USER_INTENTIONS = 1_000;
const HOUR = 3_600_000;
const ZONE = 'Europe/Berlin';

/** Every analytics endpoint, as the Insights and Profile pages call them (none is cached). */
const ENDPOINTS = [
  `/api/analytics/stats?timeZone=${encodeURIComponent(ZONE)}`,
  '/api/analytics/top-tags?limit=5',
  `/api/analytics/lucid-frequency?timeZone=${encodeURIComponent(ZONE)}`,
  `/api/analytics/calendar?timeZone=${encodeURIComponent(ZONE)}`,
  `/api/analytics/on-this-day?timeZone=${encodeURIComponent(ZONE)}`,
  '/api/analytics/dream-signs',
] as const;

/** Uncached requests per endpoint: the user's figures are evicted before each one. */
const UNCACHED_SAMPLES = 40;

const MARBLES = 20;
const FRAME_SECONDS = 4;

interface FrameRun {
  fps: number;
  p99FrameMs: number;
  framesOver20Ms: number;
  frames: number;
  /** Time spent in the marble loop's painting per frame (20 marbles), measured separately. */
  paintMsPerFrame?: number;
}

/**
 * Frames per second of a page with `count` marbles (lg, 64 px, all visible) turned by the shared loop,
 * from requestAnimationFrame timestamps (Performance API clock) over FRAME_SECONDS.
 */
export async function measureFrames(count: number): Promise<FrameRun> {
  const { browser, page } = await marblePage({ width: 800, height: 600 });
  try {
    return await page.evaluate(
      async ({ count, seconds, types, patterns, colours }) => {
        const layersList = [];
        for (let i = 0; i < count; i++) {
          const avatar = {
            avatarElement: types[i % types.length] ?? 'swirl',
            avatarColor: colours[i % colours.length] ?? '#1E88E5',
            avatarSymbol: patterns[i % patterns.length] ?? 'none',
            hairColor: '#FDD835',
            eyeColor: '#FFFFFF',
          };
          const canvas = document.createElement('canvas');
          const layers = window.marbles.buildMarbleLayers(avatar, 64);
          canvas.width = layers.side;
          canvas.height = layers.side;
          canvas.style.width = '64px';
          canvas.style.height = '64px';
          document.body.appendChild(canvas);
          window.marbles.registerMarble(canvas, layers, i);
          layersList.push({ canvas, layers });
        }
        // Let IntersectionObserver report them visible and the loop start.
        await new Promise((r) => setTimeout(r, 500));
        const stamps: number[] = [];
        await new Promise<void>((resolve) => {
          const end = performance.now() + seconds * 1000;
          const step = (t: number) => {
            stamps.push(t);
            if (t < end) requestAnimationFrame(step);
            else resolve();
          };
          requestAnimationFrame(step);
        });
        const gaps = stamps.slice(1).map((t, i) => t - (stamps[i] ?? t));
        const sorted = [...gaps].sort((a, b) => a - b);
        const span = (stamps.at(-1) ?? 0) - (stamps[0] ?? 0);
        let paintMsPerFrame: number | undefined;
        if (layersList.length) {
          // The painting itself: 300 frames' worth of the same 20 paints, timed.
          const ctxs = layersList.map((m) => m.canvas.getContext('2d', { willReadFrequently: false }));
          const t0 = performance.now();
          for (let f = 0; f < 300; f++) {
            layersList.forEach((m, i) => {
              const ctx = ctxs[i];
              if (ctx) window.marbles.paintMarble(ctx, m.layers, f * 0.01 + i);
            });
            // Reading a pixel makes the canvas rasterise now, so the time includes the drawing itself.
            for (const ctx of ctxs) ctx?.getImageData(0, 0, 1, 1);
          }
          paintMsPerFrame = (performance.now() - t0) / 300;
        }
        return {
          fps: Math.round((gaps.length / (span / 1000)) * 10) / 10,
          p99FrameMs: Math.round((sorted[Math.floor(sorted.length * 0.99)] ?? 0) * 10) / 10,
          framesOver20Ms: gaps.filter((g) => g > 20).length,
          frames: gaps.length,
          paintMsPerFrame: paintMsPerFrame === undefined ? undefined : Math.round(paintMsPerFrame * 1000) / 1000,
        };
      },
      {
        count,
        seconds: FRAME_SECONDS,
        types: MARBLE_TYPES.map((t) => t.id),
        patterns: ACCENT_PATTERNS.map((p) => p.id),
        colours: AVATAR_COLOURS.map((c) => c.primary),
      },
    );
  } finally {
    await browser.close();
  }
}

export async function benchInsights(): Promise<{ figures: Figure[]; raw: Record<string, unknown>; notes: string[] }> {
  const bare = await startBareFastify();
  const app = await startApp();
  const runs: Record<string, { ratio: LoadResult; p99: LoadResult; uncached: UncachedTiming }> = {};
  let baseline: LoadResult | undefined;
  let seedMs = 0;
  let fillMs = 0;
  try {
    const main = await signUp(app.baseUrl, 'bench_insights');
    const seedStart = Date.now();
    await withAppDatabase(app, async (client) => {
      const others = await seedUsers(client, 'bench_insights_other', OTHER_USERS);
      // Hourly dreams ending now: a long current streak (the streak query's worst case) and recent calendar days.
      const startDate = new Date(Date.now() - MAIN_USER_DREAMS * HOUR);
      await seedDreams(client, { userIds: [main.id], perUser: MAIN_USER_DREAMS, startDate, analyze: false });
      await seedDreams(client, { userIds: others, perUser: OTHER_USER_DREAMS, startDate, analyze: false });
      // One dream in five is lucid.
      await client.query(`update dreams set tags = tags || '{lucid}'::text[] where id % 5 = 0`);
      await client.query(
        `insert into intentions (user_id, text, date, outcome)
         select $1, 'Intention ' || i, now() - i * interval '1 day', case when i % 3 = 0 then 'success' else 'pending' end
           from generate_series(1, $2::int) as i`,
        [main.id, MAIN_USER_INTENTIONS],
      );
      await client.query('analyze dreams');
      await client.query('analyze intentions');
    });
    seedMs = Date.now() - seedStart;

    // Dream signs read stored analyses; a journal seeded straight into the table has none yet, and the
    // app completes them in the background (an answer with pending > 0 is not cached). Measure the
    // steady state: wait until the background fill has analysed every dream, and report how long it took.
    const fillStart = Date.now();
    for (;;) {
      const res = await fetch(`${app.baseUrl}/api/analytics/dream-signs`, { headers: { cookie: main.cookie } });
      if (!res.ok) throw new Error(`dream-signs answered ${res.status}: ${await res.text()}`);
      const { pending } = (await res.json()) as { pending: number };
      if (pending === 0) break;
      if (Date.now() - fillStart > 900_000) throw new Error(`dream signs still had ${pending} dreams to analyse`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    fillMs = Date.now() - fillStart;

    for (const path of ENDPOINTS) {
      const first = await fetch(app.baseUrl + path, { headers: { cookie: main.cookie } });
      if (!first.ok) throw new Error(`${path} answered ${first.status}: ${await first.text()}`);
      await load(app.baseUrl + path, { cookie: main.cookie, durationSec: 1 });
    }
    baseline = await load(`${bare.baseUrl}/hello`, { durationSec: 5 });
    const client = await connectAppDatabase(app);
    try {
      for (const path of ENDPOINTS) {
        const r32 = await load(app.baseUrl + path, { cookie: main.cookie, durationSec: 5 });
        const r4 = await load(app.baseUrl + path, { cookie: main.cookie, connections: 4, durationSec: 5 });
        assertClean(path, r32);
        assertClean(path, r4);
        runs[path] = {
          ratio: r32,
          p99: r4,
          uncached: await timeAfterEachAnnouncement(
            app.baseUrl + path,
            main.cookie,
            () => client.query(`select pg_notify('dt_dreams_changed', $1)`, [`dreams:${main.id}`]),
            UNCACHED_SAMPLES,
          ),
        };
      }
    } finally {
      await client.end();
    }
  } finally {
    await app.stop();
    await bare.stop();
  }

  if (!baseline) throw new Error('the baseline did not run');
  const bareRps = baseline.requestsPerSecond;
  const empty = await measureFrames(0);
  const marbles = await measureFrames(MARBLES);

  const figures: Figure[] = [];
  for (const path of ENDPOINTS) {
    const run = runs[path];
    if (!run) continue;
    const name = path.split('?')[0] ?? path;
    figures.push(
      {
        name: `GET ${path} requests/s ÷ bare Fastify (served by the per-user cache)`,
        value: ratio(run.ratio.requestsPerSecond, bareRps),
        unit: 'ratio',
        target: { op: '>=', value: 0.2 },
        detail: `${run.ratio.requestsPerSecond} vs ${bareRps} req/s, 32 connections`,
      },
      {
        name: `GET ${name} p99 (4 connections, cached)`,
        value: run.p99.p99Ms,
        unit: 'ms',
        target: { op: '<', value: 30 },
        detail: `p50 ${run.p99.p50Ms} ms`,
      },
      {
        name: `GET ${name} uncached (evicted before each request, 1 connection) p99`,
        value: run.uncached.p99Ms,
        unit: 'ms',
        detail: `p50 ${run.uncached.p50Ms} ms, mean ${run.uncached.meanMs} ms over ${run.uncached.samples}: at most ${Math.round(1000 / Math.max(run.uncached.meanMs, 0.001))} requests/s on one connection`,
      },
    );
  }
  figures.push(
    {
      name: `marble page frame rate, ${MARBLES} marbles on screen (Chromium, rAF)`,
      value: marbles.fps,
      unit: 'fps',
      target: { op: '>=', value: 58 },
      detail: `p99 frame ${marbles.p99FrameMs} ms, ${marbles.framesOver20Ms} of ${marbles.frames} frames over 20 ms; empty page ${empty.fps} fps`,
    },
    {
      name: `marble painting per frame, ${MARBLES} marbles all repainted, rasterisation forced (upper bound)`,
      value: marbles.paintMsPerFrame ?? 0,
      unit: 'ms',
      detail: 'of the 16.7 ms a 60 fps frame allows',
    },
  );
  return {
    figures,
    notes: [
      'The requests/s ratios and the 4-connection p99 are served by the per-user cache (features/analytics/cache.ts): after the first request, until the user changes a dream or intention. The "uncached" figures evict the user before every request, so each one runs its SQL aggregate (dream-signs reads the stored per-dream analyses).',
      `Before measuring, the app's background fill analysed the seeded journal for dream signs in ${Math.round(fillMs / 1000)} s (dreams inserted straight into the table have no stored analysis; an answer still pending is not cached).`,
      'Frame rate from requestAnimationFrame timestamps in headless Chromium (software rendering, --disable-gpu); the empty page shows the ceiling.',
    ],
    raw: { seedMs, fillMs, baseline, runs, frames: { empty, marbles }, zone: ZONE },
  };
}
