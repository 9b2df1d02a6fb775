import { idiomList, wordList, type IdiomEntry } from '../kb/lexicon';

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
  slot: 'possessive' | 'someone' | 'someones' | null;
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
const FILLERS = new Set([...wordList('phrase-fillers'), 'really', 'so', 'just', 'totally', 'completely', 'absolutely']);

function compileWord(raw: string): PatternWord {
  const optional = raw.startsWith('[') && raw.endsWith(']');
  const body = optional ? raw.slice(1, -1) : raw;
  if (body === "one's") return { words: [], optional, slot: 'possessive' };
  if (body === 'someone') return { words: [], optional, slot: 'someone' };
  if (body === "someone's") return { words: [], optional, slot: 'someones' };
  const words = body.startsWith('{') && body.endsWith('}') ? body.slice(1, -1).split('|') : [body];
  return { words: words.map((w) => w.trim()).filter(Boolean), optional, slot: null };
}

function compile(entry: IdiomEntry): CompiledIdiom {
  const pattern = entry.phrase
    .split(/\s+/)
    .filter(Boolean)
    // "eye-opener" is read as its parts: the tokenizer splits hyphenated words.
    .flatMap((w) => (w.includes('-') && !w.startsWith('{') ? w.split('-') : [w]))
    .map(compileWord);
  return { entry, pattern };
}

function tokenIs(t: IdiomToken, words: string[]): boolean {
  return words.some((w) => t.normal === w || t.forms.includes(w));
}

export class IdiomIndex {
  /** Idioms by the words their first required pattern word accepts. */
  private readonly byFirst = new Map<string, CompiledIdiom[]>();
  /** Idioms that start with a slot ("one's …"). */
  private readonly slotFirst: CompiledIdiom[] = [];
  readonly size: number;

  constructor(entries: readonly IdiomEntry[] = idiomList()) {
    for (const entry of entries) {
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

  /** Where the pattern ends when it matches at `start` (exclusive), or -1. */
  private matchAt(pattern: PatternWord[], tokens: IdiomToken[], start: number, end: number): number {
    let i = start;
    for (let p = 0; p < pattern.length; p += 1) {
      const word = pattern[p];
      if (!word) return -1;
      // Between words: hyphens, and fillers the pattern does not name ("drowning in all this paperwork").
      if (p > 0 && !word.slot)
        while (
          i < end &&
          tokens[i] &&
          (tokens[i]?.normal === '-' ||
            (FILLERS.has(tokens[i]?.normal ?? '') &&
              !(word.words.length && tokenIs(tokens[i] as IdiomToken, word.words))))
        )
          i += 1;
      const t = tokens[i];
      const ok =
        t !== undefined &&
        i < end &&
        (word.slot === 'possessive'
          ? POSSESSIVES.has(t.normal) || t.normal === "one's"
          : word.slot === 'someone'
            ? t.pos === 'PRON' || t.pos === 'PROPN'
            : word.slot === 'someones'
              ? POSSESSIVES.has(t.normal) || (t.pos === 'PROPN' && tokens[i + 1]?.normal === "'s")
              : t.isWord && tokenIs(t, word.words));
      if (!ok) {
        if (word.optional) continue;
        return -1;
      }
      i += word.slot === 'someones' && t?.pos === 'PROPN' ? 2 : 1;
    }
    return i;
  }

  /** The figures of speech of one sentence's tokens [start, end), longest first, not overlapping. */
  find(tokens: IdiomToken[], start: number, end: number): IdiomMatch[] {
    const out: IdiomMatch[] = [];
    for (let i = start; i < end; i += 1) {
      const t = tokens[i];
      if (!t || !t.isWord) continue;
      const candidates = new Set<CompiledIdiom>(this.slotFirst);
      for (const form of [t.normal, ...t.forms]) for (const c of this.byFirst.get(form) ?? []) candidates.add(c);
      let best: IdiomMatch | null = null;
      for (const c of candidates) {
        const stop = this.matchAt(c.pattern, tokens, i, end);
        if (stop > i && (!best || stop > best.end)) best = { entry: c.entry, start: i, end: stop };
      }
      if (best) {
        out.push(best);
        i = best.end - 1;
      }
    }
    return out;
  }
}
