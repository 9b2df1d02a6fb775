import type { ItemSentence, ItemToken, ItsFunction, WinkMethods } from 'wink-nlp';
import { baseForms } from '../nlp/morphology';
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
  isWord: boolean;
}

export interface Sentence {
  index: number;
  text: string;
  /** Token index range [start, end). */
  start: number;
  end: number;
}

export interface DreamDocument {
  tokens: Token[];
  sentences: Sentence[];
}

const WORDLIKE = /^[\p{L}][\p{L}'-]*$/u;

/** Tokenises, tags and lemmatises a text and marks negated tokens, sentence by sentence. */
export function readDocument(nlp: WinkMethods, text: string, sentenceOffset = 0): DreamDocument {
  const its = nlp.its;
  // wink's declaration of its.lemma (which takes the model's addons) does not match its own ItsFunction type.
  const lemmaOf = its.lemma as unknown as ItsFunction<string>;
  const tokens: Token[] = [];
  const sentences: Sentence[] = [];
  if (!text.trim()) return { tokens, sentences };
  const doc = nlp.readDoc(text);
  doc.sentences().each((s: ItemSentence) => {
    const sentenceIndex = sentenceOffset + sentences.length;
    const start = tokens.length;
    const raw: Array<{ text: string; normal: string; lemma: string; pos: string; type: string }> = [];
    s.tokens().each((t: ItemToken) => {
      raw.push({ text: t.out(), normal: t.out(its.normal), lemma: t.out(lemmaOf), pos: t.out(its.pos), type: t.out(its.type) });
    });
    const partial = raw.map((r) => {
      const normal = r.normal.toLowerCase();
      const lemma = r.lemma.toLowerCase();
      const isWord = r.type === 'word' && WORDLIKE.test(normal);
      const forms = isWord ? [...new Set([lemma, ...baseForms(normal)])] : [normal];
      return { ...r, normal, lemma, forms, isWord };
    });
    const negated = negationScope(partial);
    partial.forEach((p, k) => {
      tokens.push({
        index: tokens.length,
        sentence: sentenceIndex,
        text: p.text,
        normal: p.normal,
        lemma: p.lemma,
        pos: p.pos,
        forms: p.forms,
        negated: negated[k] ?? false,
        isWord: p.isWord,
      });
    });
    sentences.push({ index: sentenceIndex, text: s.out(), start, end: tokens.length });
  });
  return { tokens, sentences };
}
