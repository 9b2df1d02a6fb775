import { wordList } from '../kb/lexicon';
import { baseForms, irregularForms } from './morphology';
import { STOPWORDS } from './text';
import type { WordNet } from './wordnet';

/**
 * Typo correction for words of four letters or more ("snaek", "gardn", "resturant"). A word is
 * corrected only when no dictionary knows it (WordNet in any part of speech and base form, the
 * knowledge base, stopwords, informal spellings), and only to a word of the knowledge base or a
 * common WordNet word (one seen in its tagged corpus). Edits cost by what a typing hand does:
 * hitting a neighbouring key or swapping two letters is cheaper than a random slip.
 */

const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const ROW_SHIFT = [0, 0.25, 0.75];
const KEY_POS = new Map<string, [number, number]>();
ROWS.forEach((row, y) => [...row].forEach((c, x) => KEY_POS.set(c, [x + (ROW_SHIFT[y] ?? 0), y])));

/** Keys that touch on a QWERTY keyboard. */
export function adjacentKeys(a: string, b: string): boolean {
  const p = KEY_POS.get(a);
  const q = KEY_POS.get(b);
  if (!p || !q || a === b) return false;
  return Math.abs(p[0] - q[0]) <= 1.01 && Math.abs(p[1] - q[1]) <= 1;
}

const COST = {
  substitute: 1,
  /** A neighbouring key, or a vowel for a vowel. */
  substituteNear: 0.5,
  transpose: 0.75,
  /** A letter typed that the word does not have. */
  insert: 1,
  /** …that repeats its neighbour ("runnning"). */
  insertRepeat: 0.6,
  /** …that sits next to its neighbour on the keyboard ("snakre"). */
  insertNear: 0.8,
  /** A letter of the word left out. */
  omit: 0.9,
  /** …that was doubled, a vowel, the h of a digraph or the c of "ck" ("ocasion", "gardn", "scool", "clok"). */
  omitEasy: 0.75,
};
const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);
/** The h of a digraph before a vowel, left out when spelling by ear ("scool", "wen", "tought"; not "cras"). */
const SILENT_H_AFTER = new Set(['c', 's', 't', 'w', 'g', 'p']);

/**
 * The cost of typing `typed` when `word` was meant (restricted Damerau–Levenshtein with keyboard
 * weights); stops early and returns Infinity once every path exceeds `max`.
 */
export function typingDistance(typed: string, word: string, max = 2): number {
  const n = typed.length;
  const m = word.length;
  if (Math.abs(n - m) > max) return Infinity;
  let prev2: number[] = [];
  let prev: number[] = Array.from({ length: m + 1 }, (_, j) => j * COST.omit);
  for (let i = 1; i <= n; i += 1) {
    const row: number[] = [i * COST.insert];
    const t = typed[i - 1] ?? '';
    let rowMin = row[0] ?? Infinity;
    for (let j = 1; j <= m; j += 1) {
      const w = word[j - 1] ?? '';
      // A neighbouring key, or one vowel for another (spelling by ear: "elevater").
      const sub =
        t === w ? 0 : adjacentKeys(t, w) || (VOWELS.has(t) && VOWELS.has(w)) ? COST.substituteNear : COST.substitute;
      const neighbours = [typed[i - 2], typed[i]];
      const ins = neighbours.some((c) => c === t)
        ? COST.insertRepeat
        : neighbours.some((c) => c !== undefined && adjacentKeys(c, t))
          ? COST.insertNear
          : COST.insert;
      const omit =
        word[j - 2] === w ||
        VOWELS.has(w) ||
        (w === 'h' && SILENT_H_AFTER.has(word[j - 2] ?? '') && VOWELS.has(word[j] ?? '')) ||
        (w === 'c' && word[j] === 'k')
          ? COST.omitEasy
          : COST.omit;
      let v = Math.min((prev[j - 1] ?? Infinity) + sub, (prev[j] ?? Infinity) + ins, (row[j - 1] ?? Infinity) + omit);
      if (i > 1 && j > 1 && t === word[j - 2] && typed[i - 2] === w && t !== w)
        v = Math.min(v, (prev2[j - 2] ?? Infinity) + COST.transpose);
      row.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return Infinity;
    prev2 = prev;
    prev = row;
  }
  return prev[m] ?? Infinity;
}

/** Whether `b` is `a` with two neighbouring letters swapped. */
function isSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  const [i, j] = diff;
  return diff.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i];
}

/** The number of slips (insertions, omissions, substitutions, swaps of neighbours) from `a` to `b`. */
export function editCount(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1)
    for (let j = 1; j <= b.length; j += 1) {
      const row = d[i] ?? [];
      const up = d[i - 1] ?? [];
      let v = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, (d[i - 2]?.[j - 2] ?? 0) + 1);
      row[j] = v;
    }
  return d[a.length]?.[b.length] ?? 0;
}

/** How far a word of this length may be from what was meant. */
function allowance(length: number): number {
  if (length <= 5) return 1;
  if (length <= 8) return 1.5;
  return 2;
}

export const MIN_TYPO_LENGTH = 4;
/** Words of at most this many letters are corrected only through a single slip. */
export const SHORT_WORD = 5;
/** Prefixes that make a word of a word. */
const PREFIXES = ['un', 're', 'dis', 'over', 'under', 'mis', 'non', 'pre', 'out'];
/** How much closer a knowledge-base word counts when choosing between candidates. */
const KB_PRIOR = 0.25;

/** Plural, -ing and -ed forms of a word (spelling rules only; a few impossible forms do no harm). */
export function inflections(word: string): string[] {
  const out = new Set<string>();
  const last = word.at(-1) ?? '';
  const consonantY = last === 'y' && !VOWELS.has(word.at(-2) ?? 'a');
  out.add(/(s|x|z|ch|sh)$/.test(word) ? `${word}es` : consonantY ? `${word.slice(0, -1)}ies` : `${word}s`);
  const stem = last === 'e' && word.length > 2 && !word.endsWith('ee') ? word.slice(0, -1) : word;
  // One vowel before a final consonant doubles it: run → running, stop → stopped.
  const doubles = /[^aeiou][aeiou][bdgklmnprt]$/.test(word) && word.length <= 5;
  const base = doubles ? `${word}${last}` : stem;
  out.add(`${base}ing`);
  out.add(consonantY ? `${word.slice(0, -1)}ied` : last === 'e' ? `${word}d` : `${base}ed`);
  return [...out];
}
/** Words written on purpose that WordNet lacks: informal and dialect spellings ("summat") and real words ("wellies", "biro"). */
const WRITTEN_WORDS: ReadonlySet<string> = new Set([...wordList('informal-words'), ...wordList('real-words')]);
const FUNCTION_WORDS = wordList('function-words');
/** How often a closed-class word counts as seen: above any content word a slip could also be. */
const FUNCTION_WORD_FREQUENCY = 10_000;

export interface Correction {
  word: string;
  cost: number;
}

/** One-syllable stems ending consonant-vowel-consonant double it before -ing and -ed (wed → wedding, stop → stopped). */
export function doublesBeforeSuffix(stem: string): boolean {
  return /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(stem);
}

export class TypoCorrector {
  /** Candidate words by first letter, then by length. */
  private readonly buckets = new Map<string, Map<number, string[]>>();
  private readonly cache = new Map<string, Correction | null>();
  private readonly knownCache = new Map<string, boolean>();

  private constructor(
    private readonly wordnet: WordNet,
    private readonly kbTerms: ReadonlySet<string>,
    /** Tagged-corpus counts of the candidate words (0 for knowledge-base words WordNet never saw). */
    private readonly frequency: ReadonlyMap<string, number>,
  ) {
    for (const word of frequency.keys()) {
      const first = word[0] ?? '';
      const byLength = this.buckets.get(first) ?? new Map<number, string[]>();
      const list = byLength.get(word.length) ?? [];
      list.push(word);
      byLength.set(word.length, list);
      this.buckets.set(first, byLength);
    }
  }

  /** Builds the candidate vocabulary: knowledge-base words and WordNet words seen in its tagged corpus. */
  static async build(wordnet: WordNet, kbTerms: Iterable<string>): Promise<TypoCorrector> {
    const counts = await wordnet.singleWordLemmas(3);
    const frequency = new Map<string, number>();
    for (const [word, tagged] of counts) if (tagged > 0) frequency.set(word, tagged);
    const terms = new Set<string>();
    for (const term of kbTerms) {
      if (!/^[a-z]+$/.test(term)) continue;
      terms.add(term);
      if (!frequency.has(term)) frequency.set(term, counts.get(term) ?? 0);
    }
    // Regular inflections of the knowledge base's words ("chasimg" is chasing, "climed" climbed); -ing and
    // -ed only of words that are verbs ("sixth" has no "sixthing").
    for (const term of [...terms]) {
      const f = frequency.get(term) ?? 0;
      const verb = wordnet.has(term, 'verb');
      for (const form of inflections(term)) {
        if (!verb && /(ing|ed)$/.test(form)) continue;
        terms.add(form);
        if (!frequency.has(form)) frequency.set(form, f);
      }
    }
    // Irregular forms of common words are words too ("teeht" is teeth, "flwe" flew).
    for (const [form, base] of irregularForms()) {
      const f = frequency.get(base);
      if (f !== undefined && /^[a-z]+$/.test(form) && form.length >= 3 && !frequency.has(form)) frequency.set(form, f);
    }
    // "somthing", "becuase": a slip of a closed-class word is read as that word, which names no image.
    for (const word of FUNCTION_WORDS)
      if (word.length >= MIN_TYPO_LENGTH - 1) frequency.set(word, FUNCTION_WORD_FREQUENCY);
    return new TypoCorrector(wordnet, terms, frequency);
  }

  get vocabularySize(): number {
    return this.frequency.size;
  }

  /** Whether a lower-case word (with its candidate base forms) is a real word that must never be corrected. */
  isKnown(word: string, forms: readonly string[] = baseForms(word)): boolean {
    let v = this.knownCache.get(word);
    if (v === undefined) {
      v =
        STOPWORDS.has(word) ||
        FUNCTION_WORDS.has(word) ||
        WRITTEN_WORDS.has(word) ||
        forms.some((f) => this.kbTerms.has(f) || this.wordnet.has(f));
      if (this.knownCache.size > 50000) this.knownCache.clear();
      this.knownCache.set(word, v);
    }
    return v;
  }

  /** The word meant by an unknown word, or null when it is known, too short or too ambiguous to guess. */
  async correct(word: string, forms: readonly string[] = baseForms(word)): Promise<Correction | null> {
    if (word.length < MIN_TYPO_LENGTH - 1 || !/^[a-z]+$/.test(word)) return null;
    const cached = this.cache.get(word);
    if (cached !== undefined) return cached;
    if (word.length < MIN_TYPO_LENGTH) {
      const short = (await this.isRealWord(word, forms)) ? null : this.droppedLetter(word);
      this.cache.set(word, short);
      return short;
    }
    let found = (await this.isRealWord(word, forms)) ? null : ((await this.gDropped(word)) ?? this.search(word));
    // A plural whose slip is in the stem ("onoins"): the stem's correction with its -s, when cheaper.
    if (found && word.endsWith('s') && !word.endsWith('ss') && word.length > MIN_TYPO_LENGTH) {
      const stem = this.search(word.slice(0, -1));
      if (stem && stem.cost < found.cost && this.frequency.has(`${stem.word}s`))
        found = { word: `${stem.word}s`, cost: stem.cost };
    }
    // "letterbox" is letter + box, not a two-slip "lettered"; "airpot" is still one slip from airport.
    if (found && found.cost > 1 && this.isCompound(word)) found = null;
    if (this.cache.size > 20000) this.cache.clear();
    this.cache.set(word, found);
    return found;
  }

  /**
   * A three-letter slip with one vowel or one doubled letter left out ("dor" door, "lak" lake, "fsh" fish, "bos"
   * boss), read only as a knowledge-base word and only when one such word fits: three letters are too few to
   * guess any other slip from.
   */
  private droppedLetter(word: string): Correction | null {
    const fits = new Set<string>();
    for (let i = 1; i <= word.length; i += 1)
      for (const letter of ['a', 'e', 'i', 'o', 'u', word[i - 1] ?? '', word[i] ?? '']) {
        if (!letter) continue;
        const candidate = word.slice(0, i) + letter + word.slice(i);
        // (A word the tagged corpus has seen: "obs" is hospital observations, not the plural of "obe".)
        if (this.kbTerms.has(candidate) && (this.frequency.get(candidate) ?? 0) > 0) fits.add(candidate);
      }
    const [only] = fits;
    return fits.size === 1 && only ? { word: only, cost: COST.transpose } : null;
  }

  /** "tryin", "smilin", "runnin": an -ing form written as spoken is that -ing form, not a slip of another word. */
  private async gDropped(word: string): Promise<Correction | null> {
    if (!word.endsWith('in') || word.length < MIN_TYPO_LENGTH + 1) return null;
    const full = `${word}g`;
    return (await this.isRealWord(full, baseForms(full))) ? { word: full, cost: COST.transpose } : null;
  }

  /** Two real words of three letters or more written as one ("letterbox", "sunhat"). */
  private isCompound(word: string): boolean {
    const known = (w: string) =>
      !FUNCTION_WORDS.has(w) && baseForms(w).some((f) => this.kbTerms.has(f) || this.wordnet.has(f));
    for (let i = 3; i <= word.length - 3; i += 1) if (known(word.slice(0, i)) && known(word.slice(i))) return true;
    return false;
  }

  /** British spellings WordNet writes the American way ("colour", "realise", "centre", "travelled"). */
  private static spellings(word: string): string[] {
    const out = [
      word.replace(/our(s|ed|ing|ful)?$/, 'or$1'),
      word.replace(/is(e|es|ed|ing|ation|ations)$/, 'iz$1'),
      word.replace(/ys(e|es|ed|ing)$/, 'yz$1'),
      word.replace(/tre(s)?$/, 'ter$1'),
      word.replace(/ogue(s)?$/, 'og$1'),
      word.replace(/ence$/, 'ense'),
      word.replace(/ll(ed|ing|er)$/, 'l$1'),
    ];
    return out.filter((w) => w !== word);
  }

  /** Known, and not only as someone's name: "wolff" is WordNet's Wolff, so it may still be a typo of wolf. */
  private async isRealWord(word: string, forms: readonly string[]): Promise<boolean> {
    if (
      STOPWORDS.has(word) ||
      FUNCTION_WORDS.has(word) ||
      WRITTEN_WORDS.has(word) ||
      forms.some((f) => this.kbTerms.has(f))
    )
      return true;
    for (const f of forms) {
      // A suffix makes a word only of a base that takes it: "climed" is not clime + -d, since clime is no verb.
      if (f !== word && /(ed|ing)$/.test(word) && !this.wordnet.has(f, 'verb')) continue;
      // Nor of a short stem that doubles its consonant: "weding" is not wed + -ing (that is "wedding").
      if (f !== word && /(ed|ing)$/.test(word) && doublesBeforeSuffix(f) && !word.startsWith(f + f.at(-1))) continue;
      // "-er" and "-est" compare adjectives and name doers: "techer" is no comparative of the noun tech.
      if (f !== word && /(er|est)$/.test(word) && !this.wordnet.has(f, 'adj') && !this.wordnet.has(f, 'verb')) continue;
      if (this.wordnet.has(f) && (await this.wordnet.isCommonWord(f))) return true;
    }
    for (const us of TypoCorrector.spellings(word))
      for (const f of baseForms(us)) if (this.kbTerms.has(f) || this.wordnet.has(f)) return true;
    // "unfazed", "reopened", "overthinking": a prefix on a real word makes a real word.
    const prefix = PREFIXES.find((p) => word.startsWith(p) && word.length - p.length >= MIN_TYPO_LENGTH);
    if (prefix) {
      const rest = word.slice(prefix.length);
      return this.isRealWord(rest, baseForms(rest));
    }
    return false;
  }

  private candidates(word: string): string[] {
    const firsts = new Set([word[0] ?? '']);
    // The first two letters swapped ("ocaen" is fine, "nsake" too).
    if (word[1]) firsts.add(word[1]);
    const out: string[] = [];
    for (const first of firsts) {
      const byLength = this.buckets.get(first);
      if (!byLength) continue;
      for (let len = word.length - 2; len <= word.length + 2; len += 1) out.push(...(byLength.get(len) ?? []));
    }
    return out;
  }

  private search(word: string): Correction | null {
    // "thier", "wierd", "recieve": i and e swapped is the commonest spelling slip of all.
    for (const swapped of [word.replace(/ie/, 'ei'), word.replace(/ei/, 'ie')])
      if (swapped !== word && (FUNCTION_WORDS.has(swapped) || this.frequency.has(swapped)))
        return { word: swapped, cost: COST.transpose };
    const max = allowance(word.length);
    const within: Array<{ word: string; raw: number; slips: number }> = [];
    for (const candidate of this.candidates(word)) {
      if (candidate[0] !== word[0] && !(candidate[0] === word[1] && candidate[1] === word[0])) continue;
      const raw = typingDistance(word, candidate, max);
      if (raw > max) continue;
      const slips = editCount(word, candidate);
      // In a short word two slips change too much of it: "danfo" is no "dance".
      if (word.length <= SHORT_WORD && slips > 1) continue;
      within.push({ word: candidate, raw, slips });
    }
    // One slip is likelier than two, whatever the words ("onoins" is onions swapped, not online twice mistyped).
    const fewestSlips = Math.min(...within.map((c) => c.slips));
    let best: Correction[] = [];
    let bestCost = Infinity;
    for (const { word: candidate, raw, slips } of within) {
      if (slips > fewestSlips) continue;
      // In a dream journal a word of the knowledge base is the likelier meaning ("watr": water, not watt).
      const cost = this.kbTerms.has(candidate) ? raw - KB_PRIOR : raw;
      if (cost > bestCost + 1e-9) continue;
      if (cost < bestCost - 1e-9) {
        bestCost = cost;
        best = [];
      }
      best.push({ word: candidate, cost: raw });
    }
    if (!best.length) return null;
    if (best.length === 1) return best[0] ?? null;
    // Tied on cost: one slip is likelier than two cheap ones ("celing" is ceiling, not caking).
    const slips = best.map((c) => editCount(word, c.word));
    const fewest = Math.min(...slips);
    best = best.filter((_, k) => slips[k] === fewest);
    if (best.length === 1) return best[0] ?? null;
    // Tied: two neighbouring letters swapped is the commonest slip of all ("lsot" is lost, not loot).
    const swapped = best.filter((c) => isSwap(word, c.word));
    if (swapped.length) best = swapped;
    if (best.length === 1) return best[0] ?? null;
    // Tied with a closed-class word: that word, far commoner than any other ("beign" is being, not beige).
    const closed = best.filter((c) => FUNCTION_WORDS.has(c.word));
    if (closed.length === 1) return closed[0] ?? null;
    // Tied: a word the knowledge base knows is the likelier meaning in a dream journal ("snaek": snake, not sneak).
    const inKb = best.filter((c) => this.kbTerms.has(c.word));
    if (inKb.length === 1) return inKb[0] ?? null;
    const pool = inKb.length ? inKb : best;
    const ranked = [...pool].sort((a, b) => (this.frequency.get(b.word) ?? 0) - (this.frequency.get(a.word) ?? 0));
    const [first, second] = ranked;
    // Otherwise only a clearly more common word wins.
    if (
      first &&
      second &&
      (this.frequency.get(first.word) ?? 0) >= 3 * Math.max(1, this.frequency.get(second.word) ?? 0)
    )
      return first;
    return null;
  }
}
