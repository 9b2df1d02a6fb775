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
  /** Told when a background read or save fails (the dreams are read again on a later request). */
  onFillError?(err: unknown): void;
}

/** Dreams the background filler reads before it saves them and looks at the queue again. */
const FILL_CHUNK = 10;

export class AnalysisStore {
  /** Content hash → analysis, in order of last use. The store belongs to one fingerprint. */
  private readonly memory = new Map<string, DreamAnalysis>();
  /** Dreams waiting for the background filler, with the table to save them to. */
  private readonly queue: Array<{ dream: DreamForEngine; table: AnalysisTable | undefined }> = [];
  private filling: Promise<void> | null = null;

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
   * analyser (yielding to the event loop after each). Rows the table lacks, holds for other
   * content or another fingerprint, or holds without the dream's current version are saved in one
   * batch at the end (a row whose analysis is still valid is saved again without reading the dream).
   */
  async getMany(dreams: DreamForEngine[], table?: AnalysisTable): Promise<DreamAnalysis[]> {
    const found = await this.lookup(dreams, table, Infinity);
    return found.analyses.map((a) => {
      if (!a) throw new Error('analysis store: no analysis returned');
      return a;
    });
  }

  /**
   * Like getMany, but reads at most `maxFresh` dreams now: the others come back as null and are
   * handed to the background filler (fillLater), so a long history never holds up a request.
   */
  async getAvailable(
    dreams: DreamForEngine[],
    table: AnalysisTable | undefined,
    maxFresh: number,
  ): Promise<Array<DreamAnalysis | null>> {
    const found = await this.lookup(dreams, table, maxFresh);
    if (found.deferred.length) this.fillLater(found.deferred, table);
    return found.analyses;
  }

  /**
   * Reads these dreams in the background, a few at a time, yielding to the event loop after each
   * read, and saves them to the table. Returns at once; `idle()` resolves when the queue is empty.
   */
  fillLater(dreams: DreamForEngine[], table?: AnalysisTable): void {
    for (const dream of dreams) this.queue.push({ dream, table });
    if (!this.filling) this.filling = this.drain().finally(() => (this.filling = null));
  }

  /** Resolves once the background filler has nothing left to read. */
  async idle(): Promise<void> {
    while (this.filling) await this.filling;
  }

  private async drain(): Promise<void> {
    await yieldToLoop();
    while (this.queue.length) {
      const chunk = this.queue.splice(0, FILL_CHUNK);
      // Dreams of one table are saved together; a failing chunk is dropped (its dreams are read on a later request).
      const byTable = new Map<AnalysisTable | undefined, DreamForEngine[]>();
      for (const { dream, table } of chunk) byTable.set(table, [...(byTable.get(table) ?? []), dream]);
      for (const [table, list] of byTable)
        await this.lookup(list, table, Infinity).catch((err: unknown) => this.options.onFillError?.(err));
      await yieldToLoop();
    }
  }

  private async lookup(
    dreams: DreamForEngine[],
    table: AnalysisTable | undefined,
    maxFresh: number,
  ): Promise<{ analyses: Array<DreamAnalysis | null>; deferred: DreamForEngine[] }> {
    const { fingerprint } = this.options;
    const stored = new Map<number, StoredAnalysis>();
    if (table && dreams.length)
      for (const row of await table.load([...new Set(dreams.map((d) => d.id))])) stored.set(row.dreamId, row);
    const out: Array<DreamAnalysis | null> = [];
    const deferred: DreamForEngine[] = [];
    const toSave = new Map<number, StoredAnalysis>();
    let fresh = 0;
    for (const dream of dreams) {
      const contentHash = analysisContentHash(dream);
      const row = stored.get(dream.id);
      const rowValid = row !== undefined && row.contentHash === contentHash && row.fingerprint === fingerprint;
      const rowCurrent = rowValid && (dream.version == null || row.dreamVersion === dream.version);
      let analysis = this.recall(contentHash);
      if (!analysis && rowValid) {
        analysis = row.analysis;
        this.keep(contentHash, analysis);
      }
      if (!analysis && fresh >= maxFresh) {
        deferred.push(dream);
        out.push(null);
        continue;
      }
      if (!analysis) {
        fresh += 1;
        analysis = await this.options.analyse(dream);
        this.keep(contentHash, analysis);
        // A long list is many reads; let other requests in between.
        await yieldToLoop();
      }
      if (table && !rowCurrent)
        toSave.set(dream.id, {
          dreamId: dream.id,
          contentHash,
          fingerprint,
          analysis,
          dreamVersion: dream.version ?? null,
        });
      out.push(analysis);
    }
    if (table && toSave.size) await table.save([...toSave.values()]);
    return { analyses: out, deferred };
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
