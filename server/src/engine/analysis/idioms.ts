import { idiomList, isLexiconName, wordList, type IdiomEntry } from '../kb/lexicon';

/**
 * Figures of speech ("drowning in paperwork", "raining cats and dogs", "time flew by"): their
 * words are not images of the dream. The patterns come from kb/lexicon/idioms/figures-of-speech.json;
 * a match marks its tokens, and the matcher reads no literal symbol there (feeling words inside one
 * still count: "drowning in sorrow").
 */

export interface IdiomToken {
  normal: string;
  pos: string;
  forms: string[];
  isWord: boolean;
}

interface PatternWord {
  /** Accepted words (base forms); empty for a slot. */
  words: string[];
  optional: boolean;
  slot: 'possessive' | 'someone' | 'someones' | 'thing' | null;
  /** For a `{not:list}` slot: the words its thing may not be ("drown in {not:drown-media}"). */
  except?: ReadonlySet<string>;
  /** "(night) fall": a word the figure needs around it that keeps its own reading ("as night fell"). */
  context: boolean;
}

interface CompiledIdiom {
  entry: IdiomEntry;
  pattern: PatternWord[];
}

export interface IdiomMatch {
  entry: IdiomEntry;
  /** Token range [start, end) within the document. */
  start: number;
  end: number;
}

const POSSESSIVES = wordList('possessives');
/** Texting spellings of a possessive ("hold ur horses"). */
const TEXTED_POSSESSIVES = new Set(['ur', 'yr']);
const FILLERS = new Set([
  ...wordList('phrase-fillers'),
  'really',
  'so',
  'just',
  'totally',
  'completely',
  'absolutely',
  'all',
  'very',
  'quite',
  'pretty',
  'rather',
  'still',
  'already',
  'always',
  'both',
  'almost',
  'total',
  'real',
  'complete',
  'utter',
  'absolute',
]);
const ARTICLES = new Set(['a|an', 'an', 'the']);
/** Contractions the tagger leaves whole: "the sky's the limit", "i'm over the moon". */
const CONTRACTED = new Map<string, string[]>([
  ["'s", ['be', 'have']],
  ["'m", ['be']],
  ["i'm", ['be']],
  ["'re", ['be']],
  ["'ve", ['have']],
]);

/** An inserted adverb of degree or manner ("I finally saw the light", "the ice was finally broken"). */
function isFiller(t: IdiomToken): boolean {
  return FILLERS.has(t.normal) || (t.pos === 'ADV' && t.normal.length > 4 && t.normal.endsWith('ly'));
}

/** Where a possessive starting at `i` ends: "my", "ur", "Anna's", "my mother's", "the dog's"; -1 if none. */
function possessiveEnd(tokens: IdiomToken[], i: number, end: number): number {
  const t = tokens[i];
  if (!t || i >= end) return -1;
  if (POSSESSIVES.has(t.normal) || t.normal === "one's")
    return isNoun(tokens, i + 1, end) && isSaxon(tokens, i + 2, end) ? i + 3 : i + 1;
  if (TEXTED_POSSESSIVES.has(t.normal)) return i + 1;
  if (t.pos === 'DET' && isNoun(tokens, i + 1, end) && isSaxon(tokens, i + 2, end)) return i + 3;
  if ((t.pos === 'PROPN' || t.pos === 'NOUN') && isSaxon(tokens, i + 1, end)) return i + 2;
  return -1;
}

/** Pronouns that can stand for the thing of a `{not:list}` slot ("drowning in them"). */
const THING_PRONOUNS = new Set(['it', 'them', 'this', 'that', 'these', 'those', 'everything', 'stuff']);
/** How far back (in tokens) a pronoun's thing is looked for: about the sentence before. */
const THING_LOOKBACK = 40;

function isExcepted(t: IdiomToken, except: ReadonlySet<string>): boolean {
  if (except.has(t.normal)) return true;
  for (const f of t.forms) if (except.has(f)) return true;
  return false;
}

/**
 * Where a `{not:list}` slot starting at `i` ends: a noun phrase (determiners, possessives, numbers and
 * describing words, then its nouns: "all these lab reports", "quick changes", "washing") none of whose
 * nouns is on the list, or a pronoun when no word of the list comes in the words before it ("I fell in
 * the lake and was drowning in it" is no figure); -1 if none.
 */
function thingEnd(tokens: IdiomToken[], i: number, end: number, except: ReadonlySet<string>, from: number): number {
  let k = i;
  while (k < end && (/^(DET|NUM|ADJ)$/.test(tokens[k]?.pos ?? '') || POSSESSIVES.has(tokens[k]?.normal ?? ''))) k += 1;
  const first = tokens[k];
  if (!first || k >= end) return -1;
  if (k === i && THING_PRONOUNS.has(first.normal)) {
    for (let b = Math.max(0, from - THING_LOOKBACK); b < k; b += 1) {
      const t = tokens[b];
      if (t?.isWord && isExcepted(t, except)) return -1;
    }
    return k + 1;
  }
  let n = k;
  while (n < end) {
    const t = tokens[n] as IdiomToken;
    const nounLike = t.pos === 'NOUN' || t.pos === 'PROPN' || (t.pos === 'VERB' && t.normal.endsWith('ing'));
    if (!t.isWord || !nounLike) break;
    if (isExcepted(t, except)) return -1;
    n += 1;
  }
  return n > k ? n : -1;
}

function isNoun(tokens: IdiomToken[], k: number, end: number): boolean {
  const n = tokens[k];
  return n !== undefined && k < end && (n.pos === 'NOUN' || n.pos === 'PROPN');
}

function isSaxon(tokens: IdiomToken[], k: number, end: number): boolean {
  return k < end && tokens[k]?.normal === "'s";
}

function compileWord(raw: string): PatternWord {
  const context = raw.startsWith('(') && raw.endsWith(')');
  const optional = raw.startsWith('[') && raw.endsWith(']');
  const body = optional || context ? raw.slice(1, -1) : raw;
  // "{him|his soul}" would be split at its space into halves that never match: alternatives are single words.
  if (/[{}[\]()]/.test(body.replace(/^\{(.*)\}$/, '$1')))
    throw new Error(
      `figure of speech pattern word "${raw}": alternatives are single words (no spaces inside {…}, […] or (…))`,
    );
  if (body === "one's") return { words: [], optional, slot: 'possessive', context };
  if (body === 'someone') return { words: [], optional, slot: 'someone', context };
  if (body === "someone's") return { words: [], optional, slot: 'someones', context };
  const not = /^\{not:([a-z-]+)\}$/.exec(body)?.[1];
  if (not && isLexiconName(not)) return { words: [], optional, slot: 'thing', except: wordList(not), context };
  // "{a|b}" and, optional, "[a|b]" are alternatives; "through" is also read as the tagger's "thru", and
  // "a" as "an" before an inserted word ("had an absolute ball").
  const words = (body.startsWith('{') && body.endsWith('}') ? body.slice(1, -1) : body)
    .split('|')
    .flatMap((w) => (w === 'through' ? [w, 'thru'] : w === 'a' ? [w, 'an'] : [w]));
  return { words: words.map((w) => w.trim()).filter(Boolean), optional, slot: null, context };
}

function compile(entry: IdiomEntry): CompiledIdiom {
  const pattern = entry.phrase
    .split(/\s+/)
    .filter(Boolean)
    // "eye-opener" is read as its parts: the tokenizer splits hyphenated words, and "the lion's share"
    // is "lion" and "'s" to it.
    .flatMap((w) => (w.includes('-') && !w.startsWith('{') ? w.split('-') : [w]))
    .flatMap((w) => (/^[a-z]+'s$/.test(w) && w !== "one's" && w !== "someone's" ? [w.slice(0, -2), "'s"] : [w]))
    .map(compileWord);
  // A leading article is not needed to know the figure ("the last straw", "a stone's throw"), and
  // indexing by it would try the figure at every "a" and "the".
  while (
    pattern.length > 1 &&
    pattern[0] &&
    !pattern[0].slot &&
    !pattern[0].context &&
    ARTICLES.has(pattern[0].words.join('|'))
  )
    pattern.shift();
  return { entry, pattern };
}

/** Particles of phrasal verbs, which may stand before or after the object. */
const PARTICLE = /^(up|down|off|out|in|on|back|away|over)$/;

/**
 * A phrasal figure with its particle after the object is also said with it before: "pull one's socks
 * up" is "pull up one's socks", "knock someone's socks off" is "knock off someone's socks".
 */
function particleVariants(entry: IdiomEntry): IdiomEntry[] {
  const words = entry.phrase.split(/\s+/);
  const last = words.at(-1) ?? '';
  const slot = words.findIndex((w) => w === "one's" || w === "someone's");
  if (slot < 1 || words.length !== slot + 3 || !PARTICLE.test(last)) return [entry];
  const moved = [...words.slice(0, slot), last, ...words.slice(slot, -1)].join(' ');
  return [entry, { ...entry, phrase: moved }];
}

function tokenIs(t: IdiomToken, words: string[]): boolean {
  const contracted = CONTRACTED.get(t.normal);
  // The tagger leaves a sentence's full stop on a last short word ("he phoned it in.").
  const normal = t.normal.length > 2 && t.normal.endsWith('.') ? t.normal.slice(0, -1) : t.normal;
  // Loops, not callbacks: this runs for every word of every dream.
  for (const w of words) if (normal === w || t.forms.includes(w) || (contracted?.includes(w) ?? false)) return true;
  return false;
}

export class IdiomIndex {
  /** Idioms by the words their first required pattern word accepts. */
  private readonly byFirst = new Map<string, CompiledIdiom[]>();
  /** Idioms that start with a slot ("one's …"). */
  private readonly slotFirst: CompiledIdiom[] = [];
  readonly size: number;

  constructor(entries: readonly IdiomEntry[] = idiomList()) {
    for (const entry of entries.flatMap(particleVariants)) {
      const idiom = compile(entry);
      const first = idiom.pattern[0];
      if (!first) continue;
      if (first.slot || first.optional) this.slotFirst.push(idiom);
      else
        for (const w of first.words) {
          const list = this.byFirst.get(w) ?? [];
          list.push(idiom);
          this.byFirst.set(w, list);
        }
    }
    this.size = entries.length;
  }

  /**
   * Where the pattern ends when it matches at `start` (exclusive), and the tokens of the figure
   * itself (its context words left out); null when it does not match.
   */
  private matchAt(
    pattern: PatternWord[],
    tokens: IdiomToken[],
    start: number,
    end: number,
  ): { end: number; figure: [number, number] } | null {
    let i = start;
    let figureStart = -1;
    let figureEnd = -1;
    for (let p = 0; p < pattern.length; p += 1) {
      const word = pattern[p];
      if (!word) return null;
      // Between words: hyphens, commas ("blood, sweat and tears", "when it rains, it pours"), and fillers
      // the pattern does not name ("drowning in all this paperwork").
      const possessive = word.slot === 'possessive' || word.slot === 'someones';
      // An optional word that is not there leaves the fillers before it to the next word.
      const before = i;
      if (p > 0 && (!word.slot || possessive))
        while (
          i < end &&
          tokens[i] &&
          (tokens[i]?.normal === '-' ||
            tokens[i]?.normal === ',' ||
            (isFiller(tokens[i] as IdiomToken) &&
              !(possessive
                ? possessiveEnd(tokens, i, end) >= 0
                : word.words.length && tokenIs(tokens[i] as IdiomToken, word.words))))
        )
          i += 1;
      const t = tokens[i];
      // Where this word ends when it is there, else -1.
      let next: number;
      if (possessive) next = possessiveEnd(tokens, i, end);
      else if (word.slot === 'thing') next = thingEnd(tokens, i, end, word.except ?? new Set(), start);
      else
        next =
          t !== undefined &&
          i < end &&
          (word.slot === 'someone'
            ? t.pos === 'PRON' || t.pos === 'PROPN'
            : (t.isWord || t.normal === "'s" || /^[a-z]+\.$/.test(t.normal)) && tokenIs(t, word.words))
            ? i + 1
            : -1;
      if (next < 0) {
        if (!word.optional) return null;
        i = before;
        continue;
      }
      if (!word.context) {
        if (figureStart < 0) figureStart = i;
        figureEnd = next;
      }
      i = next;
    }
    return figureStart < 0 ? null : { end: i, figure: [figureStart, figureEnd] };
  }

  /**
   * The figures of speech of one sentence's tokens [start, end), not overlapping: the longest wins,
   * wherever it starts ("has a heart of gold" is "heart of gold", not "have a heart").
   */
  find(tokens: IdiomToken[], start: number, end: number): IdiomMatch[] {
    // Per start, the match that reaches furthest; its length counts its context words.
    const found: Array<IdiomMatch & { length: number }> = [];
    for (let i = start; i < end; i += 1) {
      const t = tokens[i];
      if (!t || !t.isWord) continue;
      const candidates = new Set<CompiledIdiom>(this.slotFirst);
      for (const form of [t.normal, ...t.forms, ...(CONTRACTED.get(t.normal) ?? [])])
        for (const c of this.byFirst.get(form) ?? []) candidates.add(c);
      let best: (IdiomMatch & { length: number }) | null = null;
      for (const c of candidates) {
        const m = this.matchAt(c.pattern, tokens, i, end);
        if (m && m.end > i && (!best || m.end - i > best.length))
          best = { entry: c.entry, start: m.figure[0], end: m.figure[1], length: m.end - i };
      }
      if (best) found.push(best);
    }
    const out: IdiomMatch[] = [];
    for (const m of [...found].sort((a, b) => b.length - a.length || a.start - b.start))
      if (!out.some((o) => o.start < m.end && m.start < o.end))
        out.push({ entry: m.entry, start: m.start, end: m.end });
    // A literal use ("broke the ice on the lake") has kept a shorter figure off its words, and is no figure itself.
    return out.filter((m) => !m.entry.literal).sort((a, b) => a.start - b.start);
  }
}
