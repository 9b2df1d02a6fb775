import { wordList } from '../kb/lexicon';
import { phraseWords, type KnowledgeBase, type MeaningSentence } from '../kb/loader';
import { splitSentences } from '../kb/sentences';
import { gerund, plural } from '../nlp/inflect';

export { splitSentences };

/**
 * What the knowledge base lets a reading say about the symbols found in its dream. Each meaning
 * sentence declares the other symbols it presents as part of the dream (kb "asserts"); a sentence
 * is left out only when one of those was not found. Words that merely happen to name a symbol
 * ("self-possessed", "to face", "find") no longer cost a sentence.
 */
export class KnowledgeGuard {
  constructor(
    private readonly kb: KnowledgeBase,
    private readonly found: ReadonlySet<string>,
  ) {}

  usable(sentence: MeaningSentence): boolean {
    return sentence.asserts.every((name) => this.found.has(name));
  }

  /** The sentences of a symbol's meaning this reading may use, in the entry's order. */
  meaning(name: string): string[] {
    return (this.kb.meanings.get(name) ?? []).filter((s) => this.usable(s)).map((s) => s.text);
  }
}

/**
 * Words the reading needs for its own advice, whatever the dream holds: the lucid-dreaming
 * suggestion talks about becoming "lucid" without claiming the dream was a lucid dream.
 */
const COMPOSER_VOCABULARY = wordList('composer-vocabulary');

/** "waking life" and its kin talk about being awake, not about the act of waking inside a dream. */
const WAKING_IDIOM = /\bwaking (life|lives|hours|world|day|days|self|mind|reality)\b/g;

/**
 * A word-level check for free text that no knowledge-base reference describes: a model's answer
 * (providers/openai.ts) may name only symbols found in its dream. Every sentence is checked against
 * the names and synonyms of the symbols that were not detected, as written, in the plural, and for
 * actions also as "-ing" forms ("flying"). The local composer uses KnowledgeGuard instead.
 */
export class SymbolGuard {
  private readonly single = new Map<string, string>();
  private readonly multi: Array<{ words: string[]; symbol: string }> = [];

  constructor(
    kb: KnowledgeBase,
    private readonly allowed: Set<string>,
  ) {
    for (const symbol of kb.symbols) {
      if (allowed.has(symbol.name)) continue;
      for (const term of [symbol.name, ...symbol.synonyms]) {
        if (COMPOSER_VOCABULARY.has(term)) continue;
        const words = phraseWords(term);
        if (words.length === 1 && words[0]) {
          const w = words[0];
          const forms = [w, plural(w), `${w}s`];
          if (symbol.category === 'Actions') forms.push(gerund(w));
          for (const f of forms) this.single.set(f, symbol.name);
        } else if (words.length > 1) {
          this.multi.push({ words, symbol: symbol.name });
          this.multi.push({ words: plural(words.join(' ')).split(' '), symbol: symbol.name });
        }
      }
    }
  }

  /** The undetected symbol a text names, or null when it names none. */
  violation(text: string): string | null {
    const words =
      text
        .toLowerCase()
        .replace(WAKING_IDIOM, '')
        .match(/[a-z][a-z'-]*/g) ?? [];
    const clean = words.map((w) => w.replace(/'s$/, ''));
    for (const w of clean) {
      const hit =
        this.single.get(w) ??
        (w.includes('-')
          ? w
              .split('-')
              .map((p) => this.single.get(p))
              .find(Boolean)
          : undefined);
      if (hit) return hit;
    }
    for (const { words: phrase, symbol } of this.multi) {
      for (let i = 0; i + phrase.length <= clean.length; i += 1) {
        if (phrase.every((w, k) => clean[i + k] === w)) return symbol;
      }
    }
    return null;
  }

  ok(text: string): boolean {
    return this.violation(text) === null;
  }

  /**
   * Knowledge-base writers use some symbol names as everyday verbs ("feelings it may mirror", "a
   * truth you have not faced"). Where that symbol is not in the dream, the verb is swapped for a
   * plain one, so the sentence keeps its sense without naming a symbol.
   */
  soften(text: string): string {
    let out = text;
    if (!this.allowed.has('mirror')) {
      out = out.replace(
        /\b(may|can|might|could|often|usually|also|will|would|to|that|which|it|they|this|simply|still|just|sometimes|directly|closely|tend to|tends to) mirror(s|ed|ing)?\b/gi,
        (_m, lead: string, suffix: string | undefined) => `${lead} reflect${suffix ?? ''}`,
      );
    }
    if (!this.allowed.has('face')) {
      out = out.replace(
        /\b(to|not|you|we|they|must|can|cannot|could|should|avoid|avoiding|fully|finally|yet|never|and) fac(e|ed|es|ing)\b/gi,
        (_m, lead: string, suffix: string) =>
          `${lead} confront${suffix === 'e' ? '' : suffix === 'es' ? 's' : suffix === 'ing' ? 'ing' : 'ed'}`,
      );
    }
    return out;
  }

  /** Sentences of a text that name no undetected symbol (after softening verb uses). */
  sentences(text: string): string[] {
    return splitSentences(this.soften(text)).filter((s) => this.ok(s));
  }
}
