/**
 * Proposes the explicit symbol references of the knowledge base's meaning texts (kb/symbols/*.json
 * "asserts"; motif texts need none: they are read only when the motif's own images were found): for each meaning sentence, the other symbols it presents as part of the
 * dream scene. A sentence declares a reference when it names another concrete symbol as a noun
 * (actions also as a verb or gerund) outside an idiom; verbs of other categories ("may mirror"),
 * halves of hyphenated words ("self-possessed"), feelings and the symbol's own terms are not
 * references. Prints what it proposes so a person can check it; with --write it rewrites the files.
 *
 *   npx tsx scripts/annotate-kb-references.ts [--write]
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_KB_DIR } from '../server/src/engine/kb/files';
import { loadKnowledgeBase, phraseWords } from '../server/src/engine/kb/loader';
import { splitSentences } from '../server/src/engine/compose/guard';
import { gerund, plural } from '../server/src/engine/nlp/inflect';
import { loadWink } from '../server/src/engine/nlp/wink';
import { categoriesWith } from '../server/src/engine/kb/lexicon';

const write = process.argv.includes('--write');
const kb = await loadKnowledgeBase();
const { nlp } = await loadWink();
const its = nlp.its;
const QUALITIES = categoriesWith('quality');
/** Feelings and qualities colour a meaning; talking about them asserts no image. */
const ABSTRACT = new Set(['Emotions', ...QUALITIES]);

const single = new Map<string, string>();
const multi: Array<{ words: string[]; symbol: string }> = [];
for (const symbol of kb.symbols) {
  if (ABSTRACT.has(symbol.category)) continue;
  for (const term of [symbol.name, ...symbol.synonyms]) {
    const words = phraseWords(term);
    if (words.length === 1 && words[0]) {
      const w = words[0];
      for (const f of [w, plural(w), `${w}s`]) single.set(f, symbol.name);
      if (symbol.category === 'Actions') single.set(gerund(w), symbol.name);
    } else if (words.length > 1) multi.push({ words, symbol: symbol.name });
  }
}
/**
 * Actions in meaning text describe what the symbol itself does ("teeth falling out", "you cannot
 * find your room"), and these names are used there in their abstract sense ("creative energy",
 * "boundaries", "a stage of life"): neither presents another image as part of the dream.
 */
const NOT_IMAGES = new Set([
  ...kb.symbols.filter((s) => s.category === 'Actions').map((s) => s.name),
  'energy',
  'border',
  'space',
  'stage',
  'journey',
  'death',
  'message',
  'lucid dream',
]);

/** "waking life", "at face value": fixed phrases that name no image. */
const IDIOMS =
  /\b(waking (life|lives|hours|world|day|days|self|mind|reality)|face value|in the face of|on the surface|at heart|by heart|take heart|on hand|at hand|hand in hand|in hand|first hand|head on|head-on|keep your head|ahead|way forward|the way you|a way|the way|in a way|no way|on the way|way of|way to|ways of|ways to|step back|a step|next step|steps|light of|make light|come to light|to light|in light|shed light|dead end|high ground|common ground|ground you|grounded|on board|back door|open door|door to|doors to|at home|feel at home|home in on|at sea|rock bottom|sea change|fire up|under fire|break the ice|on ice|tip of the iceberg|bridge between|bridge the|bridges between|well of|so well|as well|well-|key to|the key|a key|keys to|center|centre|circle of|full circle|cycle|wall of|walls of|behind a wall|hit a wall|mask|mirror image|in the mirror of)/gi;

/**
 * Proposals a person checked and rejected: the word is figurative here or names the symbol itself
 * ("from the heart", "clear the air", "the calm eye" of a hurricane, "the northern lights" of an
 * aurora). Keyed "symbol#sentence:reference".
 */
const REJECTED = new Set([
  'sing#1:heart',
  'meat#1:heart',
  'storm#2:air',
  'hurricane#1:eye',
  'boss#2:voice',
  'attic#2:head',
  'attic#2:house',
  'eclipse#2:shadow figure',
  'aurora#1:light',
  'sunrise#1:sun',
  'queen#1:mother',
  'playground#2:child',
  'hometown#2:city',
  'journey#2:road',
  'drought#2:rain',
  'tide#1:water',
]);

const DEFINITE = new Set(['your', 'the', 'that', 'this', 'these', 'those', 'my', 'our']);

function references(sentence: string, own: string, first: boolean): string[] {
  // An entry's first sentence defines the symbol ("A whale rises from the deepest water").
  if (first) return [];
  const cleaned = sentence.replace(IDIOMS, ' ');
  const doc = nlp.readDoc(cleaned);
  const tokens: Array<{ normal: string; pos: string; hyphen: boolean }> = [];
  const raw = doc.tokens().out(its.normal) as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  raw.forEach((normal, i) => {
    const prev = raw[i - 1];
    const next = raw[i + 1];
    tokens.push({ normal, pos: pos[i] ?? 'X', hyphen: prev === '-' || next === '-' });
  });
  const out = new Set<string>();
  tokens.forEach((t, i) => {
    const hit = single.get(t.normal.replace(/'s$/, ''));
    if (!hit || hit === own || t.hyphen) return;
    if (NOT_IMAGES.has(hit) || !['NOUN', 'PROPN'].includes(t.pos)) return;
    // Only a definite or possessive reference presents the image as part of this dream ("your
    // hands", "the water", "that wall of water"); "a stone", "lilies or fish" describe a variant
    // scene the reader may or may not have had, and "its skin" is part of the symbol itself.
    let k = i - 1;
    while (k >= 0 && ['ADJ', 'NOUN', 'NUM', 'CCONJ', 'PUNCT', 'ADV'].includes(tokens[k]?.pos ?? '') && i - k < 4)
      k -= 1;
    if (!DEFINITE.has(tokens[k]?.normal ?? '')) return;
    out.add(hit);
  });
  const words = tokens.map((t) => t.normal);
  for (const { words: phrase, symbol } of multi)
    if (symbol !== own && !NOT_IMAGES.has(symbol))
      for (let i = 0; i + phrase.length <= words.length; i += 1)
        if (phrase.every((w, k) => words[i + k] === w)) out.add(symbol);
  return [...out].sort();
}

function indexMap(lists: string[][]): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  lists.forEach((l, i) => {
    if (l.length) out[String(i)] = l;
  });
  return Object.keys(out).length ? out : undefined;
}

let sentences = 0;
let referencing = 0;
const dir = path.join(DEFAULT_KB_DIR, 'symbols');
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const full = path.join(dir, file);
  const entries = JSON.parse(readFileSync(full, 'utf8')) as Array<Record<string, unknown>>;
  for (const entry of entries) {
    const name = String(entry.name);
    const parts = splitSentences(String(entry.meaning));
    const refs = parts.map((s, i) => references(s, name, i === 0).filter((r) => !REJECTED.has(`${name}#${i}:${r}`)));
    sentences += parts.length;
    refs.forEach((r, i) => {
      if (!r.length) return;
      referencing += 1;
      console.log(`${file} ${name} [${i}] → ${r.join(', ')}: ${parts[i]}`);
    });
    const asserts = indexMap(refs);
    if (asserts) entry.asserts = asserts;
    else delete entry.asserts;
  }
  if (write) writeFileSync(full, `${JSON.stringify(entries, null, 2)}\n`);
}
console.log(
  `${referencing} of ${sentences} symbol meaning sentences declare references (${((100 * (sentences - referencing)) / sentences).toFixed(1)} % usable alone)`,
);
