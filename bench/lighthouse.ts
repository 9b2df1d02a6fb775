// `npm run lighthouse`: Lighthouse 12.8 (default config: mobile, simulated throttling) on the app started
// as `npm start` does (client built when stale), on a free port of 127.0.0.1 with a throwaway DATA_DIR:
// the visitor's /landing, and the signed-in pages of a seeded account (20 dreams with tags, one with a
// reading). Writes bench/results/lighthouse.json. Exits 1 when a page misses its targets, printing what
// fails. Options: --runs N (median performance of N runs per page, default 1), --only /path[,/path].
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LhResult, type RunnerResult } from 'lighthouse';
import { signUp } from './lib/load';
import { startApp, stopAll, ROOT, type RunningApp } from './lib/processes';
import { writeSection } from './lib/results';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';

const clientDir = path.join(ROOT, 'dist', 'client');
const CHROME_PATH = process.env.CHROME_PATH || CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const OVERALL_TIMEOUT_MS = 15 * 60_000;
const INITIAL_JS_GZIP_MAX = 170_000;

interface Targets {
  performance: number;
  accessibility: number;
  cls: number;
}
const VISITOR_TARGETS: Targets = { performance: 95, accessibility: 100, cls: 0.1 };
const SIGNED_IN_TARGETS: Targets = { performance: 90, accessibility: 100, cls: 0.1 };

interface PageSpec {
  name: string;
  /** The path, with :dream standing for the seeded dream with a reading. */
  path: string;
  signedIn: boolean;
}

const PAGES: PageSpec[] = [
  { name: 'landing (visitor)', path: '/landing', signedIn: false },
  { name: 'home', path: '/', signedIn: true },
  { name: 'journal', path: '/journal', signedIn: true },
  { name: 'dream detail', path: '/dream/:dream', signedIn: true },
  { name: 'symbol dictionary', path: '/dream-symbols', signedIn: true },
  { name: 'guided library', path: '/guided-library', signedIn: true },
  { name: 'insights', path: '/insights', signedIn: true },
  { name: 'profile', path: '/profile', signedIn: true },
];

function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}
const RUNS = Math.max(1, Math.min(5, Number.parseInt(argValue('--runs') ?? '1', 10) || 1));
const ONLY = argValue('--only')?.split(',').filter(Boolean);

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const score = (c: { score: number | null } | undefined) =>
  c && typeof c.score === 'number' ? Math.round(c.score * 100) : null;

// --- the seeded account -------------------------------------------------------------------------

const SEED_DREAMS = [
  [
    'Flying over the harbour',
    'I rose above the harbour at dusk and the boats turned into paper lanterns.',
    ['flying', 'lucid'],
  ],
  [
    'The staircase with no end',
    'A silver staircase kept unfolding under my feet while a bell rang somewhere below.',
    ['recurring'],
  ],
  [
    'Grandad’s kitchen',
    'My grandad was baking bread in a kitchen that smelled of rain; he handed me a key.',
    ['family'],
  ],
  [
    'Lost in the station',
    'Trains left from every platform and none of the signs were in a language I knew.',
    ['anxiety'],
  ],
  [
    'The ocean in the attic',
    'I opened the attic door and the sea was there, calm and green, lapping at the boxes.',
    ['water'],
  ],
  ['Teeth of glass', 'My teeth turned to glass and rang like chimes whenever I spoke to the teacher.', []],
  [
    'A fox in the library',
    'A red fox walked between the shelves and pulled out the book I had been looking for.',
    ['animals'],
  ],
  ['Night garden', 'The garden glowed with moths; I knew I was dreaming and asked the moon a question.', ['lucid']],
] as const;

interface Seeded {
  cookie: string;
  dreamId: number;
}

async function seedAccount(baseUrl: string): Promise<Seeded> {
  const user = await signUp(baseUrl, `lighthouse_${Date.now().toString(36)}`);
  const headers = { 'content-type': 'application/json', cookie: user.cookie };
  let dreamId = 0;
  for (let i = 0; i < 20; i++) {
    const [title, narrative, tags] = SEED_DREAMS[i % SEED_DREAMS.length] ?? SEED_DREAMS[0];
    const day = new Date(Date.now() - i * 86_400_000 * 1.5);
    const res = await fetch(`${baseUrl}/api/dreams`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: `${title}${i >= SEED_DREAMS.length ? ` (${i})` : ''}`,
        narrative,
        tags,
        date: day.toISOString(),
      }),
    });
    if (res.status !== 201) throw new Error(`seeding a dream: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { id: number };
    if (i === 0) dreamId = body.id;
  }
  const reading = await fetch(`${baseUrl}/api/interpretations/generate`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ dreamId }),
  });
  if (!reading.ok) throw new Error(`seeding a reading: ${reading.status} ${await reading.text()}`);
  await reading.arrayBuffer();
  return { cookie: user.cookie, dreamId };
}

// --- initial JavaScript of /landing ---------------------------------------------------------------

interface InitialJs {
  files: Array<{ file: string; bytes: number; gzipBytes: number }>;
  totalBytes: number;
  totalGzipBytes: number;
  lazyChunks: number;
  lazyGzipBytes: number;
}

/**
 * Scripts a page loads before first paint: the entry module and the modulepreload links of the HTML the
 * server answers for it, each file read from dist/client and gzipped.
 */
async function initialJavaScript(baseUrl: string, pagePath: string, cookie?: string): Promise<InitialJs> {
  const res = await fetch(`${baseUrl}${pagePath}`, {
    headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) },
  });
  const html = res.ok ? await res.text() : readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (src) urls.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = /\brel\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1] ?? '';
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (href && rel.split(/\s+/).includes('modulepreload')) urls.add(href);
  }
  const files = [...urls]
    .filter((u) => !/^[a-z]+:\/\//i.test(u) && !u.startsWith('//'))
    .map((u) => {
      const data = readFileSync(path.join(clientDir, u.replace(/^\//, '').split(/[?#]/)[0] ?? ''));
      return { file: u, bytes: data.length, gzipBytes: gzipSync(data, { level: 9 }).length };
    });
  const initial = new Set(files.map((f) => path.basename(f.file)));
  const lazy = readdirSync(path.join(clientDir, 'assets')).filter((f) => f.endsWith('.js') && !initial.has(f));
  return {
    files,
    totalBytes: files.reduce((n, f) => n + f.bytes, 0),
    totalGzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    lazyChunks: lazy.length,
    lazyGzipBytes: lazy.reduce(
      (n, f) => n + gzipSync(readFileSync(path.join(clientDir, 'assets', f)), { level: 9 }).length,
      0,
    ),
  };
}

// --- Lighthouse ----------------------------------------------------------------------------------

const ITEM_FIELDS = new Set([
  'url',
  'label',
  'groupLabel',
  'phase',
  'duration',
  'total',
  'scripting',
  'wastedBytes',
  'wastedMs',
  'totalBytes',
  'transferSize',
  'timing',
  'percent',
  'score',
]);

interface FailingAudit {
  id: string;
  title: string;
  score: number;
  weight: number;
  displayValue: string | null;
  nodes: Array<{ selector: string | null; snippet: string | null; explanation: string | null }>;
  items: Array<Record<string, string | number>>;
}

type Item = Record<string, unknown>;
const isItem = (v: unknown): v is Item => typeof v === 'object' && v !== null;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function failingAudits(lhr: LhResult, categoryId: string): FailingAudit[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const out: FailingAudit[] = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
    if (categoryId === 'performance' && ref.weight === 0 && audit.score >= 0.9) continue;
    const details: unknown = audit.details;
    const rawItems: unknown[] = isItem(details) && Array.isArray(details.items) ? (details.items as unknown[]) : [];
    // Tables may nest one level (e.g. largest-contentful-paint-element): flatten them.
    const items = rawItems.flatMap((i) => (isItem(i) && Array.isArray(i.items) ? (i.items as unknown[]) : [i]));
    out.push({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue ?? null,
      nodes: items
        .filter((i): i is Item & { node: Item } => isItem(i) && isItem(i.node))
        .slice(0, 15)
        .map((i) => ({
          selector: str(i.node.selector),
          snippet: str(i.node.snippet),
          explanation: str(i.node.explanation),
        })),
      items: items
        .filter((i): i is Item => isItem(i) && !i.node)
        .map(
          (i) =>
            Object.fromEntries(
              Object.entries(i).filter(
                ([k, v]) => ITEM_FIELDS.has(k) && (typeof v === 'string' || typeof v === 'number'),
              ),
            ) as Record<string, string | number>,
        )
        .filter((i) => Object.keys(i).length > 0)
        .slice(0, 10),
    });
  }
  return out.sort((a, b) => b.weight - a.weight || a.score - b.score);
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
  'mainthread-work-breakdown',
];

let chrome: chromeLauncher.LaunchedChrome | null = null;

function killChrome(): void {
  try {
    chrome?.kill();
  } catch {
    // already gone
  }
  chrome = null;
}

async function runLighthouse(url: string, cookie?: string): Promise<RunnerResult> {
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    return result;
  } finally {
    killChrome();
  }
}

interface PageResult {
  name: string;
  path: string;
  signedIn: boolean;
  scores: { performance: number | null; accessibility: number | null };
  allRunsPerformance: Array<number | null>;
  /** Lighthouse's CPU benchmark of the machine during the chosen run (lower: slower or busier machine). */
  benchmarkIndex: number | null;
  /** The host's 1-minute load average when the page's runs started (the machine is shared). */
  loadAverage: number;
  cumulativeLayoutShift: number | null;
  targets: Targets;
  metrics: Record<string, { value: number | undefined; display: string | undefined; score: number | null }>;
  scriptsFetchedByThePage: Array<{ url: string; transferSize: number | null }>;
  unusedJavaScriptBytes: number | null;
  failingAudits: { performance: FailingAudit[]; accessibility: FailingAudit[] };
  runWarnings: string[];
  /** Lighthouse's own error for the run (e.g. no largest contentful paint), when it had one. */
  runtimeError: string | null;
  problems: string[];
  report: string;
}

async function measurePage(app: RunningApp, page: PageSpec, seeded: Seeded): Promise<PageResult> {
  const pagePath = page.path.replace(':dream', String(seeded.dreamId));
  const url = `${app.baseUrl}${pagePath}`;
  const runs: RunnerResult[] = [];
  const loadAverage = Number((os.loadavg()[0] ?? 0).toFixed(2));
  for (let i = 0; i < RUNS; i++) {
    console.log(`Lighthouse ${i + 1}/${RUNS} on ${pagePath}${page.signedIn ? ' (signed in)' : ''}…`);
    runs.push(await runLighthouse(url, page.signedIn ? seeded.cookie : undefined));
  }
  // The run with the median performance score represents the page.
  runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
  const chosen = runs[Math.floor((runs.length - 1) / 2)] ?? runs[0];
  if (!chosen) throw new Error('no Lighthouse run');
  const lhr = chosen.lhr;
  if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== pagePath) {
    throw new Error(`${pagePath} ended on ${lhr.finalDisplayedUrl}: the page redirected (signed out?)`);
  }
  const targets = page.signedIn ? SIGNED_IN_TARGETS : VISITOR_TARGETS;
  const performance = score(lhr.categories.performance);
  const accessibility = score(lhr.categories.accessibility);
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? null;
  const requests: unknown = lhr.audits['network-requests']?.details;
  const requestItems: Item[] =
    isItem(requests) && Array.isArray(requests.items) ? (requests.items as unknown[]).filter(isItem) : [];
  const problems: string[] = [];
  if (performance === null || performance < targets.performance)
    problems.push(`${pagePath}: performance ${performance} < ${targets.performance}`);
  if (accessibility === null || accessibility < targets.accessibility)
    problems.push(`${pagePath}: accessibility ${accessibility} < ${targets.accessibility}`);
  if (cls === null || cls >= targets.cls) problems.push(`${pagePath}: CLS ${cls?.toFixed(3)} ≥ ${targets.cls}`);
  const report = path.join(os.tmpdir(), `dt-lighthouse-${page.name.replace(/\W+/g, '-')}.html`);
  writeFileSync(report, Array.isArray(chosen.report) ? (chosen.report[0] ?? '') : chosen.report);
  return {
    name: page.name,
    path: page.path,
    signedIn: page.signedIn,
    scores: { performance, accessibility },
    allRunsPerformance: runs.map((r) => score(r.lhr.categories.performance)),
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    loadAverage,
    cumulativeLayoutShift: cls,
    targets,
    metrics: Object.fromEntries(
      METRICS.filter((id) => lhr.audits[id]).map((id) => [
        id,
        {
          value: lhr.audits[id]?.numericValue,
          display: lhr.audits[id]?.displayValue,
          score: lhr.audits[id]?.score ?? null,
        },
      ]),
    ),
    scriptsFetchedByThePage: requestItems
      .filter((r) => r.resourceType === 'Script')
      .map((r) => ({
        url: (str(r.url) ?? '').replace(app.baseUrl, ''),
        transferSize: typeof r.transferSize === 'number' ? r.transferSize : null,
      })),
    unusedJavaScriptBytes: lhr.audits['unused-javascript']?.numericValue ?? null,
    failingAudits: {
      performance: failingAudits(lhr, 'performance'),
      accessibility: failingAudits(lhr, 'accessibility'),
    },
    runWarnings: lhr.runWarnings.map(String),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    problems,
    report,
  };
}

function printPage(p: PageResult): void {
  console.log(`\n${p.name} (${p.path})`);
  console.log(
    `  performance ${p.scores.performance} (≥ ${p.targets.performance})${RUNS > 1 ? ` runs: ${p.allRunsPerformance.join(', ')}` : ''}; accessibility ${p.scores.accessibility}; CLS ${p.cumulativeLayoutShift?.toFixed(3)} (< ${p.targets.cls})`,
  );
  console.log(`  machine: load average ${p.loadAverage}, Lighthouse benchmarkIndex ${p.benchmarkIndex ?? '?'}`);
  if (p.runtimeError) console.log(`  Lighthouse error: ${p.runtimeError}`);
  for (const [id, m] of Object.entries(p.metrics)) console.log(`    ${id}: ${m.display ?? ''}`);
  for (const [category, audits] of Object.entries(p.failingAudits)) {
    if (!audits.length) continue;
    console.log(`  ${category}: audits below full score`);
    for (const a of audits) {
      console.log(`  - ${a.id} (score ${a.score}, weight ${a.weight})${a.displayValue ? `: ${a.displayValue}` : ''}`);
      for (const n of a.nodes) console.log(`      ${n.selector ?? ''}\n        ${n.snippet ?? ''}`);
      for (const it of a.items) console.log(`      ${JSON.stringify(it)}`);
    }
  }
  console.log(`  full report: ${p.report}`);
}

async function main(): Promise<number> {
  console.log('Starting the app as npm start does (building the client when sources changed)…');
  const app = await startApp({}, { entry: 'start', startTimeoutMs: 300_000 });
  try {
    const seeded = await seedAccount(app.baseUrl);
    const js = await initialJavaScript(app.baseUrl, '/landing');
    const jsSignedIn = await initialJavaScript(app.baseUrl, '/journal', seeded.cookie);
    const pages: PageResult[] = [];
    for (const page of PAGES) {
      if (ONLY && !ONLY.includes(page.path)) continue;
      pages.push(await measurePage(app, page, seeded));
    }
    const problems = pages.flatMap((p) => p.problems);
    if (js.totalGzipBytes > INITIAL_JS_GZIP_MAX)
      problems.push(`/landing initial JS ${kb(js.totalGzipBytes)} gzipped > ${kb(INITIAL_JS_GZIP_MAX)}`);
    if (js.lazyChunks === 0) problems.push('routes are not code-split: every script loads at first paint');
    for (const p of pages) printPage(p);
    console.log(
      `\nInitial JS: /landing ${kb(js.totalGzipBytes)} gzipped; signed-in pages ${kb(jsSignedIn.totalGzipBytes)} gzipped`,
    );
    for (const f of jsSignedIn.files) console.log(`    ${f.file}: ${kb(f.gzipBytes)} gzipped (${kb(f.bytes)})`);
    const file = await writeSection('lighthouse', {
      at: new Date().toISOString(),
      runs: RUNS,
      appSettledMs: app.settledMs,
      pages,
      initialJavaScript: { landing: js, signedIn: jsSignedIn },
      passed: problems.length === 0,
      problems,
    });
    console.log(`\nResults: ${path.relative(ROOT, file)}`);
    if (problems.length) {
      console.log(`\nFAILED:\n  ${problems.join('\n  ')}`);
      return 1;
    }
    console.log('\nAll Lighthouse targets met.');
    return 0;
  } finally {
    await app.stop();
  }
}

const overall = setTimeout(() => {
  console.error(`lighthouse: gave up after ${OVERALL_TIMEOUT_MS / 1000} s`);
  killChrome();
  void stopAll().finally(() => process.exit(2));
}, OVERALL_TIMEOUT_MS);
overall.unref();

let exitCode = 2;
try {
  exitCode = await main();
} catch (err) {
  console.error(`lighthouse: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  killChrome();
  await stopAll();
}
process.exit(exitCode);
