// `npm run lighthouse`: Lighthouse 12.8 (default config: mobile, simulated throttling) on /landing of
// the app started as `npm start` does (client built when stale), on a free port of 127.0.0.1 with a
// throwaway DATA_DIR; plus the initial JavaScript of /landing, gzipped. Writes bench/results/lighthouse.json.
// Exits 1 when performance < 95, accessibility < 100 or initial JS > 170 kB gzipped (or routes are not
// code-split), printing what fails. Options: --runs N (median performance of N runs, default 1).
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'dist', 'client');
const resultsDir = path.join(root, 'bench', 'results');
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGETS = { performance: 95, accessibility: 100, initialJsGzipBytes: 170_000 };
const OVERALL_TIMEOUT_MS = 6 * 60_000;

const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = Math.max(1, Math.min(5, Number.parseInt(runsArg >= 0 ? (args[runsArg + 1] ?? '1') : '1', 10) || 1));

// --- the app -----------------------------------------------------------------------------------

let app = null;
let dataDir = null;
let chrome = null;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** CPU ticks (1/100 s) of a process and all its descendants. */
async function treeTicks(pid) {
  const procs = new Map();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(entry), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // exited meanwhile
    }
  }
  const tree = new Set([pid]);
  let ticks = procs.get(pid)?.ticks ?? 0;
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, s] of procs) {
      if (!tree.has(p) && tree.has(s.ppid)) {
        tree.add(p);
        ticks += s.ticks;
        grew = true;
      }
    }
  }
  return ticks;
}

/** The app loads its interpretation engine in the background once it answers: wait until it is idle. */
async function waitUntilIdle(pid, maxMs = 90_000) {
  const started = Date.now();
  let before = await treeTicks(pid);
  while (Date.now() - started < maxMs) {
    await sleep(1000);
    const now = await treeTicks(pid);
    if (now - before <= 10) return Date.now() - started; // ≤ 10 % of one CPU over the last second
    before = now;
  }
  return Date.now() - started;
}

async function startApp() {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'dt-lighthouse-'));
  chmodSync(dataDir, 0o755); // the bundled PostgreSQL runs as `nobody` when we are root
  const port = await freePort();
  const output = [];
  app = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const remember = (c) => {
    output.push(c.toString());
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  app.stdout.on('data', remember);
  app.stderr.on('data', remember);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000; // includes a client build when sources changed
  for (;;) {
    if (app.exitCode !== null || app.signalCode !== null)
      throw new Error(`the app exited during start-up:\n${output.join('').slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`the app did not answer within 240 s:\n${output.join('').slice(-3000)}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  const settledMs = await waitUntilIdle(app.pid);
  return { baseUrl, settledMs };
}

async function stopApp() {
  if (app && app.exitCode === null && app.signalCode === null) {
    const exited = new Promise((resolve) => app.once('exit', resolve));
    app.kill('SIGTERM');
    await Promise.race([exited, sleep(30_000)]);
    if (app.exitCode === null && app.signalCode === null) app.kill('SIGKILL');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
}

async function cleanup() {
  if (chrome) {
    try {
      chrome.kill();
    } catch {
      // already gone
    }
    chrome = null;
  }
  await stopApp();
}

// --- initial JavaScript --------------------------------------------------------------------------

/**
 * Scripts /landing loads before first paint: the entry module and the modulepreload links of the HTML
 * the server answers for /landing (dist/client/index.html, or the prerendered page when there is one),
 * each file read from dist/client and gzipped.
 */
async function initialJavaScript(baseUrl) {
  const res = await fetch(`${baseUrl}/landing`, { headers: { 'accept-encoding': 'identity' } });
  const html = res.ok ? await res.text() : readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const urls = new Set();
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
      const data = readFileSync(path.join(clientDir, u.replace(/^\//, '').split(/[?#]/)[0]));
      return { file: u, bytes: data.length, gzipBytes: gzipSync(data, { level: 9 }).length };
    });
  const initial = new Set(files.map((f) => path.basename(f.file)));
  const assets = readdirSync(path.join(clientDir, 'assets')).filter((f) => f.endsWith('.js'));
  const lazy = assets.filter((f) => !initial.has(f));
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

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const score = (c) => (c && typeof c.score === 'number' ? Math.round(c.score * 100) : null);

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
]);

function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const out = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
    if (categoryId === 'performance' && ref.weight === 0 && audit.score >= 0.9) continue;
    // Tables may nest one level (e.g. largest-contentful-paint-element): flatten them.
    const items = (Array.isArray(audit.details?.items) ? audit.details.items : []).flatMap((i) =>
      i && typeof i === 'object' && Array.isArray(i.items) ? i.items : [i],
    );
    out.push({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue ?? null,
      nodes: items
        .filter((i) => i && typeof i === 'object' && i.node && typeof i.node === 'object')
        .slice(0, 15)
        .map((i) => ({
          selector: i.node.selector ?? null,
          snippet: i.node.snippet ?? null,
          explanation: i.node.explanation ?? null,
        })),
      items: items
        .filter((i) => i && typeof i === 'object' && !i.node)
        .map((i) =>
          Object.fromEntries(
            Object.entries(i).filter(
              ([k, v]) => ITEM_FIELDS.has(k) && (typeof v === 'string' || typeof v === 'number'),
            ),
          ),
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
];

async function runLighthouse(url) {
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    return result;
  } finally {
    chrome.kill();
    chrome = null;
  }
}

// --- main ----------------------------------------------------------------------------------------

const overall = setTimeout(() => {
  console.error(`lighthouse: gave up after ${OVERALL_TIMEOUT_MS / 1000} s`);
  void cleanup().finally(() => process.exit(2));
}, OVERALL_TIMEOUT_MS);
overall.unref();
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanup().finally(() => process.exit(130)));

let exitCode = 0;
try {
  console.log('Starting the app (building the client when sources changed)…');
  const { baseUrl, settledMs } = await startApp();
  const url = `${baseUrl}/landing`;
  const js = await initialJavaScript(baseUrl);

  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    console.log(`Lighthouse ${i + 1}/${RUNS} on ${url}…`);
    runs.push(await runLighthouse(url));
  }
  await stopApp();
  // The run with the median performance score represents the page.
  runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
  const chosen = runs[Math.floor((runs.length - 1) / 2)];
  const lhr = chosen.lhr;

  const performance = score(lhr.categories.performance);
  const accessibility = score(lhr.categories.accessibility);
  const metrics = Object.fromEntries(
    METRICS.filter((id) => lhr.audits[id]).map((id) => [
      id,
      { value: lhr.audits[id].numericValue, display: lhr.audits[id].displayValue, score: lhr.audits[id].score },
    ]),
  );
  // What the page really fetched as script during the run (for comparison with the index.html figure).
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests
    .filter((r) => r.resourceType === 'Script')
    .map((r) => ({ url: r.url.replace(baseUrl, ''), transferSize: r.transferSize, resourceSize: r.resourceSize }));
  const failing = {
    performance: failingAudits(lhr, 'performance'),
    accessibility: failingAudits(lhr, 'accessibility'),
  };

  const problems = [];
  if (performance === null || performance < TARGETS.performance)
    problems.push(`performance ${performance} < ${TARGETS.performance}`);
  if (accessibility === null || accessibility < TARGETS.accessibility)
    problems.push(`accessibility ${accessibility} < ${TARGETS.accessibility}`);
  if (js.totalGzipBytes > TARGETS.initialJsGzipBytes)
    problems.push(`initial JS ${kb(js.totalGzipBytes)} gzipped > ${kb(TARGETS.initialJsGzipBytes)}`);
  if (js.lazyChunks === 0)
    problems.push('routes are not code-split: every script of dist/client/assets loads at first paint');

  const report = path.join(os.tmpdir(), 'dt-lighthouse-report.html');
  const html = Array.isArray(chosen.report) ? chosen.report[0] : chosen.report;
  writeFileSync(report, html);
  const result = {
    at: new Date().toISOString(),
    url: '/landing',
    lighthouseVersion: lhr.lighthouseVersion,
    formFactor: lhr.configSettings.formFactor,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    throttlingMethod: lhr.configSettings.throttlingMethod,
    runs: RUNS,
    appSettledMs: settledMs,
    scores: { performance, accessibility },
    allRunsPerformance: runs.map((r) => score(r.lhr.categories.performance)),
    targets: TARGETS,
    metrics,
    initialJavaScript: js,
    scriptsFetchedByThePage: scripts,
    failingAudits: failing,
    runWarnings: lhr.runWarnings,
    passed: problems.length === 0,
    problems,
  };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, 'lighthouse.json'), `${JSON.stringify(result, null, 2)}\n`);

  console.log(
    `\nLighthouse ${lhr.lighthouseVersion} (${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling, host CPU benchmark index ${result.benchmarkIndex ?? '?'}) on /landing`,
  );
  console.log(
    `  performance:   ${performance}   (target ≥ ${TARGETS.performance})${RUNS > 1 ? ` — runs: ${result.allRunsPerformance.join(', ')}` : ''}`,
  );
  console.log(`  accessibility: ${accessibility}   (target ≥ ${TARGETS.accessibility})`);
  for (const [id, m] of Object.entries(metrics)) console.log(`    ${id}: ${m.display}`);
  console.log(
    `  initial JS:    ${kb(js.totalGzipBytes)} gzipped, ${kb(js.totalBytes)} raw (target ≤ ${kb(TARGETS.initialJsGzipBytes)} gzipped)`,
  );
  for (const f of js.files) console.log(`    ${f.file}: ${kb(f.gzipBytes)} gzipped (${kb(f.bytes)})`);
  console.log(`    ${js.lazyChunks} route chunk(s) load on demand (${kb(js.lazyGzipBytes)} gzipped)`);
  const fetched = scripts.reduce((n, s) => n + (s.transferSize ?? 0), 0);
  console.log(`  scripts fetched by /landing during the run: ${scripts.length}, ${kb(fetched)} transferred`);
  for (const [category, audits] of Object.entries(failing)) {
    if (!audits.length) continue;
    console.log(`\n  ${category}: audits below full score`);
    for (const a of audits) {
      console.log(
        `  - ${a.id} (score ${a.score}, weight ${a.weight})${a.displayValue ? `: ${a.displayValue}` : ''} — ${a.title}`,
      );
      for (const n of a.nodes)
        console.log(
          `      ${n.selector ?? ''}\n        ${n.snippet ?? ''}${n.explanation ? `\n        ${n.explanation.replaceAll('\n', '\n        ')}` : ''}`,
        );
      for (const it of a.items) console.log(`      ${JSON.stringify(it)}`);
    }
  }
  console.log(`\nFull report: ${report}; results: ${path.relative(root, path.join(resultsDir, 'lighthouse.json'))}`);
  if (problems.length) {
    console.log(`\nFAILED: ${problems.join('; ')}`);
    exitCode = 1;
  } else {
    console.log('\nAll Lighthouse targets met.');
  }
} catch (err) {
  console.error(`lighthouse: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  exitCode = 2;
} finally {
  await cleanup();
}
process.exit(exitCode);
