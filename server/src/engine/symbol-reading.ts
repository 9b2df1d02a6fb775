import { phraseWords, type KbSymbol, type KnowledgeBase } from './kb/loader';
import { lexicon } from './kb/lexicon';
import { KbWordNet } from './nlp/kb-wordnet';
import { baseForms } from './nlp/morphology';
import type { Synset, WordNet, WordNetPos } from './nlp/wordnet';
import type { SymbolReading } from './types';

/**
 * Reading of a single word typed into the symbol dictionary: the knowledge base first, then
 * WordNet, and otherwise an honest reading that says the word is the dreamer's own.
 */

const MAX_MEANING = 900;

function kbReading(symbol: KbSymbol): SymbolReading {
  return {
    symbol: symbol.name,
    category: symbol.category,
    meaning: symbol.meaning,
    associations: [...symbol.associations],
    source: 'knowledge-base',
    shareable: true,
  };
}

export function lookupKnowledgeBase(kb: KnowledgeBase, input: string): KbSymbol | null {
  const text = input
    .toLowerCase()
    .replace(/[^a-z0-9' -]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  const direct = kb.byName.get(text);
  if (direct) return direct;
  const words = phraseWords(text);
  if (words.length > 1) {
    for (const ref of kb.phrases.get(words[0] ?? '') ?? [])
      if (ref.words.join(' ') === words.join(' ')) return ref.symbol;
  }
  // The head of a noun phrase is usually its last word ("my grandmother", "falling teeth").
  for (const word of [...words].reverse()) {
    for (const form of [word, ...baseForms(word)]) {
      const ref = kb.words.get(form);
      if (ref) return ref.symbol;
    }
  }
  return null;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) && !/^(uni|use|eu|one)/i.test(word) ? 'an' : 'a';
}

function trimGloss(gloss: string): string {
  // Glosses end with quoted examples; the definition comes first.
  const definition = gloss.split(/;\s*"/)[0] ?? gloss;
  return definition.replace(/\s+/g, ' ').trim();
}

function isProperNameOnly(senses: Synset[]): boolean {
  return (
    senses.length > 0 && senses.every((s) => s.lexName === 'noun.person' && s.pointers.some((p) => p.symbol === '@i'))
  );
}

async function wordnetReading(kbWordNet: KbWordNet, wordnet: WordNet, input: string): Promise<SymbolReading | null> {
  const text = input.toLowerCase().replace(/\s+/g, ' ').trim();
  const candidates = [
    text,
    ...phraseWords(text)
      .slice(-1)
      .flatMap((w) => [w, ...baseForms(w)]),
  ];
  for (const pos of ['noun', 'adj', 'verb'] as WordNetPos[]) {
    for (const lemma of candidates) {
      const entry = wordnet.lookup(lemma, pos);
      const first = entry?.offsets[0];
      if (!entry || first === undefined) continue;
      const senses = await Promise.all(entry.offsets.slice(0, 4).map((o) => wordnet.synset(o, pos)));
      if (pos === 'noun' && isProperNameOnly(senses)) return null;
      const sense = senses[0];
      if (!sense) continue;
      const instance = pos === 'noun' && sense.pointers.some((p) => p.symbol === '@i');
      // A named place keeps the capitals it was typed with ("Paris").
      const display = instance && lemma === text ? input.trim() : lemma;
      let category: string;
      let related: KbSymbol | undefined;
      const hypernyms: string[] = [];
      if (pos === 'noun') {
        const chain = await kbWordNet.chain(lemma);
        for (const s of chain.slice(1)) {
          related ??= kbWordNet.symbolForSynset(s.offset);
          if (hypernyms.length < 2 && s.lexName !== 'noun.Tops') hypernyms.push(s.words[0] ?? '');
        }
        category = related?.category ?? KbWordNet.categoryForLexName(sense.lexName);
      } else {
        category = pos === 'verb' ? 'Actions' : 'Emotions';
      }
      const gloss = trimGloss(sense.gloss);
      const synonyms = sense.words.filter((w) => w !== lemma && !w.includes(lemma)).slice(0, 2);
      const parts = [
        pos === 'noun'
          ? `${instance ? display : `${article(display).replace(/^a/, 'A')} ${display}`} is ${gloss.replace(/^(a|an|the) /i, (m) => m.toLowerCase())}.`
          : `To dream of “${display}” brings in its plain sense: ${gloss}.`,
        related && related.name !== lemma
          ? `In dream terms it sits close to the ${related.name}: ${related.meaning.split(/(?<=[.!?])\s/)[0] ?? ''}`
          : null,
        lexicon.categories.get(category)?.guidance ?? null,
        pos === 'noun'
          ? `Your own associations with ${instance ? display : `${article(display)} ${display}`} matter most: ${instance ? 'what you know of it, whether you have been there' : 'where you last met one'}, and how it felt.`
          : pos === 'verb'
            ? `Your own associations with “${display}” matter most: when you last did it or saw it done, and how it felt.`
            : `Your own associations with “${display}” matter most: who or what it describes for you, and how that feels.`,
      ].filter((p): p is string => Boolean(p));
      let meaning = parts.join(' ');
      if (meaning.length > MAX_MEANING) meaning = `${meaning.slice(0, MAX_MEANING - 1).replace(/\s+\S*$/, '')}…`;
      const associations = [
        ...new Set([
          ...synonyms,
          ...hypernyms,
          ...(related ? [related.name, ...related.associations.slice(0, 2)] : []),
        ]),
      ]
        .map((a) => a.trim())
        .filter((a) => a.length >= 2 && a.length <= 60 && a !== lemma);
      const fillers = ['personal memories', 'everyday life', 'what it is used for', 'how it made you feel'];
      while (associations.length < 4) associations.push(fillers[associations.length] ?? 'your own associations');
      return {
        symbol: display,
        category,
        meaning,
        associations: associations.slice(0, 8),
        source: 'wordnet',
        shareable: true,
      };
    }
  }
  return null;
}

function personalReading(input: string): SymbolReading {
  const word = input.trim();
  return {
    symbol: word,
    category: 'Personal',
    meaning:
      `“${word}” is not a word the dictionary recognises, so it is most likely personal to you: a name, a private word, or something your dreams have made their own. ` +
      'Its meaning lives in your associations rather than in any general symbolism. ' +
      'Try writing down everything it brings to mind, who or what it reminds you of, and when it has appeared before; patterns across your dreams will tell you more than any dictionary could.',
    associations: ['personal meaning', 'memories', 'people and places you know', 'your own dream language'],
    source: 'personal',
    shareable: false,
  };
}

export async function readSymbol(
  kb: KnowledgeBase,
  kbWordNet: KbWordNet,
  wordnet: WordNet,
  input: string,
): Promise<SymbolReading> {
  const hit = lookupKnowledgeBase(kb, input);
  if (hit) return kbReading(hit);
  // WordNet knows some given names only as historical people ("Sarah"); those read as personal.
  const reading = await wordnetReading(kbWordNet, wordnet, input);
  if (reading) return reading;
  return personalReading(input);
}
