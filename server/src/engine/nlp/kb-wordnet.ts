import { categoriesWith, lexicon } from '../kb/lexicon';
import type { KbSymbol, KnowledgeBase } from '../kb/loader';
import { SliceTimer } from '../util/cooperative';
import { contentWords } from './text';
import type { Synset, WordNet } from './wordnet';

/**
 * Links knowledge-base symbols to WordNet noun senses, so an unknown noun can be read through its
 * hypernyms (beagle → hound → hunting dog → dog) and a WordNet-only word can be given the category
 * of the nearest symbol above it.
 */

/** How many senses of a knowledge-base term are considered when choosing the one the entry means. */
const SENSES_CONSIDERED = 6;
/**
 * How far above an unknown noun a knowledge-base sense may be is set per category
 * (kb/categories.json): taxonomies of living things are deep (beagle → hound → hunting dog → dog);
 * elsewhere a long climb drifts ("instructions" → book). No category may climb further than this.
 */
const MAX_SEARCH_DEPTH = 3;

/** A proper noun is read only as a place: a sea, a river, an island, a city. */
const PLACE_CATEGORIES = categoriesWith('proper-place');

export interface HypernymMatch {
  symbol: KbSymbol;
  depth: number;
  /** The WordNet words of the matched ancestor. */
  via: string[];
}

export class KbWordNet {
  private readonly noun = new Map<string, HypernymMatch | null>();

  private constructor(
    readonly wordnet: WordNet,
    private readonly kb: KnowledgeBase,
    /** Synset offset → the symbol whose meaning it is. */
    private readonly synsetSymbol: Map<number, KbSymbol>,
  ) {}

  /**
   * Picks, for each symbol name and synonym, the WordNet sense whose gloss shares most words with
   * the entry's own meaning and associations (a simplified Lesk), among the senses allowed for its
   * category. "space" in Celestial becomes outer space, not a parking space.
   */
  static async build(wordnet: WordNet, kb: KnowledgeBase): Promise<KbWordNet> {
    const jobs: Array<{ symbol: KbSymbol; term: string; isName: boolean; context: Set<string>; offsets: number[] }> =
      [];
    const collect = new SliceTimer(8);
    for (const symbol of kb.symbols) {
      await collect.maybeYield();
      const context = new Set(
        contentWords(`${symbol.name} ${symbol.meaning} ${symbol.associations.join(' ')} ${symbol.synonyms.join(' ')}`),
      );
      for (const term of [symbol.name, ...symbol.synonyms]) {
        const entry = wordnet.lookup(term, 'noun');
        if (entry)
          jobs.push({
            symbol,
            term,
            isName: term === symbol.name,
            context,
            offsets: entry.offsets.slice(0, SENSES_CONSIDERED),
          });
      }
    }
    // Reads run concurrently in batches; the choice is then made in entry order, so the result is deterministic.
    const chosen: Array<Synset | null> = [];
    const BATCH = 16;
    const timer = new SliceTimer(8);
    for (let b = 0; b < jobs.length; b += BATCH) {
      const batch = jobs.slice(b, b + BATCH);
      const senses = await Promise.all(
        batch.map((job) => Promise.all(job.offsets.map((o) => wordnet.synset(o, 'noun')))),
      );
      for (const [k, job] of batch.entries()) {
        chosen.push(KbWordNet.bestSense(job.symbol, job.term, job.isName, job.context, senses[k] ?? []));
        await timer.maybeYield();
      }
    }
    const synsetSymbol = new Map<number, KbSymbol>();
    jobs.forEach((job, k) => {
      const s = chosen[k];
      if (s && !synsetSymbol.has(s.offset)) synsetSymbol.set(s.offset, job.symbol);
    });
    return new KbWordNet(wordnet, kb, synsetSymbol);
  }

  /**
   * A name gets its most frequent allowed sense unless another shares more words with the entry; a
   * synonym must share at least two words, because synonyms are often looser ("boundary" under border
   * would otherwise pull in every edge and hem).
   */
  private static bestSense(
    symbol: KbSymbol,
    term: string,
    isName: boolean,
    context: Set<string>,
    senses: Synset[],
  ): Synset | null {
    const allowed = lexicon.categories.get(symbol.category)?.wordnetSenses ?? [];
    let best: Synset | null = null;
    let bestScore = -1;
    for (let rank = 0; rank < senses.length; rank += 1) {
      const s = senses[rank];
      if (!s || !allowed.includes(s.lexName)) continue;
      const words = contentWords(`${s.gloss} ${s.words.join(' ')}`).filter((w) => w !== term);
      const overlap = new Set(words.filter((w) => context.has(w))).size;
      if (!isName && overlap < 2) continue;
      // Earlier senses are more common: the first needs to be clearly outscored to lose.
      const score = overlap + (rank === 0 ? 1.5 : 0) - rank * 0.05;
      if (score > bestScore) {
        best = s;
        bestScore = score;
      }
    }
    return best;
  }

  get size(): number {
    return this.synsetSymbol.size;
  }

  /**
   * The nearest symbol above a noun in WordNet's hypernym tree (breadth first, through hypernyms
   * and instance hypernyms), from its most frequent sense only: later senses are rarer and would
   * bring in readings the dreamer did not mean.
   */
  async nounToSymbol(lemma: string, options: { placesOnly?: boolean } = {}): Promise<HypernymMatch | null> {
    const key = `${lemma}|${options.placesOnly ? 'p' : ''}`;
    if (this.noun.has(key)) return this.noun.get(key) ?? null;
    const entry = this.wordnet.lookup(lemma, 'noun');
    let result: HypernymMatch | null = null;
    if (entry && entry.offsets.length) {
      if (entry.tagged > 0 || entry.offsets.length === 1) {
        result = await this.senseToSymbol(entry.offsets[0] ?? 0, options);
      } else {
        // Without frequency data the first sense is arbitrary ("turtle" is listed as a turtleneck
        // first): read the word only when all its senses agree.
        const all = await Promise.all(entry.offsets.slice(0, 4).map((o) => this.senseToSymbol(o, options)));
        const first = all[0];
        result = first && all.every((m) => m?.symbol === first.symbol) ? first : null;
      }
    }
    if (this.noun.size > 50000) this.noun.clear();
    this.noun.set(key, result);
    return result;
  }

  private async senseToSymbol(offset: number, options: { placesOnly?: boolean }): Promise<HypernymMatch | null> {
    let frontier: Synset[] = [await this.wordnet.synset(offset, 'noun')];
    const seen = new Set<number>();
    for (let depth = 0; depth <= MAX_SEARCH_DEPTH && frontier.length; depth += 1) {
      const next: Synset[] = [];
      for (const s of frontier) {
        if (seen.has(s.offset)) continue;
        seen.add(s.offset);
        const symbol = this.synsetSymbol.get(s.offset);
        if (
          symbol &&
          depth <= (lexicon.categories.get(symbol.category)?.hypernymDepth ?? 0) &&
          (!options.placesOnly || PLACE_CATEGORIES.has(symbol.category))
        ) {
          return { symbol, depth, via: s.words };
        }
        next.push(...(await this.wordnet.parents(s)));
      }
      frontier = next;
    }
    return null;
  }

  /** The hypernym chain of a noun's first sense (nearest first), for WordNet-based symbol readings. */
  async chain(lemma: string, maxDepth = 12): Promise<Synset[]> {
    const entry = this.wordnet.lookup(lemma, 'noun');
    const first = entry?.offsets[0];
    if (first === undefined) return [];
    return this.chainFrom(first, maxDepth);
  }

  /** A noun sense and its hypernyms, nearest first. */
  async chainFrom(offset: number, maxDepth = 12): Promise<Synset[]> {
    const out: Synset[] = [];
    let current: Synset | undefined = await this.wordnet.synset(offset, 'noun');
    while (current && out.length <= maxDepth) {
      out.push(current);
      const parents: Synset[] = await this.wordnet.parents(current);
      current = parents[0];
    }
    return out;
  }

  symbolForSynset(offset: number): KbSymbol | undefined {
    return this.synsetSymbol.get(offset);
  }

  static categoryForLexName(lexName: string): string {
    return lexicon.wordnetCategory(lexName);
  }

  get knowledgeBase(): KnowledgeBase {
    return this.kb;
  }
}
