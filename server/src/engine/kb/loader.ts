import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { SliceTimer, yieldToLoop } from '../util/cooperative';
import { ENGINE_VERSION } from '../version';
import { DEFAULT_KB_DIR, KnowledgeBaseError, describeIssues, parseJson, reason } from './files';
import { lexicon, wordList } from './lexicon';
import { gerund, plural } from '../nlp/inflect';
import { decodePairs, VOCABULARY_LIMIT, type WordPairs } from '../nlp/word-pairs';
import { splitSentences } from './sentences';
import {
  KB_CATEGORIES,
  motifEntrySchema,
  motifModelFileSchema,
  symbolAcceptanceFileSchema,
  wordPairsFileSchema,
  symbolEntrySchema,
  type MotifEntry,
  type MotifModel,
  type SymbolAcceptance,
  type SymbolEntry,
} from './schema';

export { DEFAULT_KB_DIR, KnowledgeBaseError };

const PHRASE_FILLERS = wordList('phrase-fillers');

export interface KbSymbol extends SymbolEntry {
  /** The file the entry came from, relative to the knowledge-base directory. */
  file: string;
}

export type TermVia = 'name' | 'synonym' | 'phrase';

export interface TermRef {
  symbol: KbSymbol;
  term: string;
  via: TermVia;
}

export interface PhraseRef extends TermRef {
  /** The phrase's words without fillers. */
  words: string[];
}

/** One sentence of a symbol's meaning, with the other symbols it presents as part of the dream. */
export interface MeaningSentence {
  text: string;
  asserts: string[];
}

export interface KnowledgeBase {
  symbols: KbSymbol[];
  /** Each symbol's meaning, sentence by sentence, with its declared references (see schema "asserts"). */
  meanings: Map<string, MeaningSentence[]>;
  byName: Map<string, KbSymbol>;
  /** Single-word names and synonyms. */
  words: Map<string, TermRef>;
  /** Multi-word names, synonyms and phrases, by their first (non-filler) word, longest first. */
  phrases: Map<string, PhraseRef[]>;
  motifs: MotifEntry[];
  /** The learnt motif model (kb/motif-model.json), when the knowledge base has one. */
  motifModel?: MotifModel;
  /** The learnt last look at found symbols (kb/symbol-acceptance.json), when the knowledge base has one. */
  symbolAcceptance?: SymbolAcceptance;
  /** Which words the training narratives put side by side (kb/word-pairs.json), when the knowledge base has it. */
  wordPairs?: WordPairs;
  /**
   * Hash of the engine's code version and of every knowledge-base file it read, lexicon included:
   * the key of stored analyses, so an edited knowledge base re-reads dreams.
   */
  fingerprint: string;
}

export function phraseWords(term: string): string[] {
  return term.split(/\s+/).filter((w) => w && !PHRASE_FILLERS.has(w));
}

function entryLabel(raw: unknown, index: number): string {
  const name =
    typeof raw === 'object' && raw !== null
      ? ((raw as { name?: unknown; id?: unknown }).name ?? (raw as { id?: unknown }).id)
      : undefined;
  return typeof name === 'string' ? `entry ${index} ("${name}")` : `entry ${index}`;
}

async function readText(file: string, label: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    throw new KnowledgeBaseError(`knowledge base: cannot read ${label}: ${reason(err)}`);
  }
}

async function parseArray<T>(raw: unknown, schema: z.ZodType<T>, label: string): Promise<T[]> {
  if (!Array.isArray(raw)) throw new KnowledgeBaseError(`knowledge base: ${label} must hold a JSON array`);
  const out: T[] = [];
  const timer = new SliceTimer(8);
  for (const [index, item] of (raw as unknown[]).entries()) {
    await timer.maybeYield();
    const parsed = schema.safeParse(item);
    if (!parsed.success)
      throw new KnowledgeBaseError(
        `knowledge base: ${label} ${entryLabel(item, index)} is invalid: ${describeIssues(parsed.error)}`,
      );
    out.push(parsed.data);
  }
  return out;
}

/** The fingerprint of a knowledge base: its files (name and content) and the engine's code version. */
export function fingerprintOf(files: ReadonlyArray<{ file: string; text: string }>, version = ENGINE_VERSION): string {
  const hash = createHash('sha256').update(version);
  for (const { file, text } of files) hash.update(`\0${file}\0${text.length}\0`).update(text);
  return hash.digest('hex').slice(0, 32);
}

/** Whether a sentence names a symbol (its name or a synonym, also plural, or as an "-ing" form). */
function sentenceNames(sentence: string, symbol: KbSymbol): boolean {
  const text = ` ${sentence
    .toLowerCase()
    .replace(/[^a-z' -]+/g, ' ')
    .replace(/\s+/g, ' ')} `;
  return [symbol.name, ...symbol.synonyms, ...symbol.phrases].some((term) =>
    [term, plural(term), `${term}s`, gerund(term)].some((form) => text.includes(` ${form} `)),
  );
}

/**
 * A symbol's meaning split into sentences, each with its declared references. A reference must
 * point to another known symbol that the sentence really names, at an index the meaning has:
 * an edited meaning with stale references fails at load.
 */
function meaningSentences(symbol: KbSymbol, byName: Map<string, KbSymbol>): MeaningSentence[] {
  const sentences = splitSentences(symbol.meaning).map((text) => ({ text, asserts: [] as string[] }));
  const where = `knowledge base: ${symbol.file} "${symbol.name}"`;
  for (const [index, names] of Object.entries(symbol.asserts ?? {})) {
    const sentence = sentences[Number(index)];
    if (!sentence)
      throw new KnowledgeBaseError(
        `${where} asserts symbols for sentence ${index}, but its meaning has ${sentences.length}`,
      );
    for (const name of names) {
      const other = byName.get(name);
      if (!other || name === symbol.name)
        throw new KnowledgeBaseError(`${where} sentence ${index} asserts "${name}", which is not another symbol`);
      if (!sentenceNames(sentence.text, other))
        throw new KnowledgeBaseError(
          `${where} sentence ${index} asserts "${name}" but does not name it: ${sentence.text}`,
        );
      sentence.asserts.push(name);
    }
  }
  return sentences;
}

/** Builds the lookup maps and rejects a term claimed by two entries (the matcher could not tell them apart). */
export async function indexKnowledgeBase(
  symbols: KbSymbol[],
  motifs: MotifEntry[],
  fingerprint = '',
): Promise<KnowledgeBase> {
  const timer = new SliceTimer(8);
  const byName = new Map<string, KbSymbol>();
  const words = new Map<string, TermRef>();
  const phrases = new Map<string, PhraseRef[]>();
  const owner = new Map<string, TermRef>();
  const describe = (ref: TermRef) => `${ref.symbol.file} "${ref.symbol.name}" (${ref.via})`;

  for (const symbol of symbols) {
    if (!(KB_CATEGORIES as readonly string[]).includes(symbol.category)) {
      throw new KnowledgeBaseError(
        `knowledge base: ${symbol.file} "${symbol.name}" has unknown category "${symbol.category}" (expected one of ${KB_CATEGORIES.join(', ')})`,
      );
    }
    const previous = byName.get(symbol.name);
    if (previous)
      throw new KnowledgeBaseError(
        `knowledge base: duplicate symbol name "${symbol.name}" in ${previous.file} and ${symbol.file}`,
      );
    byName.set(symbol.name, symbol);
  }

  for (const symbol of symbols) {
    await timer.maybeYield();
    const terms: Array<[string, TermVia]> = [
      [symbol.name, 'name'],
      ...symbol.synonyms.map((s): [string, TermVia] => [s, 'synonym']),
      ...symbol.phrases.map((p): [string, TermVia] => [p, 'phrase']),
    ];
    const seen = new Set<string>();
    for (const [term, via] of terms) {
      const key = phraseWords(term).join(' ') || term;
      if (seen.has(key)) continue;
      seen.add(key);
      const ref: TermRef = { symbol, term, via };
      const claimed = owner.get(key);
      if (claimed) {
        throw new KnowledgeBaseError(
          `knowledge base: the term "${term}" of ${describe(ref)} is already used by ${describe(claimed)}`,
        );
      }
      owner.set(key, ref);
      const ws = phraseWords(term);
      if (ws.length <= 1) {
        words.set(ws[0] ?? term, ref);
      } else {
        const first = ws[0] ?? '';
        const list = phrases.get(first) ?? [];
        list.push({ ...ref, words: ws });
        phrases.set(first, list);
      }
    }
  }
  for (const list of phrases.values()) list.sort((a, b) => b.words.length - a.words.length);

  const motifIds = new Set<string>();
  for (const motif of motifs) {
    for (const name of motif.implies ?? [])
      if (!byName.has(name))
        throw new KnowledgeBaseError(`knowledge base: motif "${motif.id}" implies "${name}", which is no symbol`);
    for (const name of motif.excludes?.symbols ?? [])
      if (!byName.has(name))
        throw new KnowledgeBaseError(`knowledge base: motif "${motif.id}" excludes "${name}", which is no symbol`);
    if (motifIds.has(motif.id))
      throw new KnowledgeBaseError(`knowledge base: duplicate motif id "${motif.id}" in motifs.json`);
    motifIds.add(motif.id);
  }
  for (const motif of motifs)
    for (const id of motif.excludes?.motifs ?? [])
      if (!motifIds.has(id))
        throw new KnowledgeBaseError(`knowledge base: motif "${motif.id}" excludes "${id}", which is no motif`);
  const meanings = new Map<string, MeaningSentence[]>();
  for (const symbol of symbols) meanings.set(symbol.name, meaningSentences(symbol, byName));
  return { symbols, meanings, byName, words, phrases, motifs, fingerprint };
}

/**
 * Reads kb/symbols/*.json and kb/motifs.json, validates them against the schemas and indexes them.
 * Fails with a message naming the file and entry for anything invalid or ambiguous. The lexicon
 * (kb/lexicon.ts) is read once for the whole engine; its files are part of the fingerprint.
 */
export async function loadKnowledgeBase(dir = DEFAULT_KB_DIR): Promise<KnowledgeBase> {
  const symbolDir = path.join(dir, 'symbols');
  let files: string[];
  try {
    files = (await readdir(symbolDir)).filter((f) => f.endsWith('.json')).sort();
  } catch (err) {
    throw new KnowledgeBaseError(`knowledge base: cannot list ${symbolDir}: ${reason(err)}`);
  }
  if (!files.length) throw new KnowledgeBaseError(`knowledge base: no symbol files in ${symbolDir}`);
  const symbols: KbSymbol[] = [];
  const sources: Array<{ file: string; text: string }> = [];
  for (const file of files) {
    const label = `symbols/${file}`;
    const text = await readText(path.join(symbolDir, file), label);
    sources.push({ file: label, text });
    for (const entry of await parseArray(parseJson(text, label), symbolEntrySchema, label))
      symbols.push({ ...entry, file: label });
    await yieldToLoop();
  }
  const motifText = await readText(path.join(dir, 'motifs.json'), 'motifs.json');
  sources.push({ file: 'motifs.json', text: motifText });
  const motifs = await parseArray(parseJson(motifText, 'motifs.json'), motifEntrySchema, 'motifs.json');
  const modelText = await readOptional(path.join(dir, MOTIF_MODEL_FILE));
  if (modelText !== null) sources.push({ file: MOTIF_MODEL_FILE, text: modelText });
  const acceptanceText = await readOptional(path.join(dir, SYMBOL_ACCEPTANCE_FILE));
  if (acceptanceText !== null) sources.push({ file: SYMBOL_ACCEPTANCE_FILE, text: acceptanceText });
  const pairsText = await readOptional(path.join(dir, WORD_PAIRS_FILE));
  if (pairsText !== null) sources.push({ file: WORD_PAIRS_FILE, text: pairsText });
  const kb = await indexKnowledgeBase(symbols, motifs, fingerprintOf([...sources, ...lexicon.sources]));
  if (modelText !== null)
    kb.motifModel = readMotifModel(parseJson(modelText, MOTIF_MODEL_FILE), kb.motifs, new Set(kb.byName.keys()));
  if (acceptanceText !== null)
    kb.symbolAcceptance = readSymbolAcceptance(parseJson(acceptanceText, SYMBOL_ACCEPTANCE_FILE));
  if (pairsText !== null) kb.wordPairs = readWordPairs(parseJson(pairsText, WORD_PAIRS_FILE));
  return kb;
}

export const MOTIF_MODEL_FILE = 'motif-model.json';
export const SYMBOL_ACCEPTANCE_FILE = 'symbol-acceptance.json';
export const WORD_PAIRS_FILE = 'word-pairs.json';

/** Validates the table of neighbouring words and indexes it. */
export function readWordPairs(raw: unknown): WordPairs {
  const parsed = wordPairsFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new KnowledgeBaseError(`knowledge base: ${WORD_PAIRS_FILE} is invalid: ${describeIssues(parsed.error)}`);
  const { vocabulary, pairs } = parsed.data;
  if (vocabulary.length >= VOCABULARY_LIMIT)
    throw new KnowledgeBaseError(`knowledge base: ${WORD_PAIRS_FILE} has more than ${VOCABULARY_LIMIT - 1} words`);
  const codes = decodePairs(pairs);
  for (let i = 1; i < codes.length; i++)
    if ((codes[i] as number) <= (codes[i - 1] as number))
      throw new KnowledgeBaseError(`knowledge base: ${WORD_PAIRS_FILE} pairs are not in order`);
  return { vocabulary: new Map(vocabulary.map((w, i) => [w, i])), pairs: codes };
}

/** Validates the symbol acceptance model against its schema and indexes it. */
export function readSymbolAcceptance(raw: unknown): SymbolAcceptance {
  const parsed = symbolAcceptanceFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new KnowledgeBaseError(
      `knowledge base: ${SYMBOL_ACCEPTANCE_FILE} is invalid: ${describeIssues(parsed.error)}`,
    );
  const file = parsed.data;
  return {
    threshold: file.threshold,
    bias: file.bias,
    weights: new Map(file.features.map((f, i) => [f, file.weights[i] ?? 0])),
  };
}

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new KnowledgeBaseError(`knowledge base: cannot read ${file}: ${reason(err)}`);
  }
}

/** Validates the motif model against its schema and the motifs it names, and indexes it. */
export function readMotifModel(
  raw: unknown,
  motifs: readonly MotifEntry[],
  symbolNames?: ReadonlySet<string>,
): MotifModel {
  const parsed = motifModelFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new KnowledgeBaseError(`knowledge base: ${MOTIF_MODEL_FILE} is invalid: ${describeIssues(parsed.error)}`);
  const file = parsed.data;
  const known = new Set(motifs.map((m) => m.id));
  const index = new Map(file.features.map((f, i) => [f, i]));
  const out: MotifModel = {
    threshold: file.threshold,
    index,
    motifs: [],
    symbolThreshold: file.symbolThreshold ?? 1,
    symbols: [],
  };
  for (const [id, entry] of Object.entries(file.motifs)) {
    if (!known.has(id)) throw new KnowledgeBaseError(`knowledge base: ${MOTIF_MODEL_FILE} names unknown motif "${id}"`);
    const bad = entry.weights.find(([i]) => i >= file.features.length);
    if (bad)
      throw new KnowledgeBaseError(`knowledge base: ${MOTIF_MODEL_FILE} "${id}" weighs unknown feature ${bad[0]}`);
    out.motifs.push({ id, bias: entry.bias, weights: new Map(entry.weights) });
  }
  for (const [name, entry] of Object.entries(file.symbols ?? {})) {
    if (symbolNames && !symbolNames.has(name))
      throw new KnowledgeBaseError(`knowledge base: ${MOTIF_MODEL_FILE} names unknown symbol "${name}"`);
    const bad = entry.weights.find(([i]) => i >= file.features.length);
    if (bad)
      throw new KnowledgeBaseError(`knowledge base: ${MOTIF_MODEL_FILE} "${name}" weighs unknown feature ${bad[0]}`);
    out.symbols.push({ id: name, bias: entry.bias, weights: new Map(entry.weights) });
  }
  return out;
}
