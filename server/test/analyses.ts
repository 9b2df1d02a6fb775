import type { DetectedSymbol, DreamAnalysis } from '../src/engine/types';

/** A detected symbol with plain values, for tests that build analyses by hand. */
export function detectedSymbol(name: string): DetectedSymbol {
  return {
    name,
    category: 'Objects',
    surface: name,
    via: 'name',
    count: 1,
    meaning: `A ${name} in a test.`,
    mention: `the ${name}`,
    excerpt: name,
    plural: false,
    sentences: [0],
    inTitle: false,
  };
}

/** An analysis holding these symbols and motifs, with a steady tone and nothing else. */
export function analysisWith(symbols: string[], motifs: string[] = []): DreamAnalysis {
  return {
    symbols: symbols.map(detectedSymbol),
    motifs: motifs.map((id) => ({ id, name: id.replace(/-/g, ' '), sentence: 0 })),
    tone: { overall: 0, arc: [], movement: 'steady' },
    lucid: false,
    setting: null,
    negated: [],
    keyPhrases: [],
    sentenceCount: 1,
    wordCount: symbols.length,
  };
}
