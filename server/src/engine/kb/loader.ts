import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SliceTimer, yieldToLoop } from '../util/cooperative';
import { KB_CATEGORIES, motifEntrySchema, symbolEntrySchema, type MotifEntry, type SymbolEntry } from './schema';

export const DEFAULT_KB_DIR = fileURLToPath(new URL('.', import.meta.url));

/** Words ignored inside multi-word forms, so "cross a river" also matches "crossed the river". */
export const PHRASE_FILLERS = new Set([
  'a',
  'an',
  'the',
  'my',
  'your',
  'his',
  'her',
  'its',
  'our',
  'their',
  'this',
  'that',
  'some',
]);

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

export interface KnowledgeBase {
  symbols: KbSymbol[];
  byName: Map<string, KbSymbol>;
  /** Single-word names and synonyms. */
  words: Map<string, TermRef>;
  /** Multi-word names, synonyms and phrases, by their first (non-filler) word, longest first. */
  phrases: Map<string, PhraseRef[]>;
  motifs: MotifEntry[];
  /** Hash of every file's content, for cache keys (an edited knowledge base re-reads dreams). */
  fingerprint: string;
}

export class KnowledgeBaseError extends Error {
  override name = 'KnowledgeBaseError';
}

export function phraseWords(term: string): string[] {
  return term.split(/\s+/).filter((w) => w && !PHRASE_FILLERS.has(w));
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

function entryLabel(raw: unknown, index: number): string {
  const name =
    typeof raw === 'object' && raw !== null
      ? ((raw as { name?: unknown; id?: unknown }).name ?? (raw as { id?: unknown }).id)
      : undefined;
  return typeof name === 'string' ? `entry ${index} ("${name}")` : `entry ${index}`;
}

async function readJson(file: string, label: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new KnowledgeBaseError(
      `knowledge base: cannot read ${label}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new KnowledgeBaseError(
      `knowledge base: ${label} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
    );
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

function fnv1a(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
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
    if (motifIds.has(motif.id))
      throw new KnowledgeBaseError(`knowledge base: duplicate motif id "${motif.id}" in motifs.json`);
    motifIds.add(motif.id);
  }
  return { symbols, byName, words, phrases, motifs, fingerprint };
}

/**
 * Reads kb/symbols/*.json and kb/motifs.json, validates them against the schemas and indexes them.
 * Fails with a message naming the file and entry for anything invalid or ambiguous.
 */
export async function loadKnowledgeBase(dir = DEFAULT_KB_DIR): Promise<KnowledgeBase> {
  const symbolDir = path.join(dir, 'symbols');
  let files: string[];
  try {
    files = (await readdir(symbolDir)).filter((f) => f.endsWith('.json')).sort();
  } catch (err) {
    throw new KnowledgeBaseError(
      `knowledge base: cannot list ${symbolDir}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (!files.length) throw new KnowledgeBaseError(`knowledge base: no symbol files in ${symbolDir}`);
  const symbols: KbSymbol[] = [];
  let fingerprint = 0x811c9dc5;
  for (const file of files) {
    const label = `symbols/${file}`;
    const raw = await readJson(path.join(symbolDir, file), label);
    fingerprint = fnv1a(JSON.stringify(raw), fingerprint);
    for (const entry of await parseArray(raw, symbolEntrySchema, label)) symbols.push({ ...entry, file: label });
    await yieldToLoop();
  }
  const motifRaw = await readJson(path.join(dir, 'motifs.json'), 'motifs.json');
  fingerprint = fnv1a(JSON.stringify(motifRaw), fingerprint);
  const motifs = await parseArray(motifRaw, motifEntrySchema, 'motifs.json');
  return await indexKnowledgeBase(symbols, motifs, fingerprint.toString(16).padStart(8, '0'));
}
