// The guided library: GET /api/guided-library under load (p99, and requests/s ÷ bare Fastify), and
// POST /api/guided-library/personalized as one user waits for it (p95 over sequential requests, for a
// user whose journal of 200 dreams gives the script its dream signs).
import { assertClean, load, ratio, signUp } from './lib/load';
import { startApp, startBareFastify } from './lib/processes';
import type { Figure } from './lib/results';
import { seedDreams, withAppDatabase } from './lib/seed';

const JOURNAL_DREAMS = 200;
const SAMPLES = 300;
const WARM_UP = 20;
const FOCUS_AREAS = [
  'flying over a moonlit ocean',
  'meeting my grandmother again',
  'a staircase of light',
  'noticing when I am dreaming',
  'a calm forest at night',
  'the house from my childhood',
];
const TYPES = ['meditation', 'technique', 'exercise'] as const;
const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;

function percentile(sorted: number[], p: number): number {
  const at = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, at)] ?? 0) * 100) / 100;
}

export async function benchGuided(): Promise<{ figures: Figure[]; raw: Record<string, unknown> }> {
  const bare = await startBareFastify();
  const app = await startApp();
  try {
    const user = await signUp(app.baseUrl, 'bench_guided');
    await withAppDatabase(app, (client) => seedDreams(client, { userIds: [user.id], perUser: JOURNAL_DREAMS }));

    const url = `${app.baseUrl}/api/guided-library/personalized`;
    const request = (i: number) =>
      fetch(url, {
        method: 'POST',
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          contentType: TYPES[i % TYPES.length],
          difficulty: DIFFICULTIES[Math.floor(i / 3) % DIFFICULTIES.length],
          focusArea: FOCUS_AREAS[i % FOCUS_AREAS.length],
          duration: 5 * (1 + (i % 6)),
          preferences: i % 2 ? 'ocean imagery and slow breathing' : '',
        }),
      });
    // The first request starts reading the journal's dreams (their analyses are then stored); it waits
    // for them at most 1.5 s. Then, until the dream signs are there.
    const first = Date.now();
    const firstRes = await request(0);
    const firstMs = Date.now() - first;
    if (firstRes.status !== 200) throw new Error(`personalized answered ${firstRes.status}: ${await firstRes.text()}`);
    let signsAfterMs = -1;
    while (Date.now() - first < 60_000) {
      const { content } = (await (await request(0)).json()) as { content: string };
      if (content.includes('Your recurring dream signs')) {
        signsAfterMs = Date.now() - first;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (signsAfterMs < 0) throw new Error('the bench journal gave the script no recurring dream signs');
    for (let i = 0; i < WARM_UP; i += 1) await (await request(i)).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const t0 = performance.now();
      const res = await request(i);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`personalized answered ${res.status}`);
    }
    times.sort((a, b) => a - b);

    const listUrl = `${app.baseUrl}/api/guided-library`;
    await load(listUrl, { cookie: user.cookie, durationSec: 2 });
    const baseline = await load(`${bare.baseUrl}/hello`);
    const list = await load(listUrl, { cookie: user.cookie });
    const list1 = await load(listUrl, { cookie: user.cookie, connections: 1, durationSec: 5 });
    assertClean('library list', list);
    assertClean('library list (1 connection)', list1);
    const items = ((await (await fetch(listUrl, { headers: { cookie: user.cookie } })).json()) as unknown[]).length;

    return {
      figures: [
        {
          name: 'POST /api/guided-library/personalized p95 (one user, sequential, journal of 200 dreams)',
          value: percentile(times, 95),
          unit: 'ms',
          target: { op: '<', value: 100 },
          detail: `${SAMPLES} requests, 5–30 min, all types and difficulties; p50 ${percentile(times, 50)} ms`,
        },
        {
          name: 'POST /api/guided-library/personalized, first request (journal of 200 dreams never read before)',
          value: firstMs,
          unit: 'ms',
          detail: `waits at most 1.5 s for the dream signs; they are in the scripts ${signsAfterMs} ms after it`,
        },
        {
          name: 'GET /api/guided-library p99 (32 connections)',
          value: list.p99Ms,
          unit: 'ms',
          detail: `${items} items; ${list.requestsPerSecond} requests/s`,
        },
        { name: 'GET /api/guided-library p99 (one user, 1 connection)', value: list1.p99Ms, unit: 'ms' },
        {
          name: 'GET /api/guided-library requests/s ÷ bare Fastify',
          value: ratio(list.requestsPerSecond, baseline.requestsPerSecond),
          unit: 'ratio',
        },
      ],
      raw: {
        personalized: {
          samples: SAMPLES,
          firstMs,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          max: times.at(-1),
        },
        items,
        baseline,
        list,
        list1,
      },
    };
  } finally {
    await app.stop();
    await bare.stop();
  }
}
