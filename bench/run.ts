// `npm run bench` (tsx bench/run.ts [section…] [--diagnose] [--strict]): every benchmark section in
// sequence, on 127.0.0.1 only, each bounded in time; the harness stops its children and exits by itself.
// Writes bench/results/<section>.json and bench/results/summary.md. See bench/README.md.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, stopAll } from './lib/processes';
import { meets, RESULTS_DIR, writeSection, type Figure, type SectionResult } from './lib/results';

interface Section {
  name: string;
  /** The module that defines it, relative to bench/ (the section is skipped when it is absent). */
  file: string;
  /** Upper bound for the whole section, start-up and clean-up included. */
  timeoutMs: number;
  run(): Promise<SectionResult>;
}

class Skip extends Error {}

const argv = process.argv.slice(2);
const flags = new Set(argv.filter((a) => a.startsWith('--')));
const only = argv.filter((a) => !a.startsWith('--'));

/** A section module exporting `bench<Name>()` (bench/auth.ts → benchAuth), imported only when it exists. */
function moduleSection(name: string, exportName: string, timeoutMs: number, args: unknown[] = []): Section {
  const file = `${name}.ts`;
  return {
    name,
    file,
    timeoutMs,
    async run() {
      const mod = (await import(pathToFileURL(path.join(ROOT, 'bench', file)).href)) as Record<string, unknown>;
      const fn = mod[exportName];
      if (typeof fn !== 'function') throw new Skip(`bench/${file} exports no ${exportName}()`);
      return (fn as (...a: unknown[]) => Promise<SectionResult>)(...args);
    },
  };
}

interface EngineFigures {
  loadMs?: number;
  rssCostMb?: number;
  rssBeforeMb?: number;
  rssAfterMb?: number;
  p50Ms?: number;
  p95Ms?: number;
  samples?: number;
  maxLoopBlockMs?: number;
}

/** The engine team's benchEngine(), run in a fresh Node process so load time and RSS are its own. */
const engineSection: Section = {
  name: 'engine',
  file: 'engine.ts',
  timeoutMs: 150_000,
  async run() {
    const out = path.join(os.tmpdir(), `dt-bench-engine-${process.pid}.json`);
    await rm(out, { force: true });
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--expose-gc', path.join('bench', 'lib', 'engine-child.ts'), out],
      {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
    child.stderr.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), this.timeoutMs - 5000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    clearTimeout(timer);
    if (code !== 0) throw new Error(`benchEngine() process exited with ${code}:\n${output.trim()}`);
    const parsed = JSON.parse(await readFile(out, 'utf8')) as { missing?: string; result?: EngineFigures };
    await rm(out, { force: true });
    if (parsed.missing) throw new Skip(parsed.missing);
    const r = parsed.result ?? {};
    const figures: Figure[] = [];
    const add = (value: number | undefined, figure: Omit<Figure, 'value'>) => {
      if (typeof value === 'number' && Number.isFinite(value)) figures.push({ ...figure, value });
    };
    add(r.p95Ms, {
      name: 'local interpretation p95 (evaluation set, warm)',
      unit: 'ms',
      target: { op: '<', value: 50 },
      detail: `${r.samples ?? '?'} samples`,
    });
    add(r.p50Ms, { name: 'local interpretation p50 (evaluation set, warm)', unit: 'ms' });
    add(r.loadMs, { name: 'engine load time (createEngine → ready)', unit: 'ms' });
    add(r.rssCostMb, {
      name: 'engine memory cost (RSS after load − before)',
      unit: 'MB',
      detail: `${r.rssBeforeMb ?? '?'} → ${r.rssAfterMb ?? '?'} MB`,
    });
    add(r.maxLoopBlockMs, { name: 'longest event-loop stall while loading', unit: 'ms' });
    if (!figures.some((f) => f.target))
      throw new Error(`benchEngine() returned no p95Ms: ${JSON.stringify(r).slice(0, 300)}`);
    return { figures, raw: r };
  },
};

const sections: Section[] = [
  moduleSection('auth', 'benchAuth', 120_000, [{ diagnose: flags.has('--diagnose') }]),
  moduleSection('journal', 'benchJournal', 240_000),
  moduleSection('guided', 'benchGuided', 180_000),
  moduleSection('history', 'benchHistory', 400_000),
  moduleSection('social', 'benchSocial', 240_000),
  moduleSection('insights', 'benchInsights', 300_000),
  engineSection,
];

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');
const started = Date.now();
const runAt = new Date().toISOString();
const cpus = os.cpus();
const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${process.platform}/${process.arch}, Node ${process.version}`;
let failed = 0;
let missed = 0;

for (const section of sections) {
  if (only.length && !only.includes(section.name)) continue;
  console.log(`\n== ${section.name}`);
  const t0 = Date.now();
  try {
    if (!existsSync(path.join(ROOT, 'bench', section.file))) throw new Skip(`bench/${section.file} does not exist yet`);
    const result = await withTimeout(section.run(), section.timeoutMs, `section ${section.name}`);
    const seconds = Math.round((Date.now() - t0) / 100) / 10;
    await writeSection(section.name, {
      section: section.name,
      at: new Date().toISOString(),
      seconds,
      machine,
      ...result,
    });
    for (const f of result.figures) {
      const target = f.target ? `${f.target.op} ${f.target.value}` : '';
      const ok = meets(f);
      if (!ok) missed++;
      console.log(
        `  ${f.name}: ${f.value} ${f.unit}${target ? ` (target ${target}: ${ok ? 'met' : 'MISSED'})` : ''}${f.detail ? ` — ${f.detail}` : ''}`,
      );
    }
    for (const n of result.notes ?? []) console.log(`  note: ${n}`);
    console.log(`  (${seconds} s)`);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof Skip) {
      console.log(`  skipped: ${message}`);
      await writeSection(section.name, { section: section.name, at: new Date().toISOString(), skipped: message });
    } else {
      failed++;
      console.error(`  ${section.name} failed: ${message}`);
      await writeSection(section.name, { section: section.name, at: new Date().toISOString(), error: message });
    }
  } finally {
    await stopAll(); // whatever a failed or timed-out section left running
  }
}

// summary.md shows the latest result of every section: this run's, or an earlier one's when only
// some sections ran (marked with its date).
interface Stored {
  at?: string;
  machine?: string;
  figures?: Figure[];
  notes?: string[];
  skipped?: string;
  error?: string;
}
const table = ['| Section | Figure | Value | Target | Met | Measured |', '|---|---|---|---|---|---|'];
const notes: string[] = [];
for (const section of sections) {
  let stored: Stored;
  try {
    stored = JSON.parse(await readFile(path.join(RESULTS_DIR, `${section.name}.json`), 'utf8')) as Stored;
  } catch {
    table.push(`| ${section.name} | not run yet | | | | |`);
    continue;
  }
  const earlier = stored.at && stored.at < runAt ? ` (earlier run, ${stored.at})` : '';
  const name = `${section.name}${earlier}`;
  if (stored.skipped) table.push(`| ${name} | skipped: ${cell(stored.skipped)} | | | | |`);
  else if (stored.error)
    table.push(`| ${name} | **failed**: ${cell(stored.error.split('\n')[0] ?? '')} | | | **no** | |`);
  for (const f of stored.figures ?? []) {
    const target = f.target ? `${f.target.op} ${f.target.value}` : '';
    table.push(
      `| ${name} | ${cell(f.name)} | ${f.value} ${f.unit} | ${target} | ${f.target ? (meets(f) ? 'yes' : '**no**') : ''} | ${cell(f.detail ?? '')} |`,
    );
  }
  for (const n of stored.notes ?? []) notes.push(`- **${name}**: ${n}`);
}

const totalSeconds = Math.round((Date.now() - started) / 1000);
const summary = [
  '# Benchmark summary',
  '',
  `Run at ${runAt} in ${totalSeconds} s (${only.length ? `sections ${only.join(', ')}` : 'all sections'}) on ${machine}.`,
  'Ratios are requests/s of the app route ÷ requests/s of a bare Fastify hello route measured in the same run on the same machine. See bench/README.md.',
  '',
  ...table,
  '',
  ...(notes.length ? ['## Notes', '', ...notes, ''] : []),
];
await mkdir(RESULTS_DIR, { recursive: true });
await writeFile(path.join(RESULTS_DIR, 'summary.md'), `${summary.join('\n')}\n`);
console.log(
  `\n${failed ? `${failed} section(s) failed; ` : ''}${missed} target(s) missed; ${totalSeconds} s. Results in ${path.relative(ROOT, RESULTS_DIR)}/`,
);
process.exit(failed || (missed && flags.has('--strict')) ? 1 : 0);
