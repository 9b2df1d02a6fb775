import { DreamAnalyser } from './analysis/analyse';
import { AnalysisStore } from './analysis-store';
import { loadKnowledgeBase, type KnowledgeBase } from './kb/loader';
import { KbWordNet } from './nlp/kb-wordnet';
import { warmMorphology } from './nlp/morphology';
import { loadSentiment } from './nlp/sentiment';
import { loadWink } from './nlp/wink';
import { verbTagCounts, WordNet } from './nlp/wordnet';
import { yieldToLoop } from './util/cooperative';

/** Everything the local engine needs, loaded once. */
export interface EngineRuntime {
  kb: KnowledgeBase;
  wordnet: WordNet;
  kbWordNet: KbWordNet;
  analyser: DreamAnalyser;
  /** Analyses by content, for this knowledge base's fingerprint. */
  analyses: AnalysisStore;
  stats: {
    loadMs: number;
    winkMode: 'sliced' | 'packaged';
    winkFallbackReason?: string;
    kbSymbols: number;
    kbMotifs: number;
    linkedSenses: number;
  };
}

export interface RuntimeOptions {
  kbDir?: string;
  wordnetDir?: string;
  /** Told when the background analysis filler fails (analysis-store.ts). */
  onFillError?(err: unknown): void;
}

/** Analyses kept in memory: a user's history is read once, not on every request. */
const ANALYSIS_MEMORY_LIMIT = 5000;

/** Loads the knowledge base and the NLP data in slices, yielding to the event loop between them. */
export async function loadRuntime(options: RuntimeOptions = {}): Promise<EngineRuntime> {
  const started = performance.now();
  // Let the caller finish its synchronous start-up first.
  await yieldToLoop();
  const kb = await loadKnowledgeBase(options.kbDir);
  const wordnet = await WordNet.load(options.wordnetDir);
  await yieldToLoop();
  const wink = await loadWink();
  await yieldToLoop();
  warmMorphology();
  await yieldToLoop();
  const sentiment = loadSentiment();
  await yieldToLoop();
  const kbWordNet = await KbWordNet.build(wordnet, kb);
  const verbUses = await verbTagCounts(kb.words.keys(), options.wordnetDir);
  await yieldToLoop();
  const analyser = new DreamAnalyser({ nlp: wink.nlp, kb, wordnet, kbWordNet, sentiment, verbUses });
  // The first document pays for lazy initialisation inside wink; do it now rather than in a request.
  await analyser.read({
    id: 0,
    title: 'Warm up',
    narrative: 'I walked by the sea at night and was not afraid.',
    tags: [],
    timePeriod: null,
    date: null,
  });
  const analyses = new AnalysisStore({
    fingerprint: kb.fingerprint,
    limit: ANALYSIS_MEMORY_LIMIT,
    analyse: async (dream) => (await analyser.read(dream)).analysis,
    onFillError: options.onFillError,
  });
  return {
    kb,
    wordnet,
    kbWordNet,
    analyser,
    analyses,
    stats: {
      loadMs: Math.round(performance.now() - started),
      winkMode: wink.mode,
      winkFallbackReason: wink.fallbackReason,
      kbSymbols: kb.symbols.length,
      kbMotifs: kb.motifs.length,
      linkedSenses: kbWordNet.size,
    },
  };
}
