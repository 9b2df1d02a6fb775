/**
 * Engine benchmark: load time and memory cost of the local engine, then interpret() latency over the
 * evaluation set after a warm-up pass. Also reports the longest event-loop stall while loading.
 *
 *   npx tsx bench/engine.ts        (prints the JSON)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../server/src/engine';
import type { DreamForEngine } from '../server/src/engine/types';
import { startLoopMonitor } from '../server/src/engine/util/loop-monitor';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EVAL_FILE = path.join(root, 'server/src/engine/eval/narratives.json');

/** Dreams for the latency run: the evaluation set, or a few built-in ones before it exists. */
async function benchDreams(): Promise<DreamForEngine[]> {
  let raw: unknown = null;
  try {
    raw = JSON.parse(await readFile(EVAL_FILE, 'utf8'));
  } catch {
    raw = null;
  }
  const list = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object' && Array.isArray((raw as { dreams?: unknown }).dreams)
      ? (raw as { dreams: unknown[] }).dreams
      : [];
  const dreams: DreamForEngine[] = [];
  list.forEach((item: unknown, i) => {
    if (typeof item !== 'object' || item === null) return;
    const o = item as { title?: unknown; narrative?: unknown; tags?: unknown };
    if (typeof o.narrative !== 'string') return;
    dreams.push({
      id: i + 1,
      title: typeof o.title === 'string' ? o.title : '',
      narrative: o.narrative,
      tags: Array.isArray(o.tags) ? o.tags.filter((t): t is string => typeof t === 'string') : [],
      timePeriod: null,
      date: new Date(Date.UTC(2025, 0, 1 + i)),
    });
  });
  if (dreams.length) return dreams;
  return [
    'I was swimming in a dark ocean at night and something brushed my leg. I panicked and swam toward a lighthouse.',
    'My teeth crumbled in my hand while I stood in front of the whole class, and everyone laughed.',
    'A stranger chased me through my childhood house; every door opened onto another hallway.',
    'I realised I was dreaming and flew over a city of glass, feeling completely free.',
  ].map((narrative, i) => ({
    id: i + 1,
    title: '',
    narrative,
    tags: [],
    timePeriod: null,
    date: new Date(Date.UTC(2025, 0, 1 + i)),
  }));
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx] ?? 0;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const ms = (n: number) => Math.round(n * 100) / 100;

export async function benchEngine(): Promise<{
  loadMs: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  rssCostMb: number;
  p50Ms: number;
  p95Ms: number;
  samples: number;
  maxLoopBlockMs: number;
}> {
  const dreams = await benchDreams();
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const monitor = startLoopMonitor();
  const started = performance.now();
  const engine = createEngine({ provider: 'local', log: { info: () => undefined, warn: () => undefined } });
  await engine.ready();
  const loadMs = performance.now() - started;
  const { maxBlockMs } = monitor.stop();
  const rssAfter = process.memoryUsage().rss;

  // Each dream is read with the ten dreams before it as history, as the server would pass it.
  const request = (i: number) => {
    const dream = dreams[i];
    if (!dream) throw new Error('no dream');
    return { dream, intention: null, history: dreams.filter((d) => d.id !== dream.id).slice(0, 10), previous: [] };
  };
  for (let i = 0; i < dreams.length; i += 1) await engine.interpret(request(i));
  const times: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    for (let i = 0; i < dreams.length; i += 1) {
      const t = performance.now();
      await engine.interpret(request(i));
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  return {
    loadMs: Math.round(loadMs),
    rssBeforeMb: mb(rssBefore),
    rssAfterMb: mb(rssAfter),
    rssCostMb: mb(rssAfter - rssBefore),
    p50Ms: ms(percentile(times, 50)),
    p95Ms: ms(percentile(times, 95)),
    samples: times.length,
    maxLoopBlockMs: ms(maxBlockMs),
  };
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  benchEngine().then(
    (r) => {
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
