/**
 * Measures the local engine's symbol and motif detection against the labelled evaluation set
 * (server/src/engine/eval/narratives.json): per-dream misses and false hits, micro-averaged
 * precision and recall. Writes bench/results/engine-eval.json; exits 1 below the targets.
 *
 *   npm run eval:engine            (tsx scripts/eval-engine.ts)
 *   npx tsx scripts/eval-engine.ts --verbose   (also prints every dream's detections)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createEngine } from '../server/src/engine';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EVAL_FILE = path.join(root, 'server/src/engine/eval/narratives.json');
const OUT_FILE = path.join(root, 'bench/results/engine-eval.json');

const TARGETS = { symbolPrecision: 0.9, symbolRecall: 0.85, motifPrecision: 0.9, motifRecall: 0.85 };

const itemSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  title: z.string().optional().default(''),
  narrative: z.string().min(1),
  tags: z.array(z.string()).optional().default([]),
  timePeriod: z.string().nullable().optional().default(null),
  expectedSymbols: z.array(z.string()),
  expectedMotifs: z.array(z.string()).optional().default([]),
});
const fileSchema = z.union([z.array(itemSchema), z.looseObject({ dreams: z.array(itemSchema) })]);

interface Tally {
  tp: number;
  fp: number;
  fn: number;
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
const round = (n: number) => Math.round(n * 1000) / 1000;

function score(expected: string[], found: string[], tally: Tally): { missed: string[]; extra: string[] } {
  const e = new Set(expected.map((s) => s.toLowerCase()));
  const f = new Set(found.map((s) => s.toLowerCase()));
  const missed = [...e].filter((s) => !f.has(s));
  const extra = [...f].filter((s) => !e.has(s));
  tally.tp += [...f].filter((s) => e.has(s)).length;
  tally.fp += extra.length;
  tally.fn += missed.length;
  return { missed, extra };
}

async function main(): Promise<number> {
  const verbose = process.argv.includes('--verbose');
  const raw: unknown = JSON.parse(await readFile(EVAL_FILE, 'utf8'));
  const parsed = fileSchema.parse(raw);
  const items = Array.isArray(parsed) ? parsed : parsed.dreams;

  const engine = createEngine({
    provider: 'local',
    log: { info: () => undefined, warn: (o, m) => console.warn(m ?? '', o) },
  });
  await engine.ready();

  const symbols: Tally = { tp: 0, fp: 0, fn: 0 };
  const motifs: Tally = { tp: 0, fp: 0, fn: 0 };
  const perDream: Array<Record<string, unknown>> = [];
  let index = 0;
  for (const item of items) {
    index += 1;
    const label = String(item.id ?? index);
    const analysis = await engine.analyse({
      id: index,
      title: item.title,
      narrative: item.narrative,
      tags: item.tags,
      timePeriod: item.timePeriod,
      date: null,
    });
    const s = score(
      item.expectedSymbols,
      analysis.symbols.map((x) => x.name),
      symbols,
    );
    const m = score(
      item.expectedMotifs,
      analysis.motifs.map((x) => x.id),
      motifs,
    );
    perDream.push({
      id: label,
      symbolsMissed: s.missed,
      symbolsExtra: s.extra,
      motifsMissed: m.missed,
      motifsExtra: m.extra,
    });
    if (s.missed.length || s.extra.length || m.missed.length || m.extra.length || verbose) {
      const parts = [
        s.missed.length ? `missed symbols: ${s.missed.join(', ')}` : null,
        s.extra.length
          ? `false symbols: ${s.extra.map((x) => `${x} ("${analysis.symbols.find((y) => y.name === x)?.surface ?? ''}")`).join(', ')}`
          : null,
        m.missed.length ? `missed motifs: ${m.missed.join(', ')}` : null,
        m.extra.length ? `false motifs: ${m.extra.join(', ')}` : null,
        verbose
          ? `detected: ${analysis.symbols.map((x) => `${x.name}<${x.surface}|${x.via}>`).join(', ')} | motifs: ${analysis.motifs.map((x) => x.id).join(', ')}`
          : null,
      ].filter(Boolean);
      console.log(`#${label} ${item.title ? `"${item.title}" ` : ''}${parts.join('; ') || 'ok'}`);
    }
  }

  const result = {
    dreams: items.length,
    symbol: {
      precision: round(ratio(symbols.tp, symbols.tp + symbols.fp)),
      recall: round(ratio(symbols.tp, symbols.tp + symbols.fn)),
      ...symbols,
    },
    motif: {
      precision: round(ratio(motifs.tp, motifs.tp + motifs.fp)),
      recall: round(ratio(motifs.tp, motifs.tp + motifs.fn)),
      ...motifs,
    },
    targets: TARGETS,
    perDream,
    at: new Date().toISOString(),
  };
  await mkdir(path.dirname(OUT_FILE), { recursive: true });
  await writeFile(OUT_FILE, `${JSON.stringify(result, null, 2)}\n`);

  console.log(
    `\n${items.length} dreams | symbols: precision ${result.symbol.precision}, recall ${result.symbol.recall} ` +
      `(tp ${symbols.tp}, fp ${symbols.fp}, fn ${symbols.fn}) | motifs: precision ${result.motif.precision}, recall ${result.motif.recall} ` +
      `(tp ${motifs.tp}, fp ${motifs.fp}, fn ${motifs.fn})`,
  );
  console.log(`written to ${path.relative(root, OUT_FILE)}`);
  const failed =
    result.symbol.precision < TARGETS.symbolPrecision ||
    result.symbol.recall < TARGETS.symbolRecall ||
    result.motif.precision < TARGETS.motifPrecision ||
    result.motif.recall < TARGETS.motifRecall;
  if (failed) console.log('below target');
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
