import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../index';
import usages from '../eval/idiom-usages.json';
import third from '../eval/idiom-usages-third.json';
import { DEFAULT_KB_DIR } from '../kb/files';
import type { DreamAnalysis } from '../types';

/**
 * Issue 11, item 1: no literal symbol read from a figure of speech, on phrasings written before the
 * idiom lexicon was widened (eval/idiom-usages.json), and the same words still read when literal.
 *
 * Measured 2026-11-25 with the lexicon and matcher of main before this work (451 entries), on the
 * whole file: suppression 0.365 (643 of 1013 literal names read), literal recall 0.984 (3 of 188
 * missed). After (1060 entries, matcher widened): suppression 0.975 (25 of 1013 read), literal
 * recall 0.995 (1 of 188 missed). The second batch (usages of the 48 symbols added that day, written
 * before their entries) went from 0.216 to 0.989. Three labels were corrected on the way (midnight
 * and all night are literal nights, doctored photos are literal photos). The marks are the figures
 * measured after, less 0.02. Re-measured with the third batch's entries and the matcher reading
 * through commas (1,480 entries): suppression 0.988 (12 of 1013 read), literal recall 0.989 (2 of 188
 * missed: "I ran out of the burning house" and "the bridge was burning behind us", both already missed
 * on main before this work).
 */
const SUPPRESSION_MARK = 0.968;
const RECALL_MARK = 0.969;

/**
 * The third batch (eval/idiom-usages-third.json): figures the lexicon did not have, written before
 * entries for them were added (503 figurative sentences, 38 literal). Measured 2026-11-25 with the
 * lexicon of main (1,068 entries) before any was added for them: suppression 0.230 (452 of 587
 * literal names read), literal recall 1.000 (0 of 91 missed). After 412 entries (four of them literal
 * uses, such as "a bright light at the end of the tunnel") and commas read through: suppression 0.993
 * (4 of 587 read: "saw stars", "down the road" and "in the eye of the storm" are left out as too often
 * literal in dreams). The entries were written against these sentences, so that figure is in-sample.
 * 30 literal guards were then written for the entries narrowed so as not to take literal uses ("I was
 * in bed with my wife", "I missed the bus"): literal recall 0.987 on all 68 literal sentences (2 of
 * 153 missed, "musical chairs" and "sparks fly from the fire", both missed before the entries too).
 * The marks are those figures, less 0.02. One literal sentence's expected names lost `wake` when the
 * engine stopped reading a waking as an image outside a false awakening (fourth round, 2026-11-25: the
 * convention of every labelled set).
 */
const THIRD_SUPPRESSION_MARK = 0.973;
const THIRD_RECALL_MARK = 0.967;

const silent = { info: () => undefined, warn: () => undefined };
const engine = createEngine({ provider: 'local', log: silent });

/** Symbol names of the shipped knowledge base. */
const known = new Set(
  readdirSync(path.join(DEFAULT_KB_DIR, 'symbols'))
    .filter((f) => f.endsWith('.json'))
    .flatMap(
      (f) => JSON.parse(readFileSync(path.join(DEFAULT_KB_DIR, 'symbols', f), 'utf8')) as Array<{ name: string }>,
    )
    .map((s) => s.name),
);
const pending = new Set(usages.pendingSymbols);

let nextId = 90_000;
async function names(text: string): Promise<string[]> {
  nextId += 1;
  const a: DreamAnalysis = await engine.analyse({
    id: nextId,
    title: '',
    narrative: text,
    tags: [],
    timePeriod: null,
    date: null,
  });
  return a.symbols.map((s) => s.name);
}

/**
 * Analyses each usage and checks the names it lists that the knowledge base knows: `wrong` lists
 * those found when they must not be (`mustNot`), or missed when they must be found.
 */
async function tally<T extends { text: string; figure?: string }>(
  items: T[],
  listed: (u: T) => string[],
  mustNot: boolean,
): Promise<{ checked: number; wrong: string[] }> {
  let checked = 0;
  const wrong: string[] = [];
  for (const u of items) {
    const found = await names(u.text);
    for (const n of listed(u).filter((x) => known.has(x))) {
      checked += 1;
      if (found.includes(n) === mustNot) wrong.push(`${n} in "${u.text}"${u.figure ? ` (${u.figure})` : ''}`);
    }
  }
  return { checked, wrong };
}

beforeAll(async () => {
  await engine.ready();
}, 60_000);

/** Suppression and literal recall of one set of usages, with what went wrong for IDIOM_USAGES_VERBOSE. */
async function measure(
  label: string,
  set: {
    figurative: Array<{ text: string; figure: string; notFound: string[] }>;
    literal: Array<{ text: string; found: string[] }>;
  },
) {
  const leaks = await tally(set.figurative, (u) => u.notFound, true);
  const misses = await tally(set.literal, (u) => u.found, false);
  const suppression = 1 - leaks.wrong.length / leaks.checked;
  const recall = 1 - misses.wrong.length / misses.checked;
  if (process.env.IDIOM_USAGES_VERBOSE)
    console.log(
      [
        `${label}: suppression ${suppression.toFixed(3)} (${leaks.wrong.length} of ${leaks.checked} read)`,
        ...leaks.wrong,
        `${label}: literal recall ${recall.toFixed(3)} (${misses.wrong.length} of ${misses.checked} missed)`,
        ...misses.wrong,
      ].join('\n'),
    );
  return { suppression, recall, leaks, misses };
}

describe('figures of speech as people write them', () => {
  it('has enough usages, each naming symbols the knowledge base has or is about to have', () => {
    expect(usages.figurative.length).toBeGreaterThanOrEqual(250);
    expect(usages.literal.length).toBeGreaterThanOrEqual(40);
    expect(third.figurative.length).toBeGreaterThanOrEqual(250);
    expect(third.literal.length).toBeGreaterThanOrEqual(30);
    const all = [...usages.figurative, ...third.figurative]
      .flatMap((u) => u.notFound)
      .concat([...usages.literal, ...third.literal].flatMap((u) => u.found));
    expect(all.filter((n) => !known.has(n) && !pending.has(n))).toEqual([]);
  });

  it('reads no literal symbol from a figure of speech, and still reads the same words used literally', async () => {
    const { suppression, recall, leaks, misses } = await measure('first and second batches', usages);
    expect(suppression, leaks.wrong.join('\n')).toBeGreaterThanOrEqual(SUPPRESSION_MARK);
    expect(recall, misses.wrong.join('\n')).toBeGreaterThanOrEqual(RECALL_MARK);
  }, 300_000);

  it('does the same on the third batch, figures the lexicon lacked when it was written', async () => {
    const { suppression, recall, leaks, misses } = await measure('third batch', third);
    expect(suppression, leaks.wrong.join('\n')).toBeGreaterThanOrEqual(THIRD_SUPPRESSION_MARK);
    expect(recall, misses.wrong.join('\n')).toBeGreaterThanOrEqual(THIRD_RECALL_MARK);
  }, 300_000);
});
