import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

type ExceptionMap = Record<string, string>;

let exceptions: { noun: ExceptionMap; verb: ExceptionMap; adj: ExceptionMap } | null = null;

/** WordNet's irregular forms (teeth → tooth, flew → fly), as shipped with the wink model. */
function irregulars(): { noun: ExceptionMap; verb: ExceptionMap; adj: ExceptionMap } {
  if (exceptions) return exceptions;
  const dir = path.dirname(require.resolve('wink-eng-lite-web-model'));
  const load = (file: string): ExceptionMap => {
    try {
      const value: unknown = require(path.join(dir, file));
      return typeof value === 'object' && value !== null ? (value as ExceptionMap) : {};
    } catch {
      return {};
    }
  };
  exceptions = {
    noun: load('wn-noun-exceptions.js'),
    verb: load('wn-verb-exceptions.js'),
    adj: load('wn-adjective-exceptions.js'),
  };
  return exceptions;
}

/** Irregular inflected forms with their base ("teeth" → "tooth", "flew" → "fly"). */
export function irregularForms(): Array<[string, string]> {
  const ex = irregulars();
  return [...Object.entries(ex.noun), ...Object.entries(ex.verb)];
}

/** Preloads the irregular-form tables (each a separate require, so loading stays sliced). */
export function warmMorphology(): void {
  irregulars();
}

const SUFFIX_RULES: Array<[string, string]> = [
  ['ies', 'y'],
  ['ves', 'f'],
  ['ves', 'fe'],
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['men', 'man'],
  ['es', 'e'],
  ['es', ''],
  ['s', ''],
  ['ied', 'y'],
  ['ed', 'e'],
  ['ed', ''],
  ['ying', 'ie'],
  ['ing', 'e'],
  ['ing', ''],
  ['est', ''],
  ['er', ''],
];

/**
 * Possible base forms of a lower-case word: the word itself, irregular forms and WordNet's
 * detachment rules (with consonant doubling: running → run). The tagger's lemma is unreliable for
 * some verbs ("chased" is tagged as a noun), so the matcher checks every candidate against the
 * knowledge base instead of trusting a single lemma.
 */
export function baseForms(word: string): string[] {
  const out = new Set<string>([word]);
  const ex = irregulars();
  for (const map of [ex.noun, ex.verb, ex.adj]) {
    const base = map[word];
    if (base) out.add(base);
  }
  if (word.length > 3 && !word.endsWith('ss')) {
    for (const [suffix, replacement] of SUFFIX_RULES) {
      if (!word.endsWith(suffix) || word.length - suffix.length < 2) continue;
      const stem = word.slice(0, -suffix.length);
      // "-es" alone comes off only after "o" ("tomatoes", "goes"); after s, x, z, ch and sh the rules above
      // take it, and elsewhere the "e" is the word's own ("tubes" is tube, never tub; "robes" never rob).
      if (suffix === 'es' && replacement === '' && !stem.endsWith('o')) continue;
      out.add(stem + replacement);
      const last = stem.at(-1);
      if (
        replacement === '' &&
        last !== undefined &&
        stem.at(-2) === last &&
        (suffix === 'ing' || suffix === 'ed' || suffix === 'er' || suffix === 'est')
      ) {
        out.add(stem.slice(0, -1));
      }
    }
  }
  return [...out];
}

/**
 * Nouns behind adjectives the tagger marks as such: "snowy" → snow, "rocky" → rock, "sunny" → sun,
 * "stony" → stone, "wooden" → wood. Only used for adjectives, where "-y" and "-en" are suffixes.
 */
export function adjectiveBases(word: string): string[] {
  const out: string[] = [];
  const strip = (suffix: string) => {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) return;
    const stem = word.slice(0, -suffix.length);
    out.push(stem, `${stem}e`);
    const last = stem.at(-1);
    if (last && stem.at(-2) === last) out.push(stem.slice(0, -1));
  };
  strip('y');
  strip('en');
  return out;
}
