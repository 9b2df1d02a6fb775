import { createHash } from 'node:crypto';
import type { AnalysisTable, DreamAnalysis, DreamForEngine, StoredAnalysis } from './types';
import { yieldToLoop } from './util/cooperative';

/**
 * The one store of dream analyses. An analysis depends on the dream's content and on the
 * knowledge base (with the engine's code version), so it is keyed by both: the sha256 of the
 * content and the knowledge base's fingerprint (kb/loader.ts). A bounded in-memory LRU sits in
 * front of an optional table of saved dreams' analyses; a row made from other content or another
 * knowledge base is a miss, read again and replaced. Editing a knowledge-base file changes the
 * fingerprint, so no stale analysis is ever served, with or without a version bump.
 */

type DreamContent = Pick<DreamForEngine, 'title' | 'narrative' | 'tags' | 'timePeriod'>;

/** What an analysis is made from, hashed: the title, the narrative, the tags and the life period. */
export function analysisContentHash(dream: DreamContent): string {
  return createHash('sha256')
    .update(JSON.stringify([dream.title, dream.narrative, dream.tags, dream.timePeriod]))
    .digest('hex');
}

export interface AnalysisStoreOptions {
  /** The fingerprint of the knowledge base the analyser reads with. */
  fingerprint: string;
  /** How many analyses the memory keeps (least recently used go first). */
  limit: number;
  analyse(dream: DreamForEngine): Promise<DreamAnalysis>;
}

export class AnalysisStore {
  /** Content hash → analysis, in order of last use. The store belongs to one fingerprint. */
  private readonly memory = new Map<string, DreamAnalysis>();

  constructor(private readonly options: AnalysisStoreOptions) {}

  get fingerprint(): string {
    return this.options.fingerprint;
  }

  /** Analyses held in memory. */
  get size(): number {
    return this.memory.size;
  }

  has(dream: DreamContent): boolean {
    return this.memory.has(analysisContentHash(dream));
  }

  /** Keeps an analysis made elsewhere (with a full reading), so the next request finds it. */
  remember(dream: DreamContent, analysis: DreamAnalysis): void {
    this.keep(analysisContentHash(dream), analysis);
  }

  async get(dream: DreamForEngine, table?: AnalysisTable): Promise<DreamAnalysis> {
    const [analysis] = await this.getMany([dream], table);
    if (!analysis) throw new Error('analysis store: no analysis returned');
    return analysis;
  }

  /**
   * The analyses of these dreams, in order: from memory, else from the table, else read by the
   * analyser (yielding to the event loop after each). Rows the table lacks or holds for other
   * content or another fingerprint are saved in one batch at the end.
   */
  async getMany(dreams: DreamForEngine[], table?: AnalysisTable): Promise<DreamAnalysis[]> {
    const { fingerprint } = this.options;
    const stored = new Map<number, StoredAnalysis>();
    if (table && dreams.length)
      for (const row of await table.load([...new Set(dreams.map((d) => d.id))])) stored.set(row.dreamId, row);
    const out: DreamAnalysis[] = [];
    const toSave = new Map<number, StoredAnalysis>();
    for (const dream of dreams) {
      const contentHash = analysisContentHash(dream);
      const row = stored.get(dream.id);
      const rowValid = row !== undefined && row.contentHash === contentHash && row.fingerprint === fingerprint;
      let analysis = this.recall(contentHash);
      if (!analysis && rowValid) {
        analysis = row.analysis;
        this.keep(contentHash, analysis);
      }
      if (!analysis) {
        analysis = await this.options.analyse(dream);
        this.keep(contentHash, analysis);
        // A long list is many reads; let other requests in between.
        await yieldToLoop();
      }
      if (table && !rowValid) toSave.set(dream.id, { dreamId: dream.id, contentHash, fingerprint, analysis });
      out.push(analysis);
    }
    if (table && toSave.size) await table.save([...toSave.values()]);
    return out;
  }

  private recall(contentHash: string): DreamAnalysis | undefined {
    const hit = this.memory.get(contentHash);
    if (hit) {
      // Refresh its place so the most used analyses stay.
      this.memory.delete(contentHash);
      this.memory.set(contentHash, hit);
    }
    return hit;
  }

  private keep(contentHash: string, analysis: DreamAnalysis): void {
    this.memory.delete(contentHash);
    this.memory.set(contentHash, analysis);
    while (this.memory.size > this.options.limit) {
      const oldest = this.memory.keys().next();
      if (oldest.done) break;
      this.memory.delete(oldest.value);
    }
  }
}
