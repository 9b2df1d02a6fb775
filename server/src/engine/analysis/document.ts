import type { ItemSentence, ItemToken, ItsFunction, WinkMethods } from 'wink-nlp';
import { wordList } from '../kb/lexicon';
import { adjectiveBases, baseForms } from '../nlp/morphology';
import { withoutAccents } from '../nlp/text';
import { yieldToLoop } from '../util/cooperative';
import { IdiomIndex, type IdiomMatch } from './idioms';
import { negationScope } from './negation';

export interface Token {
  /** Index within the document. */
  index: number;
  sentence: number;
  /** As written. */
  text: string;
  /** Lower-case, with contractions expanded by the tokenizer ("n't" → "not"). */
  normal: string;
  lemma: string;
  pos: string;
  /** Candidate base forms: the tagger's lemma, the word and its morphological bases. */
  forms: string[];
  negated: boolean;
  /**
   * In a clause about the dreamer's waking past rather than the dream ("even though he passed
   * away in 2019", "three years ago"): context, not an event of the dream.
   */
  backstory: boolean;
  isWord: boolean;
  /** Character offsets of the word in the text read, [start, end). */
  startChar: number;
  endChar: number;
  /** Index into the document's idioms when the word is part of a figure of speech ("drowning in paperwork"), else -1. */
  idiom: number;
  /** The word this one was read as when it looked like a typo ("snaek" → "snake"). */
  corrected?: string;
  /** Part of a name of several capitalised words ("Elm Street", "Golden Dragon"): not an image of its own. */
  name?: boolean;
  /** Inside a comparison ("prints, like a child's bare feet", "as big as a house"): a likeness, not an image. */
  likeness: boolean;
  /** Inside quoted speech ("She said, 'take care of your brother'"): words spoken, not things in the scene. */
  quoted?: boolean;
  /**
   * Inside reported speech ("he said he lives with Grandpa Joe now"): what is said is not in the scene,
   * though what the dreamer says of the dream's own situation still tells its story ("I kept saying we'd be late").
   */
  reported?: boolean;
  /** Inside someone else's dream or story as the dreamer tells it ("his dream where his teeth fell out"): no event of this dream. */
  told?: boolean;
}

/** A quotation this long that holds most of the text is the dream told in someone's words. */
const TOLD_QUOTE_CHARS = 120;

/** Longest quotation read as speech; an unmatched mark further on is an apostrophe or a stray. */
const MAX_QUOTE_CHARS = 400;

/** An owner's mark: the "'s" of "Anna's key", or the bare apostrophe of "my grandparents' farm". */
export function isOwnerMark(t: { text: string } | undefined): boolean {
  return !!t && /^['’]s?$/.test(t.text);
}

/**
 * Character ranges of quoted speech: “…”, ‘…’, "…" and '…' where the single mark opens after a space
 * or punctuation and closes before one (so "You've" and "the boys' bikes" are not quotes).
 */
export function quotedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const opensAt = (i: number) => i === 0 || /[\s([{:,;—–-]/u.test(text[i - 1] ?? '');
  const closesAt = (i: number) => i === text.length - 1 || /[\s.,;:!?)\]}—–-]/u.test(text[i + 1] ?? '');
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    let close: string | null = null;
    if (c === '“') close = '”';
    else if (c === '‘' && opensAt(i)) close = '’';
    else if (c === '"') close = '"';
    else if (c === "'" && opensAt(i) && /\p{L}/u.test(text[i + 1] ?? '')) close = "'";
    if (!close) {
      i += 1;
      continue;
    }
    let end = -1;
    for (let j = i + 1; j < text.length && j - i <= MAX_QUOTE_CHARS; j += 1) {
      if (text[j] !== close) continue;
      // A single mark inside a word is an apostrophe ("You've"), not the end of the quote.
      if ((close === "'" || close === '’') && (!closesAt(j) || /\s/.test(text[j - 1] ?? ''))) continue;
      end = j;
      break;
    }
    if (end < 0) {
      i += 1;
      continue;
    }
    ranges.push([i + 1, end]);
    i = end + 1;
  }
  return ranges;
}

/**
 * Marks the tokens inside quoted speech. A quotation holding most of the text is the dream told in
 * someone's own words ('Written down for Noah, his words: "There was a big big dog…"'), not speech in
 * it: what is written around it (who told it, when, what happened since) is waking life.
 */
function markQuoted(tokens: Token[], text: string): void {
  const all = quotedRanges(text);
  const told = all.filter(([a, b]) => b - a >= TOLD_QUOTE_CHARS && (b - a) * 2 >= text.trim().length);
  const quotes = all.filter((q) => !told.includes(q));
  for (const t of tokens) {
    const inside = (ranges: Array<[number, number]>) => ranges.some(([a, b]) => t.startChar >= a && t.endChar <= b);
    if (inside(quotes)) t.quoted = true;
    if (told.length && !inside(told)) t.backstory = true;
  }
}

export interface Sentence {
  index: number;
  text: string;
  /** Token index range [start, end). */
  start: number;
  end: number;
  /** Character offsets in the text read, [start, end). */
  startChar: number;
  endChar: number;
}

export interface DreamDocument {
  tokens: Token[];
  sentences: Sentence[];
  /** Figures of speech found, with token ranges. */
  idioms: IdiomMatch[];
}

/** Lower-case particles inside names ("Portage la Prairie", "Vincent van Gogh"). */
const NAME_PARTICLES = new Set([
  'la',
  'le',
  'de',
  'du',
  'del',
  'della',
  'di',
  'da',
  'van',
  'von',
  'der',
  'den',
  'des',
  'el',
]);

const SENTENCE_OPENING_DETERMINERS = new Set(['the', 'a', 'an', 'my', 'our', 'his', 'her', 'their', 'this', 'that']);

function isCapitalWord(t: Token | undefined, sentence: number): t is Token {
  return (
    t !== undefined &&
    t.sentence === sentence &&
    t.isWord &&
    t.normal !== 'i' &&
    /^\p{Lu}/u.test(t.text) &&
    t.text !== t.text.toUpperCase()
  );
}

/**
 * Marks names of several capitalised words ("Elm Street", "Ocean Drive", "the Golden Dragon"): two
 * or more capitalised words in a row, at least one of them inside the sentence, or joined by "and" after
 * "the" ("the Fox and Hounds"). Returns their words.
 */
export function markNames(doc: DreamDocument): Set<string> {
  const words = new Set<string>();
  const firstWords = new Set(doc.sentences.map((s) => doc.tokens.slice(s.start, s.end).find((t) => t.isWord)?.index));
  for (const t of doc.tokens) {
    if (!isCapitalWord(t, t.sentence) || PERSON_WORDS.has(t.normal)) continue;
    const prev = doc.tokens[t.index - 1];
    const next = doc.tokens[t.index + 1];
    const inside = !firstWords.has(t.index);
    // ("The Alsatian growled": a capital that only opens the sentence makes no name of the word after it.)
    const opener = prev !== undefined && firstWords.has(prev.index) && SENTENCE_OPENING_DETERMINERS.has(prev.normal);
    if (
      (isCapitalWord(prev, t.sentence) && !opener && (inside || !firstWords.has(prev.index))) ||
      (inside && isCapitalWord(next, t.sentence))
    ) {
      t.name = true;
      words.add(t.normal);
    }
  }
  // "Bishop's Castle", "St John's Wood": a capitalised word after a capitalised possessive names a place.
  for (const t of doc.tokens) {
    const owner = doc.tokens[t.index - 2];
    if (
      !firstWords.has(t.index) &&
      isCapitalWord(t, t.sentence) &&
      !PERSON_WORDS.has(t.normal) &&
      /^['’]s$/.test(doc.tokens[t.index - 1]?.text ?? '') &&
      isCapitalWord(owner, t.sentence) &&
      !PERSON_WORDS.has(owner.normal)
    ) {
      for (const part of [owner, t]) {
        part.name = true;
        words.add(part.normal);
      }
    }
  }
  // "Portage la Prairie", "Ludwig van Beethoven", "Rio de Janeiro": capitalised words joined by a name's particle.
  for (const t of doc.tokens) {
    const particle = doc.tokens[t.index - 1];
    const first = doc.tokens[t.index - 2];
    if (
      isCapitalWord(t, t.sentence) &&
      particle?.sentence === t.sentence &&
      NAME_PARTICLES.has(particle.text) &&
      isCapitalWord(first, t.sentence) &&
      !PERSON_WORDS.has(t.normal)
    ) {
      for (const part of [first, t]) {
        part.name = true;
        words.add(part.normal);
      }
    }
  }
  // "the Fox and Hounds", "the Rose & Crown": capitalised words joined by "and" after "the" name one place.
  for (const t of doc.tokens) {
    const joiner = doc.tokens[t.index + 1];
    const second = doc.tokens[t.index + 2];
    if (
      !firstWords.has(t.index) &&
      doc.tokens[t.index - 1]?.normal === 'the' &&
      isCapitalWord(t, t.sentence) &&
      (joiner?.normal === 'and' || joiner?.text === '&') &&
      isCapitalWord(second, t.sentence) &&
      !PERSON_WORDS.has(t.normal) &&
      !PERSON_WORDS.has(second.normal)
    ) {
      for (const part of [t, second]) {
        part.name = true;
        words.add(part.normal);
      }
    }
  }
  for (const t of doc.tokens) {
    const next = doc.tokens[t.index + 1];
    if (next?.name && isCapitalWord(t, t.sentence) && !t.name && !PERSON_WORDS.has(t.normal)) {
      t.name = true;
      words.add(t.normal);
    }
  }
  return words;
}

let idiomIndex: IdiomIndex | null = null;
/** The figures of speech of the knowledge base, compiled on first use. */
function idioms(): IdiomIndex {
  idiomIndex ??= new IdiomIndex();
  return idiomIndex;
}

const WORDLIKE = /^[\p{L}][\p{L}'-]*$/u;
/** "3", "3am", "10th", "1990s": the number as written. */
const NUMBER_TOKEN = /^(\d{1,4})(am|pm|a\.m\.|p\.m\.|st|nd|rd|th|s)?\.?$/;
const YEAR = /^(1[5-9]|20)\d\d$/;
const CLAUSE_BREAK_POS = wordList('clause-break-pos');
/** "Grandpa Joe", "Aunt May": a word for a relative before a name stays a person of the dream. */
const PERSON_WORDS = new Set([...wordList('female-person-words'), ...wordList('male-person-words')]);

/** Words that move a clause to other nights or to waking life ("in the other versions I'm always frantic"). */
const OTHER_TIMES = new Set([
  'usually',
  'normally',
  'real life',
  'waking life',
  'other versions',
  'other dreams',
  'previous dreams',
  'other times',
  'other nights',
]);

/** Words of a death ("who died", "is dead from three years"). */
const DEATH_WORDS = wordList('death-words');
/** With a death word, these date it in waking life. */
const DEATH_DATING = wordList('death-dating');
/** "when I was twelve", "when I was little": the dreamer's childhood, not the dream. */
function isYoung(t: { normal: string; pos: string } | undefined): boolean {
  return (
    t !== undefined &&
    (t.pos === 'NUM' || /^(young|younger|little|small|a|kid|child|teenager|baby|tiny)$/.test(t.normal))
  );
}

/** Marks clauses that date something in waking life (a year, "… ago") or speak of other nights ("usually"). */
function backstoryScope(tokens: Array<{ normal: string; pos: string }>): boolean[] {
  const out = tokens.map(() => false);
  let start = 0;
  const close = (end: number) => {
    const clause = tokens.slice(start, end);
    const pairs = clause.slice(1).map((t, k) => `${clause[k]?.normal ?? ''} ${t.normal}`);
    const childhood = pairs.some(
      (p, k) => p === 'when i' && /^(was|were)$/.test(clause[k + 2]?.normal ?? '') && isYoung(clause[k + 3]),
    );
    const markerAt = clause.findIndex(
      (t, k) =>
        YEAR.test(t.normal) || t.normal === 'ago' || OTHER_TIMES.has(t.normal) || OTHER_TIMES.has(pairs[k] ?? ''),
    );
    if (markerAt >= 0 || childhood) {
      // "a field of cows that isn't there in real life": only the relative clause is about waking life.
      let from = 0;
      if (!childhood)
        for (let k = markerAt; k > 0; k -= 1)
          if (/^(that|which|who|where)$/.test(clause[k]?.normal ?? '') && k > 0) {
            from = k;
            break;
          }
      for (let i = start + from; i < end; i += 1) out[i] = true;
      return;
    }
    const deathAt = clause.findIndex((t) => DEATH_WORDS.has(t.normal));
    if (deathAt < 0) return;
    const who = clause.findIndex((t) => t.normal === 'who');
    if (who >= 0 && who < deathAt) {
      // "my friend who passed was driving the bus": only the relative clause, up to the next verb.
      let k = deathAt + 1;
      while (k < clause.length && !['VERB', 'AUX'].includes(clause[k]?.pos ?? '')) k += 1;
      for (let i = start + who; i < start + k; i += 1) out[i] = true;
      return;
    }
    // "my father is dead from three years", "she passed last spring": the person stays.
    if (clause.some((t) => DEATH_DATING.has(t.normal)))
      for (let i = start; i < end; i += 1) if (!PERSON_WORDS.has(tokens[i]?.normal ?? '')) out[i] = true;
  };
  tokens.forEach((t, i) => {
    if (CLAUSE_BREAK_POS.has(t.pos) || t.normal === 'though' || t.normal === 'although') {
      close(i);
      start = i;
    }
  });
  close(tokens.length);
  return out;
}

/** Adjectives whose noun is another idea: "busy" is no bus, "slippery" no slipper. */
const ADJECTIVE_BASE_EXCEPTIONS = wordList('adjective-base-exceptions');
/** -ing words that are another idea than their stem: "training" is no train, "parking" no park. */
const GERUNDS_OTHER_IDEA = wordList('gerunds-other-idea');

/** Misspelt negative auxiliaries wink leaves whole: "coudnt", "woudnt", "dint", "didnt'", "shoudnt". */
export const NEGATIVE_TYPO =
  /^(?:(?:cou?d|cud|wou?d|shou?d|coul|woul|shoul|di|doe?s|dose|hav|wasen|wern)n'?t|coudn|coulnd|wouldn|shouldn|couldn|didn|doesn|wasn|weren|hasn|haven|hadn)$/;

const COMPARISON_VERBS = wordList('comparison-verbs');
const COMPARISON_HEDGES = wordList('comparison-hedges');
/** "a noise like a balloon", "something like a wolf": a sense or a vague thing likened to another. */
const LIKENED_SENSES = wordList('likened-senses');
/** "it was like a carnival"; not "I'd like a coffee". */
const BE_FORMS = new Set(['be', 'is', 'was', 'were', 'are', "'s", "'re", 'been', 'being', 'am', "'m"]);
/** Before "like", the object or particle of a verb: the manner of the action is likened ("walked it like a tightrope"). */
const OBJECT_OR_PARTICLE = new Set([
  'it',
  'them',
  'him',
  'her',
  'me',
  'us',
  'down',
  'up',
  'past',
  'away',
  'out',
  'off',
  'around',
  'by',
  'along',
  'over',
  'about',
  'through',
  'in',
]);
/** Tags a compared noun phrase is made of: "a child's bare feet", "my old school". */
const LIKENESS_POS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PART', 'NUM', 'PRON']);

/**
 * Marks the noun phrase of a comparison: after a "like" that follows a comma, a dash, a form of
 * "be" or a verb of seeming ("it looked like a wolf", "prints, like a child's feet", "it was like a
 * carnival"), after "as big as" and "bigger than". "I felt like I was flying" (a clause) and "I'd like a coffee"
 * (the verb) are not comparisons.
 */
function likenessScope(tokens: Array<{ normal: string; pos: string }>): boolean[] {
  const out = tokens.map(() => false);
  const markPhrase = (from: number, depth = 0): void => {
    let k = from;
    for (; k < tokens.length; k += 1) {
      const t = tokens[k];
      if (!t || !LIKENESS_POS.has(t.pos)) break;
      // A subject pronoun starts a clause: "like I was flying".
      if (t.pos === 'PRON' && !['my', 'his', 'her', 'their', 'our', 'your', 'its'].includes(t.normal)) break;
      out[k] = true;
    }
    // "like an astronaut on the moon": the likeness takes one place phrase with it.
    const next = tokens[k];
    if (depth === 0 && k > from && next?.pos === 'ADP' && /^(on|in|at|of|with|from|under)$/.test(next.normal)) {
      out[k] = true;
      markPhrase(k + 1, 1);
    }
  };
  tokens.forEach((t, i) => {
    // The tagger sometimes reads the "like" of a comparison as a noun or verb ("shining like mirror").
    // "I could see the cattle like ants": after a noun once the clause has its verb, "like" compares.
    const nounAfterVerb =
      tokens[i - 1]?.pos === 'NOUN' && tokens.slice(0, i - 1).some((x) => x.pos === 'VERB' || x.pos === 'AUX');
    if (
      t.normal === 'like' &&
      (t.pos === 'ADP' ||
        ['VERB', 'ADV', 'ADJ'].includes(tokens[i - 1]?.pos ?? '') ||
        OBJECT_OR_PARTICLE.has(tokens[i - 1]?.normal ?? '') ||
        nounAfterVerb)
    ) {
      let j = i - 1;
      while (j >= 0 && COMPARISON_HEDGES.has(tokens[j]?.normal ?? '')) j -= 1;
      const before = tokens[j];
      if (
        before &&
        ((before.pos === 'PUNCT' && /^[,;:(—–-]$/.test(before.normal)) ||
          (before.pos === 'AUX' && BE_FORMS.has(before.normal)) ||
          LIKENED_SENSES.has(before.normal) ||
          // "I go up slow like balloon", "she ran like the wind": a manner likened to a thing.
          ((before.pos === 'VERB' || before.pos === 'ADV' || before.pos === 'ADJ') &&
            !/^(would|'d|really|just)$/.test(before.normal)) ||
          COMPARISON_VERBS.has(before.normal) ||
          // "I walked it like a tightrope", "ash coming down like snow": after a verb's object or particle.
          OBJECT_OR_PARTICLE.has(before.normal) ||
          (nounAfterVerb && j === i - 1))
      ) {
        // "going past like when you're in a taxi on the highway": a likened moment, to the clause's end.
        if (tokens[i + 1]?.normal === 'when')
          for (let k = i + 1; k < tokens.length && tokens[k]?.pos !== 'PUNCT'; k += 1) out[k] = true;
        else {
          // "like being under the sea", "like in a film": a likened place.
          let s = i + 1;
          if (/^(being|been|be)$/.test(tokens[s]?.normal ?? '')) s += 1;
          if (/^(on|in|at|under|inside|into|underneath|beneath|above|over)$/.test(tokens[s]?.normal ?? '')) {
            out[s] = true;
            markPhrase(s + 1, 1);
          } else markPhrase(s);
        }
      }
    }
    // "close as a face at a window", "white as a sheet": a quality likened to a thing.
    if (
      t.normal === 'as' &&
      (['ADJ', 'ADV'].includes(tokens[i - 1]?.pos ?? '') || tokens[i - 1]?.normal === 'round') &&
      tokens[i - 2]?.normal !== 'as' &&
      !/^(soon|long|far|much|well|just|such|same)$/.test(tokens[i - 1]?.normal ?? '') &&
      ['DET', 'NOUN'].includes(tokens[i + 1]?.pos ?? '')
    )
      markPhrase(i + 1);
    // "the way a photo comes into focus"
    if (t.normal === 'way' && tokens[i - 1]?.normal === 'the' && ['DET', 'PRON'].includes(tokens[i + 1]?.pos ?? ''))
      markPhrase(i + 1);
    // "darker than the dark", "bigger than a house"
    if (t.normal === 'than' && ['ADJ', 'ADV'].includes(tokens[i - 1]?.pos ?? '')) markPhrase(i + 1);
    // "the size of a horse": a measure likened to a thing ("the colour of rust" names a colour).
    if (
      /^(size|shape|height|length|width|weight)$/.test(t.normal) &&
      tokens[i - 1]?.normal === 'the' &&
      tokens[i + 1]?.normal === 'of'
    )
      markPhrase(i + 2);
    // "as big as a house"
    if (t.normal === 'as' && tokens[i + 2]?.normal === 'as' && ['ADJ', 'ADV'].includes(tokens[i + 1]?.pos ?? ''))
      markPhrase(i + 3);
  });
  return out;
}

/** Texts longer than this are read in pieces, with the event loop free in between. */
const CHUNK_CHARS = 1500;

/** Splits a long text at sentence ends (or line breaks) into pieces of about CHUNK_CHARS. */
function chunks(text: string): string[] {
  if (text.length <= CHUNK_CHARS) return [text];
  const out: string[] = [];
  let rest = text;
  while (rest.length > CHUNK_CHARS) {
    const window = rest.slice(0, CHUNK_CHARS);
    let cut = -1;
    const re = /[.!?…]["”’)]?\s+|\n+/g;
    for (let m = re.exec(window); m; m = re.exec(window)) cut = m.index + m[0].length;
    if (cut < CHUNK_CHARS / 3) {
      const space = window.lastIndexOf(' ');
      cut = space > 0 ? space + 1 : CHUNK_CHARS;
    }
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest.trim()) out.push(rest);
  return out;
}

/** readDocument for texts of any length: each piece is one short synchronous slice. */
export async function readDocumentSliced(nlp: WinkMethods, text: string): Promise<DreamDocument> {
  const pieces = chunks(text);
  if (pieces.length === 1) return readDocument(nlp, text);
  const tokens: Token[] = [];
  const sentences: Sentence[] = [];
  const found: IdiomMatch[] = [];
  let chars = 0;
  for (const piece of pieces) {
    const part = readPiece(nlp, piece, sentences.length);
    const offset = tokens.length;
    const idiomOffset = found.length;
    const moved = <T extends { startChar: number; endChar: number }>(x: T): T => ({
      ...x,
      startChar: x.startChar + chars,
      endChar: x.endChar + chars,
    });
    for (const t of part.tokens)
      tokens.push({ ...moved(t), index: t.index + offset, idiom: t.idiom < 0 ? -1 : t.idiom + idiomOffset });
    for (const s of part.sentences) sentences.push({ ...moved(s), start: s.start + offset, end: s.end + offset });
    for (const m of part.idioms) found.push({ ...m, start: m.start + offset, end: m.end + offset });
    chars += piece.length;
    await yieldToLoop();
  }
  markSpeech(tokens, text);
  return { tokens, sentences, idioms: found };
}

/** Tokenises, tags and lemmatises a text and marks negated tokens, sentence by sentence, and quoted speech. */
export function readDocument(nlp: WinkMethods, text: string): DreamDocument {
  const document = readPiece(nlp, text, 0);
  markSpeech(document.tokens, text);
  return document;
}

/** Marks what is said in the dream: quoted speech, then reported speech outside the quotes. */
function markSpeech(tokens: Token[], text: string): void {
  markQuoted(tokens, text);
  markReported(tokens);
  markOthersStories(tokens);
}

/** Verbs that report speech. */
const SAYING = /^(said|says|say|saying|told|tells|tell|telling|explained|explains|announced|announces|claimed|claims)$/;
const SUBJECT_START = new Set([
  'i',
  'he',
  'she',
  'we',
  'they',
  'it',
  'you',
  'there',
  'this',
  'that',
  'everyone',
  'everybody',
]);

/**
 * Marks reported speech: "He said he lives with Grandpa Joe now", "my boss says the new project
 * is my baby". What is said is not in the scene; the clause runs to the end of the sentence or a "then"
 * or "but" that moves the story on, or the first comma. "She told me to open the door" (an instruction) is not marked.
 */
function markReported(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    if (t.pos !== 'VERB' || !SAYING.test(t.normal) || t.quoted || t.reported) return;
    let j = i + 1;
    if (/^(told|tells|tell|telling)$/.test(t.normal) && /^(me|us|him|her|them|you)$/.test(tokens[j]?.normal ?? ''))
      j += 1;
    if (tokens[j]?.normal === 'that') j += 1;
    const first = tokens[j];
    if (!first || first.sentence !== t.sentence) return;
    // "she told me which door to open": a question or an instruction, not a report.
    const subject =
      SUBJECT_START.has(first.normal) ||
      (['DET', 'PROPN', 'NOUN'].includes(first.pos) && !/^(which|what|where|how|whose)$/.test(first.normal));
    // "to say grandpa's dog Tiger had escaped": the subject may take a few words.
    const verbSoon = tokens
      .slice(j + 1, j + 6)
      .some((x) => x.sentence === t.sentence && (x.pos === 'VERB' || x.pos === 'AUX'));
    if (!subject || !verbSoon) return;
    for (let k = j; k < tokens.length; k += 1) {
      const x = tokens[k];
      if (!x || x.sentence !== t.sentence || /^(then|but)$/.test(x.normal) || x.normal === ';' || x.normal === ',')
        break;
      // "and I went in": the dreamer's own story goes on.
      if (x.normal === 'and' && /^(i|we|everyone|everybody)$/.test(tokens[k + 1]?.normal ?? '')) break;
      // "I said I'm all ears and he laughed": so does a reply told in the past ("and they go fishing" is still said).
      if (x.normal === 'and' && /^(he|she|they)$/.test(tokens[k + 1]?.normal ?? '') && toldInPast(tokens[k + 2])) break;
      x.reported = true;
    }
  });
}

/** Things told whose contents are someone else's: a dream, a film, a story. */
const STORY = /^(dream|dreams|nightmare|nightmares|story|stories|film|films|movie|movies|book|show|episode|video)$/;

/**
 * "dylan's telling us his dream where all his teeth fell out", "a film where a town gets flooded", "he's been
 * dreaming his teeth fall out": what happens in someone else's dream or story is told, not dreamt here (the
 * dreamer's own "my dream where…" is not).
 */
function markOthersStories(tokens: Token[]): void {
  tokens.forEach((t, i) => {
    const owner = tokens[i - 1];
    let from = -1;
    // ("the dream where I miss the bus" is the dreamer's own: a dream is someone else's only by its owner.)
    const others = /^(dream|dreams|nightmare|nightmares)$/.test(t.normal)
      ? /^(his|her|their)$/
      : /^(his|her|their|a|an|the|this|that|some)$/;
    if (
      STORY.test(t.normal) &&
      owner?.sentence === t.sentence &&
      others.test(owner.normal) &&
      /^(where|about|that|of|in)$/.test(tokens[i + 1]?.normal ?? '')
    )
      from = i + 1;
    // "he's been dreaming his teeth fall out", "she dreamt she was flying": someone else's dreaming.
    const subject = tokens[i - 1]?.normal === 'been' ? tokens[i - 3] : tokens[i - 1];
    if (
      /^(dreaming|dreamt|dreamed|dreams)$/.test(t.normal) &&
      subject?.sentence === t.sentence &&
      /^(he|she|they|he's|she's|they've)$/.test(subject.normal)
    )
      from = i + 1;
    if (from < 0) return;
    for (let k = from; k < tokens.length; k += 1) {
      const x = tokens[k];
      if (!x || x.sentence !== t.sentence || /^(then|but)$/.test(x.normal) || x.normal === ';') break;
      if (x.normal === 'and' && /^(i|we)$/.test(tokens[k + 1]?.normal ?? '')) break;
      x.reported = true;
      x.told = true;
    }
  });
}

/** A verb in the past tense ("laughed", "ran"), not the present ("lives", "go") or a participle. */
function toldInPast(t: Token | undefined): boolean {
  return !!t && t.pos === 'VERB' && t.normal !== t.lemma && !/(s|ing)$/.test(t.normal);
}

/** readDocument without the quotes: a piece of a long text, whose quotes are marked once over the whole. */
function readPiece(nlp: WinkMethods, text: string, sentenceOffset: number): DreamDocument {
  const its = nlp.its;
  // wink's declaration of its.lemma (which takes the model's addons) does not match its own ItsFunction type.
  const lemmaOf = its.lemma as unknown as ItsFunction<string>;
  const tokens: Token[] = [];
  const sentences: Sentence[] = [];
  const found: IdiomMatch[] = [];
  if (!text.trim()) return { tokens, sentences, idioms: found };
  // Character offsets: each token is looked for from the end of the previous one.
  let cursor = 0;
  const locate = (piece: string): [number, number] => {
    const at = piece ? text.indexOf(piece, cursor) : -1;
    if (at < 0) return [cursor, cursor];
    cursor = at + piece.length;
    return [at, cursor];
  };
  const readSentence = (s: ItemSentence) => {
    const sentenceIndex = sentenceOffset + sentences.length;
    const start = tokens.length;
    const sentenceStartChar = cursor;
    const raw: Array<{ text: string; normal: string; lemma: string; pos: string; type: string }> = [];
    s.tokens().each((t: ItemToken) => {
      // The model has no lemma for some contractions written without an apostrophe ("isnt"): the word stands for itself.
      const text = t.out();
      const normal = (t.out(its.normal) as string | undefined) ?? text;
      raw.push({
        text,
        normal,
        lemma: (t.out(lemmaOf) as string | undefined) ?? normal,
        pos: t.out(its.pos),
        type: t.out(its.type),
      });
    });
    const partial = raw.map((r) => {
      const normal = r.normal.toLowerCase();
      const lemma = r.lemma.toLowerCase();
      const digits = NUMBER_TOKEN.exec(normal)?.[1];
      const isWord = (r.type === 'word' && WORDLIKE.test(normal)) || digits !== undefined;
      const forms =
        digits !== undefined
          ? [digits]
          : GERUNDS_OTHER_IDEA.has(normal)
            ? [normal]
            : isWord
              ? [
                  ...new Set([
                    lemma,
                    ...baseForms(normal),
                    ...(r.pos === 'ADJ' && !ADJECTIVE_BASE_EXCEPTIONS.has(normal) ? adjectiveBases(normal) : []),
                  ]),
                ]
              : [normal];
      // The tagger writes "through" as "thru": the knowledge base's phrases spell it out ("through the dark").
      if (normal === 'thru') forms.push('through');
      // "café", "rosé": the knowledge base writes its terms without accents.
      const folded = isWord && !/^[\x20-\x7e]*$/.test(normal) ? withoutAccents(normal) : normal;
      if (folded !== normal) for (const f of [folded, ...baseForms(folded)]) if (!forms.includes(f)) forms.push(f);
      return { ...r, normal, lemma, forms, isWord };
    });
    retagNounPhraseEnds(partial);
    // "coudnt", "dint", "wasn": a mistyped negative the tokenizer did not split still negates.
    const negated = negationScope(
      partial.map((p) => (NEGATIVE_TYPO.test(p.normal) ? { ...p, normal: 'not', pos: 'PART' } : p)),
    );
    const backstory = backstoryScope(partial);
    const likeness = likenessScope(partial);
    const figurative = partial.map(() => -1);
    for (const m of idioms().find(partial, 0, partial.length)) {
      for (let k = m.start; k < m.end; k += 1) figurative[k] = found.length;
      found.push({ ...m, start: m.start + start, end: m.end + start });
    }
    partial.forEach((p, k) => {
      const [startChar, endChar] = locate(p.text);
      tokens.push({
        index: tokens.length,
        sentence: sentenceIndex,
        text: p.text,
        normal: p.normal,
        lemma: p.lemma,
        pos: p.pos,
        forms: p.forms,
        negated: negated[k] ?? false,
        backstory: backstory[k] ?? false,
        likeness: likeness[k] ?? false,
        isWord: p.isWord,
        startChar,
        endChar,
        idiom: figurative[k] ?? -1,
      });
    });
    const first = tokens[start];
    const last = tokens.at(-1);
    sentences.push({
      index: sentenceIndex,
      text: unspacePossessives(s.out()),
      start,
      end: tokens.length,
      startChar: first ? first.startChar : sentenceStartChar,
      endChar: last && tokens.length > start ? last.endChar : sentenceStartChar,
    });
  };
  // A list ("- noticed the clock… -> DREAM\n- lucid maybe a minute") has one sentence per line.
  for (const block of text.split(LINE_BLOCK))
    if (block.trim()) nlp.readDoc(spacePossessives(block)).sentences().each(readSentence);
  denyAnsweredQuestions(tokens, sentences);
  return { tokens, sentences, idioms: found };
}

const YES_NO_OPENERS = new Set([
  'was',
  'were',
  'did',
  'do',
  'does',
  'is',
  'are',
  'am',
  'had',
  'has',
  'have',
  'could',
  'would',
  'will',
  'can',
]);
const DENIAL_ANSWERS = new Set(['no', 'nope', 'nah', 'never', 'not', 'at', 'all', 'of', 'course']);

/**
 * "Was anyone chasing me? No. Did I fall? No.": a yes-or-no question the dreamer answers with a bare
 * "no" denies what it asks about, as "nobody chased me" would.
 */
function denyAnsweredQuestions(tokens: Token[], sentences: Sentence[]): void {
  const bare = (t: Token) => t.normal.replace(/[^a-z]+/g, '');
  sentences.forEach((q, k) => {
    const answer = sentences[k + 1];
    if (!answer) return;
    const asked = tokens.slice(q.start, q.end);
    const opener = asked.find((t) => t.isWord);
    if (!opener || !YES_NO_OPENERS.has(opener.normal) || !asked.at(-1)?.text.startsWith('?')) return;
    const said = tokens
      .slice(answer.start, answer.end)
      .map(bare)
      .filter((w) => w !== '');
    if (said.length === 0 || said.length > 4 || !['no', 'nope', 'nah'].includes(said[0] ?? '')) return;
    if (!said.every((w) => DENIAL_ANSWERS.has(w))) return;
    for (const t of asked) if (t.isWord) t.negated = true;
  });
}

const ADJECTIVE_TAGGED_NOUNS = wordList('adjective-tagged-nouns');
const POSSESSIVE_WORDS = wordList('possessives');
const CLOSE_PEOPLE_WORDS = wordList('close-people');

/**
 * "our flat", "the whole flat was burning": a word of adjective-tagged-nouns that ends a noun phrase (a
 * determiner, possessive or "'s" before it, with only describing words between, and no noun or describing
 * word after it) is a noun. "A flat tyre", "a flat grey sea", "the sea was flat" keep the adjective.
 */
function retagNounPhraseEnds(tokens: Array<{ normal: string; lemma: string; pos: string }>): void {
  tokens.forEach((t, k) => {
    if (t.pos !== 'ADJ' || !ADJECTIVE_TAGGED_NOUNS.has(t.normal)) return;
    const next = tokens[k + 1];
    if (next && ['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(next.pos)) return;
    let b = k - 1;
    while (b >= 0 && b >= k - 3 && ['ADJ', 'ADV', 'PROPN'].includes(tokens[b]?.pos ?? '')) b -= 1;
    const before = tokens[b];
    // "my friend's flat", "Anna's flat"; "the tyre's flat" is the tyre being flat.
    const owner = tokens[b - 1];
    const ownersMark =
      before?.normal === "'s" &&
      !!owner &&
      (owner.pos === 'PROPN' || PERSON_WORDS.has(owner.normal) || CLOSE_PEOPLE_WORDS.has(owner.normal));
    // ("one key", "two keys": a count stands before a noun too.)
    if (before && (before.pos === 'DET' || before.pos === 'NUM' || POSSESSIVE_WORDS.has(before.normal) || ownersMark)) {
      t.pos = 'NOUN';
      t.lemma = t.normal;
    }
  });
}

/**
 * A possessive just before punctuation or a hyphen ("like his grandmother's.", "the Nan's-garden dream") is one
 * token to wink's tokenizer, tagged as a proper noun, and the tokenizer then keeps that word whole for the rest of
 * the process ("my grandmother's summer cottage" in a later dream loses its grandmother). A space before the mark
 * lets it split "'s" off as it does mid-sentence; the sentence's text is given back without it so offsets into it
 * stay those of the dream.
 */
const POSSESSIVE_BEFORE_PUNCTUATION = /(\p{L}['’]s)(?=[^\s\p{L}\p{N}])/gu;
const SPACED_POSSESSIVE = /(\p{L}['’]s) (?=[^\s\p{L}\p{N}])/gu;
export function spacePossessives(text: string): string {
  return text.replace(POSSESSIVE_BEFORE_PUNCTUATION, '$1 ');
}
function unspacePossessives(text: string): string {
  return text.replace(SPACED_POSSESSIVE, '$1');
}

/** A line break that ends a sentence: a blank line, or a new line opening on a bullet, a number or a time. */
const LINE_BLOCK = /\n(?=[ \t]*\n)|\n(?=[ \t]*(?:[-*•·–—>]|\d{1,2}(?:[:.)]|am\b|pm\b)))/i;
