import { LANGUAGE_TABLE } from '../nlp/language';
import type { DreamAnalysis } from '../types';

/**
 * The honest answer for a dream the offline engine cannot read: written in another language, or
 * not language at all (keyboard mashing, placeholder text). Reading its words as English images
 * would invent a meaning, so the reading says so instead. Kept apart from the composer on purpose.
 */

const LANGUAGE_NAMES: Record<string, string> = {
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  sv: 'Swedish',
  da: 'Danish',
  no: 'Norwegian',
  fi: 'Finnish',
  pl: 'Polish',
  cs: 'Czech',
  tr: 'Turkish',
  ru: 'Russian',
  uk: 'Ukrainian',
  el: 'Greek',
  ja: 'Japanese',
  zh: 'Chinese',
  ko: 'Korean',
  ar: 'Arabic',
  he: 'Hebrew',
  hi: 'Hindi',
  la: 'Latin',
  ro: 'Romanian',
  hu: 'Hungarian',
  id: 'Indonesian',
  vi: 'Vietnamese',
  th: 'Thai',
  fa: 'Persian',
  bn: 'Bengali',
  ta: 'Tamil',
  ur: 'Urdu',
  ms: 'Malay',
  tl: 'Tagalog',
  ca: 'Catalan',
  hr: 'Croatian',
  sr: 'Serbian',
  bg: 'Bulgarian',
  sk: 'Slovak',
  sl: 'Slovenian',
  lt: 'Lithuanian',
  lv: 'Latvian',
  et: 'Estonian',
  ka: 'Georgian',
  hy: 'Armenian',
  cy: 'Welsh',
  sw: 'Swahili',
  pa: 'Punjabi',
  zu: 'isiZulu',
  xh: 'isiXhosa',
};

/** Every other language by its ISO name ("yo" Yoruba, "ha" Hausa), without its qualifier ("Nepali (macrolanguage)"). */
const ISO_NAMES = new Map<string, string>();
for (const [iso3, iso1, full] of LANGUAGE_TABLE) {
  const name = full.replace(/\s*\(.*\)$/, '');
  if (iso1 && !ISO_NAMES.has(iso1)) ISO_NAMES.set(iso1, name);
  if (!ISO_NAMES.has(iso3)) ISO_NAMES.set(iso3, name);
}

/** The short reading for an unreadable dream, or null when the engine can read it. */
export function unreadableReading(analysis: DreamAnalysis): string | null {
  if (analysis.nonsense)
    return [
      'This entry does not read as a dream yet: it looks like placeholder or random text, so there are no images in it to interpret, and inventing some would not be honest.',
      'Write down what you remember in your own words, even a few fragments, and ask for a reading again.',
    ].join('\n\n');
  const language = analysis.language ?? 'en';
  if (language === 'en') return null;
  const name = LANGUAGE_NAMES[language] ?? ISO_NAMES.get(language);
  return [
    `This dream seems to be written in ${name ?? 'a language other than English'}. The offline reading engine reads English only, so it will not guess at the images here: reading the words as English would invent a meaning that is not yours.`,
    'Your dream is saved exactly as you wrote it. If this server is set up with an AI provider, that reading can follow the dream in its own language; otherwise an English summary of it would get a full offline reading.',
  ].join('\n\n');
}
