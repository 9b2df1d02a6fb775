// Checks the labels of the engine's hand-written evaluation sets against the knowledge base, without
// running the engine: every name in expectedSymbols / expectedMotifs / mustNotFind must be a canonical
// symbol name (kb/symbols/*.json) or a motif id (kb/motifs.json), and the items must be well formed.
// Usage: tsx scripts/check-eval-labels.ts [--extra-names names.txt] [file.json ...]   (defaults to the held-out
// and training sets of scripts/eval-sets.ts). Files under eval/training/ are training sets: every item's split is 'train'. --extra-names accepts the symbol names listed in a file (one a line, '#' comments) as well: for
// labels written for symbols that are being added to the knowledge base on another branch.
// Exits 1 and lists every problem when anything is wrong.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HELD_OUT_SETS, setFile, trainingSets } from './eval-sets';

const kbDir = join(import.meta.dirname, '..', 'server', 'src', 'engine', 'kb');

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

const symbols = new Set<string>();
for (const file of readdirSync(join(kbDir, 'symbols')).filter((f) => f.endsWith('.json'))) {
  for (const entry of readJson(join(kbDir, 'symbols', file)) as { name: string }[]) symbols.add(entry.name);
}
const motifs = new Set((readJson(join(kbDir, 'motifs.json')) as { id: string }[]).map((m) => m.id));

const args = process.argv.slice(2);
const extraAt = args.indexOf('--extra-names');
if (extraAt >= 0) {
  const listFile = args[extraAt + 1];
  if (listFile === undefined) {
    console.error('--extra-names needs a file');
    process.exit(1);
  }
  args.splice(extraAt, 2);
  const extra = readFileSync(listFile, 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line.length > 0);
  const known = extra.filter((name) => symbols.has(name));
  for (const name of extra) symbols.add(name);
  console.log(`${extra.length} extra symbol name(s) allowed from ${listFile} (${known.length} already in the KB)`);
}
const files = args;
if (files.length === 0) files.push(...HELD_OUT_SETS.map(setFile), ...trainingSets().map((t) => t.file));

const stringFields = ['id', 'split', 'title', 'narrative', 'language', 'notes'] as const;
const listFields = ['subsets', 'tags', 'expectedSymbols', 'expectedMotifs', 'mustNotFind'] as const;

let problems = 0;
function problem(file: string, id: string, message: string): void {
  problems += 1;
  console.error(`${file} ${id}: ${message}`);
}

for (const file of files) {
  const items = readJson(file);
  if (!Array.isArray(items)) {
    problem(file, '-', 'the file must hold an array of items');
    continue;
  }
  const ids = new Set<string>();
  // Training sets (eval/training/*.json) are only learnt from and tuned on: every item is split 'train'.
  const training = /[\\/]training[\\/][^\\/]+$/.test(file);
  for (const raw of items as Record<string, unknown>[]) {
    const id = typeof raw.id === 'string' ? raw.id : '?';
    for (const field of stringFields) {
      if (typeof raw[field] !== 'string') problem(file, id, `${field} must be a string`);
    }
    for (const field of listFields) {
      const value = raw[field];
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
        problem(file, id, `${field} must be a list of strings`);
      }
    }
    if (typeof raw.expectedLucid !== 'boolean') problem(file, id, 'expectedLucid must be true or false');
    if (typeof raw.nonsense !== 'boolean') problem(file, id, 'nonsense must be true or false');
    if (ids.has(id)) problem(file, id, 'duplicate id');
    ids.add(id);

    // Ids are one or two letters ("aa01") and a number: single letters ran out.
    const number = Number(/^[a-z]{1,2}(\d+)$/.exec(id)?.[1]);
    if (!Number.isInteger(number)) problem(file, id, 'id must be one or two letters and a number');
    else if (training) {
      if (raw.split !== 'train') problem(file, id, 'split must be train (a file of eval/training/)');
    } else if (raw.split !== (number % 2 === 1 ? 'dev' : 'test')) {
      problem(file, id, `split must be ${number % 2 === 1 ? 'dev' : 'test'} (odd ids dev, even ids test)`);
    }

    const expectedSymbols = (raw.expectedSymbols ?? []) as string[];
    const expectedMotifs = (raw.expectedMotifs ?? []) as string[];
    const mustNotFind = (raw.mustNotFind ?? []) as string[];
    for (const name of expectedSymbols) {
      if (!symbols.has(name)) problem(file, id, `expectedSymbols: "${name}" is not a symbol of the KB`);
    }
    for (const name of expectedMotifs) {
      if (!motifs.has(name)) problem(file, id, `expectedMotifs: "${name}" is not a motif id`);
    }
    for (const name of mustNotFind) {
      if (!symbols.has(name) && !motifs.has(name)) {
        problem(file, id, `mustNotFind: "${name}" is neither a symbol nor a motif id`);
      }
    }
    for (const list of [expectedSymbols, expectedMotifs, mustNotFind]) {
      const seen = new Set<string>();
      for (const name of list) {
        if (seen.has(name)) problem(file, id, `"${name}" listed twice`);
        seen.add(name);
      }
    }
    for (const name of mustNotFind) {
      if (expectedSymbols.includes(name) || expectedMotifs.includes(name)) {
        problem(file, id, `"${name}" is both expected and in mustNotFind`);
      }
    }
    const subsets = (raw.subsets ?? []) as string[];
    if (subsets.length === 0) problem(file, id, 'subsets must name a primary subset first');
    if ((raw.language !== 'en' || raw.nonsense === true) && expectedSymbols.length + expectedMotifs.length > 0) {
      problem(file, id, 'language and nonsense items expect no symbols and no motifs');
    }
    if (raw.expectedLucid === true && !expectedSymbols.includes('lucid dream')) {
      problem(file, id, 'a lucid item expects the "lucid dream" symbol');
    }
  }
  console.log(`${file}: ${items.length} items checked`);
}

if (problems > 0) {
  console.error(`${problems} problem(s)`);
  process.exit(1);
}
console.log('all labels name known symbols and motifs');
