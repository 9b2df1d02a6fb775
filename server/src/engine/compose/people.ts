import type { DreamDocument } from '../analysis/document';
import { PEOPLE_CATEGORY } from '../kb/schema';
import type { DetectedSymbol } from '../types';
import { sentenceFragment } from './phrases';

/**
 * People of the dream, referred to as the dream refers to them: "he", "she" or "they". A word that
 * carries its own gender ("grandad", "aunt") decides; otherwise the pronoun the dream uses for them
 * right after naming them; otherwise "they".
 */

export interface Pronoun {
  subject: 'he' | 'she' | 'they' | 'it';
  object: 'him' | 'her' | 'them' | 'it';
  possessive: 'his' | 'her' | 'their' | 'its';
  /** "they" takes plural verbs: "they want", "he wants". */
  plural: boolean;
}

const HE: Pronoun = { subject: 'he', object: 'him', possessive: 'his', plural: false };
const SHE: Pronoun = { subject: 'she', object: 'her', possessive: 'her', plural: false };
const THEY: Pronoun = { subject: 'they', object: 'them', possessive: 'their', plural: true };
const IT: Pronoun = { subject: 'it', object: 'it', possessive: 'its', plural: false };

const FEMALE = new Set(
  'mother mom mum mommy mummy mama grandmother grandma granny gran nan nana sister aunt auntie daughter wife girlfriend queen woman girl lady bride niece princess actress goddess stepmother widow nun'.split(
    ' ',
  ),
);
const MALE = new Set(
  'father dad daddy papa grandfather grandpa grandad granddad gramps brother uncle son husband boyfriend king man boy gentleman groom nephew prince actor god stepfather widower monk priest'.split(
    ' ',
  ),
);

export function isPerson(symbol: DetectedSymbol): boolean {
  return symbol.category === PEOPLE_CATEGORY;
}

export function pronounOf(doc: DreamDocument, symbol: DetectedSymbol): Pronoun {
  if (symbol.plural) return THEY;
  // The analysis's own reading of the person, when it made one.
  if (symbol.pronoun) return { he: HE, she: SHE, they: THEY }[symbol.pronoun];
  const words = symbol.surface.toLowerCase().split(/\s+/);
  const word = words.at(-1) ?? '';
  if (FEMALE.has(word) || FEMALE.has(symbol.name)) return SHE;
  if (MALE.has(word) || MALE.has(symbol.name)) return HE;
  const first = symbol.sentences[0];
  if (first === undefined) return THEY;
  // The first he/she after the person is named, in that sentence or the next.
  const sentence = doc.sentences[first];
  const next = doc.sentences[first + 1];
  if (!sentence) return THEY;
  const tokens = doc.tokens.slice(sentence.start, next ? next.end : sentence.end);
  const at = tokens.findIndex((t) => words.includes(t.normal) || t.forms.includes(symbol.name));
  for (const t of tokens.slice(Math.max(0, at + 1))) {
    if (['he', 'him', 'his', 'himself'].includes(t.normal)) return HE;
    if (['she', 'her', 'hers', 'herself'].includes(t.normal)) return SHE;
  }
  return THEY;
}

/**
 * How the reading refers back to any symbol of the dream: a person as the dream does ("ask what she
 * wants"), a thing as "it" or, for a plural mention, "they".
 */
export function referenceOf(doc: DreamDocument, symbol: DetectedSymbol): Pronoun {
  if (isPerson(symbol)) return pronounOf(doc, symbol);
  return symbol.plural ? THEY : IT;
}

/** "he wants" / "they want". */
export function verbFor(pronoun: Pronoun, singular: string, pluralForm: string): string {
  return pronoun.plural ? pluralForm : singular;
}

const SPEECH =
  /\b(said|says|told|tells|asked|asks|whispered|whispers|shouted|shouts|called|calls|warned|warns|promised|promises)\b/i;

/**
 * What a person of the dream said, in the dream's words: quoted speech in one of their sentences,
 * or the sentence where they speak; null when they did not speak.
 */
export function spokenWords(doc: DreamDocument, symbol: DetectedSymbol): string | null {
  const pronoun = pronounOf(doc, symbol);
  // Their own sentences, and a next sentence that goes on about them ("He told me …").
  const follows = symbol.sentences
    .map((i) => i + 1)
    .filter((i) => {
      const next = doc.sentences[i];
      const opening = next ? doc.tokens[next.start]?.normal : undefined;
      return opening === pronoun.subject;
    });
  for (const index of [...new Set([...symbol.sentences, ...follows])].sort((a, b) => a - b)) {
    const sentence = doc.sentences[index];
    if (!sentence) continue;
    const quoted =
      /["“]([^"”]{3,160})["”]/.exec(sentence.text)?.[1] ??
      /(?:^|[\s,:])['‘](.{3,160}?)\s?['’](?=[\s.,!?;:]|$)/.exec(sentence.text)?.[1];
    if (quoted) return quoted.trim().replace(/[.!?,]+$/, '');
    const speech = SPEECH.exec(sentence.text);
    if (speech) {
      // "He said you are doing fine": the words after the verb, not the whole sentence.
      const words = sentence.text
        .slice(speech.index + speech[0].length)
        .replace(/^\s*(?:(?:to me|me|us|him|her|them|that)\b\s*)*[,:]?\s*/i, '')
        .split(/\s+/)
        .filter(Boolean);
      if (words.length >= 3) {
        let taken = words.slice(0, 20).join(' ');
        if (words.length > 20) taken = taken.slice(0, Math.max(taken.lastIndexOf(','), 0)) || taken;
        return taken.replace(/[.!?,;:'"’”]+$/, '');
      }
      return sentenceFragment(doc, index, 16);
    }
  }
  return null;
}
