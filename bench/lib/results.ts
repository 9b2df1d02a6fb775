// What a benchmark section returns, and how results are written to bench/results/.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './processes';

export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

export interface Figure {
  name: string;
  value: number;
  /** "ratio" for figures relative to the baseline measured in the same run; otherwise ms, MB, … */
  unit: string;
  target?: { op: '>=' | '<' | '<='; value: number };
  /** The absolute numbers behind a ratio, e.g. "12,345 req/s vs 45,678 req/s bare". */
  detail?: string;
}

export interface SectionResult {
  figures: Figure[];
  /** Everything measured, as written to bench/results/<section>.json. */
  raw: unknown;
  /** Remarks for the reader (e.g. diagnosis when a target was missed). */
  notes?: string[];
}

export const meets = (f: Figure): boolean => {
  if (!f.target) return true;
  switch (f.target.op) {
    case '>=':
      return f.value >= f.target.value;
    case '<':
      return f.value < f.target.value;
    case '<=':
      return f.value <= f.target.value;
  }
};

export async function writeSection(name: string, data: unknown): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

export const formatNumber = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 3 });
