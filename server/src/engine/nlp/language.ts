import { detectAll } from 'tinyld';
import { STOPWORDS } from './text';
import { wordList } from '../kb/lexicon';

/**
 * Whether a text is English the engine can read, another language, or not language at all
 * (keyboard mashing, placeholder text). Two signals: the share of its words an English dictionary
 * knows, and tinyld's character-trigram guess. Short English with typos and names still has most
 * of its words known; French or German has few; gibberish has few and unpronounceable ones.
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

/** Languages the trigram detector does not know, each by words of its own that are no English ones. */
const MARKED_LANGUAGES: Array<[string, ReadonlySet<string>]> = [
  ['cy', wordList('welsh-marks')],
  ['sw', wordList('swahili-marks')],
];
/** Share of a telling's words that must be a marked language's own for it to be that language. */
const MARKED_SHARE = 0.25;

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
): LanguageReading {
  // Another script (Devanagari, Cyrillic, Chinese, Arabic…): not English, whatever the tokenizer made of it.
  const latinLetters = (text.match(/\p{Script=Latin}/gu) ?? []).length;
  const otherLetters = (text.match(/\p{L}/gu) ?? []).length - latinLetters;
  if (otherLetters > latinLetters) {
    const top = detectAll(text)[0];
    return { language: top && top.lang !== 'en' ? top.lang : 'und', nonsense: false, englishShare: 0 };
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
  // Read without its accents: "mơ", "thấy" are Vietnamese and say-able, "ñlkj" is still mashing.
  const mashed = unknown.filter((w) => unpronounceable(w.normalize('NFD').replace(/\p{M}/gu, ''))).length;
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
  if (letters.length >= 4 && englishFunction < ENGLISH_FUNCTION_SHARE)
    for (const [code, marks] of MARKED_LANGUAGES)
      if (letters.filter((w) => marks.has(w)).length / letters.length >= MARKED_SHARE)
        return { language: code, nonsense: false, englishShare };
  // Spanish or Dutch can share many words with English ("sol", "rosa", "water"), but not its function words.
  if (otherLanguage && top && englishFunction < ENGLISH_FUNCTION_SHARE && letters.length >= 4)
    return { language: top.lang, nonsense: false, englishShare };
  if (
    functionShare !== undefined &&
    letters.length >= WORD_SALAD_MIN &&
    functionShare < WORD_SALAD_FUNCTION_SHARE &&
    englishShare >= ENGLISH_SHARE
  )
    return { language: 'en', nonsense: true, englishShare };
  if (englishShare >= ENGLISH_SHARE) return { language: 'en', nonsense: false, englishShare };
  if (otherLanguage && top) return { language: top.lang, nonsense: false, englishShare };
  if (englishShare < NONSENSE_SHARE) return { language: 'und', nonsense: true, englishShare };
  return { language: 'en', nonsense: false, englishShare };
}
