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
  // Glosses end with quoted examples; the definition comes first, and its first clause is enough.
  const definition = gloss.split(/;\s*"/)[0] ?? gloss;
  return (definition.split(';')[0] ?? definition).replace(/\s+/g, ' ').trim();
}

function isProperNameOnly(senses: Synset[]): boolean {
  return (
    senses.length > 0 && senses.every((s) => s.lexName === 'noun.person' && s.pointers.some((p) => p.symbol === '@i'))
  );
}

/** Noun files of things a dream can show; a dictionary entry prefers such a sense ("thimble" the cap, not the measure). */
const IMAGE_SENSES = new Set([
  'noun.animal',
  'noun.plant',
  'noun.object',
  'noun.body',
  'noun.food',
  'noun.person',
  'noun.artifact',
  'noun.location',
  'noun.phenomenon',
  'noun.substance',
  'noun.group',
]);

/** Where a gloss's description of its head noun starts ("bag | filled with gas", "rodents | with sharp bristles"). */
const QUALIFIER =
  /\s(with|that|which|who|whose|used|for|filled|made|consisting|worn|in|to|of|from|where|having|containing|carried|kept|found|shaped|covered|designed|resembling|produced)\s/i;

/**
 * The definition in the product's own sentence: the word, the kind of thing it is (its nearest
 * WordNet hypernym), and what sets it apart (the gloss's qualifying clause), never the gloss as it
 * stands ("A balloon is large tough nonrigid bag…" becomes "A balloon is a kind of lighter-than-air
 * craft, filled with gas or heated air.").
 */
export function definitionSentence(
  display: string,
  gloss: string,
  kind: string | null,
  options: { instance: boolean; person: boolean },
): string {
  const definition = trimGloss(gloss);
  const at = QUALIFIER.exec(definition);
  let qualifier = at ? definition.slice(at.index + 1) : '';
  qualifier = qualifier
    .replace(/^(that|which) (is|are) /i, '')
    .replace(/^(that|which) /i, 'that ')
    .replace(/^to /i, 'used to ')
    .replace(/[.;:,\s]+$/, '');
  // A named place or person is defined by what it is ("Paris is the capital and largest city of France").
  if (options.instance && /^(the|a|an) /i.test(definition)) return `${display} is ${definition}.`;
  const subject = options.instance ? display : `${article(display).replace(/^a/, 'A')} ${display}`;
  if (options.person && /^who /i.test(qualifier)) return `${subject} is someone ${qualifier}.`;
  const what = kind ? `a kind of ${kind}` : 'something';
  return qualifier ? `${subject} is ${what}, ${qualifier}.` : `${subject} is ${what}.`;
}

/** Associations to offer when WordNet has few: questions that fit the kind of thing it is. */
function fillersFor(lexName: string): string[] {
  if (lexName === 'noun.person' || lexName === 'noun.group')
    return ['who they remind you of', 'how they treated you', 'personal memories', 'how it made you feel'];
  if (lexName === 'noun.animal') return ['how it behaved', 'instinct', 'personal memories', 'how it made you feel'];
  if (lexName === 'noun.location') return ['when you were last there', 'personal memories', 'how it made you feel'];
  if (lexName === 'noun.artifact' || lexName === 'noun.object')
    return ['what it is used for', 'personal memories', 'everyday life', 'how it made you feel'];
  return ['personal memories', 'everyday life', 'how it made you feel', 'your own associations'];
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
      const senses = await Promise.all(entry.offsets.slice(0, 6).map((o) => wordnet.synset(o, pos)));
      if (pos === 'noun' && isProperNameOnly(senses.slice(0, 4))) return null;
      const sense = (pos === 'noun' ? senses.find((s) => IMAGE_SENSES.has(s.lexName)) : undefined) ?? senses[0];
      if (!sense) continue;
      const instance = pos === 'noun' && sense.pointers.some((p) => p.symbol === '@i');
      // A named place keeps the capitals it was typed with ("Paris").
      const display = instance && lemma === text ? input.trim() : lemma;
      let category: string;
      let related: KbSymbol | undefined;
      const hypernyms: string[] = [];
      if (pos === 'noun') {
        const chain = await kbWordNet.chainFrom(sense.offset);
        for (const s of chain.slice(1)) {
          related ??= kbWordNet.symbolForSynset(s.offset);
          if (hypernyms.length < 2 && s.lexName !== 'noun.Tops') hypernyms.push(s.words[0] ?? '');
        }
        // The category is checked against the sense: a related symbol's category counts only when
        // that category holds senses of this kind ("thimble", an artifact, is never filed under Numbers).
        const own = KbWordNet.categoryForLexName(sense.lexName);
        const fits = related && lexicon.categories.get(related.category)?.wordnetSenses.includes(sense.lexName);
        category = fits && related ? related.category : own;
        if (!fits) related = undefined;
      } else {
        category = pos === 'verb' ? 'Actions' : 'Emotions';
      }
      const gloss = trimGloss(sense.gloss);
      const synonyms = sense.words.filter((w) => w !== lemma && !w.includes(lemma)).slice(0, 2);
      const parts = [
        pos === 'noun'
          ? definitionSentence(display, sense.gloss, hypernyms[0] ?? null, {
              instance,
              person: sense.lexName === 'noun.person',
            })
          : pos === 'verb'
            ? `To ${display} means to ${gloss.replace(/^to /i, '')}.`
            : `To call something “${display}” is to describe it as ${gloss.replace(/^(being|having been) /i, '')}.`,
        related && related.name !== lemma
          ? `In dream terms it sits close to the ${related.name}: ${related.meaning.split(/(?<=[.!?])\s/)[0] ?? ''}`
          : null,
        lexicon.categories.get(category)?.guidance ?? null,
        pos === 'noun'
          ? `Your own associations with ${instance ? display : `${article(display)} ${display}`} matter most: ${instance ? 'what you know of it, whether you have been there' : sense.lexName === 'noun.person' ? 'who it brings to mind' : 'where you last met one'}, and how it felt.`
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
      const fillers = fillersFor(pos === 'noun' ? sense.lexName : '');
      for (const f of fillers) if (associations.length < 4 && !associations.includes(f)) associations.push(f);
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
