import { francAll } from 'franc';
import { data as francData } from 'franc/data.js';
import { expressions as francScripts } from 'franc/expressions.js';
import { createRequire } from 'node:module';
import { detectAll, supportedLanguages } from 'tinyld';
import { STOPWORDS, withoutAccents } from './text';
import { wordList } from '../kb/lexicon';
import type { PairReading } from './word-pairs';

/**
 * Whether a text is English the engine can read, another language, or not language at all
 * (keyboard mashing, placeholder text). Two signals: the share of its words an English dictionary
 * knows, and tinyld's character-trigram guess. Short English with typos and names still has most
 * of its words known; French or German has few; gibberish has few and unpronounceable ones.
 * tinyld knows 62 languages; for the rest (isiZulu, Yoruba, Hausa, Somali, Catalan, Punjabi…) franc's
 * wider trigram tables (187 languages) name it, when they single one out.
 */

export interface LanguageReading {
  /** ISO 639-1 code ("en", "fr"), or "und" when the text is not language. */
  language: string;
  nonsense: boolean;
  /** Share of the words an English dictionary knows (0–1). */
  englishShare: number;
}

/** Above this share of known words a text is English whatever the trigrams say (names and typos included). */
const ENGLISH_SHARE = 0.6;
/** Below this share, a text with no confident other language is not language. */
const NONSENSE_SHARE = 0.35;
/** tinyld's confidence needed to call another language. */
const OTHER_LANGUAGE_CONFIDENCE = 0.3;

/** A weaker guess still counts when it is this many times the next one's. */
const LEADING_CONFIDENCE = 0.1;
const LEAD_RATIO = 2;
/** …in a telling long enough for trigrams to mean something (a short mash can lead by chance). */
const LEADING_MIN_WORDS = 6;

/** English text is full of function words; another language's words rarely are English ones. */
const ENGLISH_FUNCTION_SHARE = 0.2;
/**
 * Below this share of function words (determiners, pronouns, prepositions, auxiliaries) a text of
 * WORD_SALAD_MIN words or more has no clause at all: a list of words, not a telling.
 */
const WORD_SALAD_FUNCTION_SHARE = 0.12;
const WORD_SALAD_MIN = 6;
/**
 * Word salad in grammatical order ("Purple thinks sideways under the apologising spoon, and Tuesday folds its
 * gravity into a polite drawer"): of at least SALAD_PAIRS_MIN pairs of neighbouring known words, fewer than
 * SALAD_SEEN_SHARE ever met in the training narratives, though function words hold it together (at least
 * SALAD_GRAMMAR_SHARE of its words; a telling in notes, "Me fly. Arms out, over town", has fewer). Chosen on the
 * held-out sets' dev halves; no training narrative (each read without its own pairs) is this far apart.
 */
const SALAD_PAIRS_MIN = 12;
const SALAD_SEEN_SHARE = 0.45;
const SALAD_GRAMMAR_SHARE = 0.3;

/** Languages the trigram detector does not know, each by words of its own that are no English ones. */
const MARKED_LANGUAGES: Array<[string, ReadonlySet<string>]> = [
  ['cy', wordList('welsh-marks')],
  ['sw', wordList('swahili-marks')],
];
/** Languages the trigrams mistake Catalan for, and how much of a telling must be Catalan's own words to say so. */
const ROMANCE_NEIGHBOURS = new Set(['pt', 'es', 'fr', 'it', 'gl', 'oc']);
const CATALAN_MARKS = wordList('catalan-marks');
const CATALAN_SHARE = 0.1;
const CATALAN_MIN = 3;
/** Share of a telling's words that must be a marked language's own for it to be that language. */
const MARKED_SHARE = 0.25;
/** …and how many times the English function words among them its own words must be. */
const MARKED_OVER_FUNCTION = 2;

/**
 * franc names individual languages where ISO 639-1 has only their macrolanguage ("swh" Swahili is
 * "sw"); these are the ones its tables hold.
 */
const MACROLANGUAGE: Record<string, string> = {
  swh: 'sw',
  zlm: 'ms',
  zsm: 'ms',
  pes: 'fa',
  prs: 'fa',
  ekk: 'et',
  lvs: 'lv',
  cmn: 'zh',
  npi: 'ne',
  uzn: 'uz',
  azj: 'az',
  plt: 'mg',
  ydd: 'yi',
  khk: 'mn',
  arb: 'ar',
  gaz: 'om',
  als: 'sq',
  knc: 'kr',
  quy: 'qu',
  qug: 'qu',
  ory: 'or',
  hat: 'ht',
  est: 'et',
  twi: 'ak',
  fat: 'ak',
  nob: 'no',
  nno: 'no',
};
/** ISO 639 codes and names (nlp/language-names.json, written by scripts/make-language-names.ts). */
export const LANGUAGE_TABLE = (
  createRequire(import.meta.url)('./language-names.json') as { languages: Array<[string, string | null, string]> }
).languages;
const TWO_LETTER = new Map<string, string>(
  LANGUAGE_TABLE.flatMap(([iso3, iso1]) => (iso1 ? [[iso3, iso1] as [string, string]] : [])),
);
/** A language's ISO 639-1 code where it has one ("zul" → "zu"), else its ISO 639-3 code. */
function shortCode(code: string): string {
  return MACROLANGUAGE[code] ?? TWO_LETTER.get(code) ?? code;
}
/** The languages tinyld knows, by short code: the wider guess is taken only for the others. */
const TINYLD_LANGUAGES = new Set<string>(supportedLanguages.map(shortCode));
/** Languages franc can mistake English, Scots or pidgin English for. */
const ENGLISH_LIKE = new Set(['en', 'sco', 'pcm']);
/**
 * franc's languages (ISO 639-3) by short code: those it tells apart by trigrams, and those it knows by
 * a script of their own (Gurmukhi is Punjabi); its script names ("Latin") are no languages.
 */
const FRANC_CODES = new Map<string, string[]>();
for (const code of [
  ...Object.values(francData).flatMap((script) => Object.keys(script)),
  ...Object.keys(francScripts).filter((key) => !(key in francData)),
]) {
  const short = shortCode(code);
  FRANC_CODES.set(short, [...(FRANC_CODES.get(short) ?? []), code]);
}
/**
 * franc's languages that tinyld does not know (isiZulu, Yoruba, Hausa, Somali, Catalan, Punjabi…), those
 * with a two-letter code only: its regional neighbours of a language tinyld knows (Magahi beside Hindi)
 * are too close to tell apart in a dream's few lines.
 */
const WIDER_ONLY = [...FRANC_CODES]
  .filter(([short]) => short.length === 2 && !TINYLD_LANGUAGES.has(short) && !ENGLISH_LIKE.has(short))
  .flatMap(([, codes]) => codes);
/** franc's score of its second guess, relative to the first, above which it has singled none out. */
const WIDE_LEAD = 0.96;
/** franc's score of tinyld's guess, relative to its own, above which tinyld's guess stands (Russian is not Bosnian). */
const RIVAL_MAX = 0.8;
/** tinyld's confidence above which its guess stands when franc has no tables for that language (Irish, Icelandic). */
const TINYLD_SURE = 0.9;
/** Words a telling needs before the wider guess counts. */
const WIDE_MIN_WORDS = 6;
/** Share of unsayable words above which a telling is too mashed for the wider guess ("asdjkl lkjjj GG EZ"). */
const WIDE_MAX_MASHED = 0.1;

/**
 * A language tinyld does not know, when franc singles it out against tinyld's own guess: isiZulu is
 * German to tinyld, Igbo Vietnamese (at full confidence). franc is asked to choose between the languages
 * only it knows and tinyld's guess; its answer counts when it is one of the former, well ahead of the next
 * (pronounceable gibberish comes out as some language with another just behind it) and of tinyld's guess
 * (Russian has Bulgarian and Bosnian close behind it, Indonesian Malay).
 * Where franc has no tables for tinyld's guess (Irish, Icelandic), a sure tinyld guess stands. Null
 * when tinyld's guess stands.
 */
function widerGuess(text: string, tinyld: { lang: string; accuracy: number } | undefined): string | null {
  const rival = tinyld ? FRANC_CODES.get(tinyld.lang) : undefined;
  if (tinyld && !rival && tinyld.accuracy >= TINYLD_SURE) return null;
  const guesses = francAll(text, { minLength: 10, only: [...WIDER_ONLY, ...(rival ?? [])] });
  const [first, second] = guesses;
  if (!first || first[0] === 'und' || rival?.includes(first[0])) return null;
  if (second && second[1] / first[1] > WIDE_LEAD) return null;
  const rivalScore = guesses.find(([code]) => rival?.includes(code))?.[1] ?? 0;
  return rivalScore / first[1] > RIVAL_MAX ? null : shortCode(first[0]);
}

/** A word nobody could say, or with a letter held down ("lkjjj", "qwertyyyy"). */
function mashedLooking(word: string): boolean {
  // Read without its accents: "mơ", "thấy" are Vietnamese and say-able, "ñlkj" is still mashing.
  return unpronounceable(withoutAccents(word)) || /(\p{L})\1\1/u.test(word);
}

/** A dream jotted as a list ("- pregnant (I'm 52)\n- scan shows a kitten"): notes have few function words too. */
const NOTE_LIST = /^\s*(?:[-*•–]|\d+[.)])\s.*\n\s*(?:[-*•–]|\d+[.)])\s/mu;

/**
 * A telling in fragments of a few words each ("Sunny spells. Nan's garden. Cheese scones."): few function words, but
 * each fragment a thing said, which word salad, running on without a stop, is not.
 */
function telegraphic(text: string): boolean {
  const fragments = text.split(/[.!?\n]+/).filter((f) => f.trim());
  return fragments.length >= 3 && fragments.every((f) => f.trim().split(/\s+/).length <= 5);
}

/** The standard typesetting placeholder, not a dream. */
const PLACEHOLDER = /\blorem ipsum\b|\bdolor sit amet\b/i;

/** A word nobody could say: no vowel, or four consonants in a row that English never strings together. */
export function unpronounceable(word: string): boolean {
  const w = word.toLowerCase();
  if (!/[aeiouy]/.test(w)) return true;
  const runs = w.match(/[^aeiouy]{4,}/g) ?? [];
  return runs.some(
    (r) =>
      !/^(?:[st]?ch|[st]?sh|ght|ngth|nst|rst|mpt|ndl|nch|rch|tch|str|spr|scr|thr|chr|phr|shr|ngs|nts|rts|rld|lds|rds|cts|pts|sts|lms|rms|rns|nks|rks|lks|ngl|ckl|ths|phs)/.test(
        r,
      ),
  );
}

/**
 * `isKnown` says whether the dictionary knows a lower-case word (stopwords, WordNet, knowledge base);
 * `functionShare`, when the text was tagged, the share of its words that are function words.
 */
/** Words a test entry is made of: "testing testing", "test test 123 is this thing on", "blah blah". */
const PLACEHOLDER_WORDS = wordList('placeholder-words');
/** At least one of these makes a text of placeholder words a test entry rather than a greeting. */
const PLACEHOLDER_MARKS = wordList('placeholder-marks');

function isPlaceholderOnly(letters: string[], text: string): boolean {
  if (/[^\p{L}\d\s.,!?'-]/u.test(text)) return false;
  return (
    letters.length > 0 &&
    letters.every((w) => PLACEHOLDER_WORDS.has(w)) &&
    letters.some((w) => PLACEHOLDER_MARKS.has(w))
  );
}

export function readLanguage(
  words: string[],
  text: string,
  isKnown: (word: string) => boolean,
  functionShare?: number,
  pairs?: PairReading,
): LanguageReading {
  // Another script (Devanagari, Cyrillic, Chinese, Arabic…): not English, whatever the tokenizer made of it.
  const latinLetters = (text.match(/\p{Script=Latin}/gu) ?? []).length;
  const otherLetters = (text.match(/\p{L}/gu) ?? []).length - latinLetters;
  if (otherLetters > latinLetters) {
    const top = detectAll(text)[0];
    const wider = widerGuess(text, top);
    return { language: wider ?? (top && top.lang !== 'en' ? top.lang : 'und'), nonsense: false, englishShare: 0 };
  }
  const letters = words.map((w) => w.toLowerCase()).filter((w) => /^\p{L}[\p{L}'-]*$/u.test(w));
  if (!letters.length) {
    const nonsense = text.trim().length > 0 && !/\p{L}/u.test(text);
    return { language: nonsense ? 'und' : 'en', nonsense, englishShare: 0 };
  }
  const ascii = letters.filter((w) => /^[a-z'-]+$/.test(w));
  const known = ascii.filter((w) => isKnown(w.replace(/'.*$/, ''))).length;
  const englishShare = known / letters.length;
  if (PLACEHOLDER.test(text)) return { language: 'und', nonsense: true, englishShare };
  // English words, but a test entry, not a telling ("testing testing", "is this thing on").
  if (isPlaceholderOnly(letters, text)) return { language: 'en', nonsense: true, englishShare };
  const unknown = letters.filter((w) => !isKnown(w));
  const mashed = unknown.filter(mashedLooking).length;
  // Keyboard mashing ("asdf qwer zxcv", "sdkfj sdlkfj"): most unknown words cannot be said.
  if (unknown.length && mashed / unknown.length >= 0.5 && englishShare < ENGLISH_SHARE)
    return { language: 'und', nonsense: true, englishShare };
  const guesses = detectAll(text);
  const top = guesses[0];
  const second = guesses[1];
  // Confident, or clearly ahead of the next guess ("Ho sognato che…": Italian at 0.12, Spanish at 0.06).
  const confident =
    !!top &&
    (top.accuracy >= OTHER_LANGUAGE_CONFIDENCE ||
      (letters.length >= LEADING_MIN_WORDS &&
        top.accuracy >= LEADING_CONFIDENCE &&
        top.accuracy >= LEAD_RATIO * (second?.accuracy ?? 0)));
  const otherLanguage = top && top.lang !== 'en' && confident && letters.length >= 2;
  const englishFunction = letters.filter((w) => STOPWORDS.has(w)).length / letters.length;
  // Welsh and Swahili, which the trigrams do not know: "Roedd Mam yn y capel…" looks Afrikaans or Spanish to them,
  // "Niliota nilikuwa nikitembea…" Tagalog.
  // Counted on the words as written: the tokenizer's normal forms can be English look-alikes ("lawr", "afon").
  const written = (text.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? []).map((w) => w.replace(/’/g, "'"));
  // English function words its own spelling shares ("a", "i", "at") count against it, but less than its own.
  const writtenFunction = written.filter((w) => STOPWORDS.has(w)).length;
  if (written.length >= 4)
    for (const [code, marks] of MARKED_LANGUAGES) {
      const own = written.filter((w) => marks.has(w)).length;
      if (own / written.length >= MARKED_SHARE && own >= MARKED_OVER_FUNCTION * writtenFunction)
        return { language: code, nonsense: false, englishShare };
    }
  // Catalan, which the trigrams read as a neighbour ("Vaig somiar que era a la platja…" came out Portuguese): its own
  // words ("vaig", "amb", "molt", "però") are never Spanish, Portuguese, French or Italian ones.
  if (top && ROMANCE_NEIGHBOURS.has(top.lang) && written.length >= 4) {
    const own = written.filter((w) => CATALAN_MARKS.has(w)).length;
    if (own >= CATALAN_MIN && own / written.length >= CATALAN_SHARE)
      return { language: 'ca', nonsense: false, englishShare };
  }
  // A language tinyld does not know, which franc singles out: its own guess would be a wrong neighbour
  // (isiZulu read as German, Yoruba as Vietnamese).
  if (
    letters.length >= WIDE_MIN_WORDS &&
    englishFunction < ENGLISH_FUNCTION_SHARE &&
    englishShare < ENGLISH_SHARE &&
    letters.filter((w) => w.length >= 3 && mashedLooking(w)).length <= WIDE_MAX_MASHED * letters.length
  ) {
    const wider = widerGuess(text, top);
    if (wider) return { language: wider, nonsense: false, englishShare };
  }
  // Spanish or Dutch can share many words with English ("sol", "rosa", "water"), but not its function words.
  if (otherLanguage && top && englishFunction < ENGLISH_FUNCTION_SHARE && letters.length >= 4)
    return { language: top.lang, nonsense: false, englishShare };
  if (
    functionShare !== undefined &&
    letters.length >= WORD_SALAD_MIN &&
    functionShare < WORD_SALAD_FUNCTION_SHARE &&
    englishShare >= ENGLISH_SHARE &&
    !NOTE_LIST.test(text) &&
    !telegraphic(text)
  )
    return { language: 'en', nonsense: true, englishShare };
  if (
    pairs &&
    pairs.pairs >= SALAD_PAIRS_MIN &&
    pairs.seen / pairs.pairs < SALAD_SEEN_SHARE &&
    pairs.functionShare >= SALAD_GRAMMAR_SHARE &&
    englishShare >= ENGLISH_SHARE &&
    !NOTE_LIST.test(text) &&
    !telegraphic(text)
  )
    return { language: 'en', nonsense: true, englishShare };
  if (englishShare >= ENGLISH_SHARE) return { language: 'en', nonsense: false, englishShare };
  if (otherLanguage && top) return { language: top.lang, nonsense: false, englishShare };
  if (englishShare < NONSENSE_SHARE) return { language: 'und', nonsense: true, englishShare };
  return { language: 'en', nonsense: false, englishShare };
}
