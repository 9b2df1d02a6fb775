import { categoriesWith } from '../kb/lexicon';
import type { KnowledgeBase } from '../kb/loader';
import type { DreamAnalysis } from '../types';

/**
 * Checks on what an OpenAI-compatible model wrote, before a dreamer sees it: paragraphs capped in
 * length, and no symbol named that the local analysis did not find (unless the material the model
 * was given uses that word). A failed check throws, and the provider uses the local reading.
 */

/** Longest paragraph kept whole; a longer one is cut at its last sentence end within the cap. */
export const MAX_PARAGRAPH_CHARS = 900;

/** Qualities (a colour, a number) are words any prose uses; images are what a reading must not invent. */
const QUALITIES = categoriesWith('quality');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One pattern per knowledge base: every image symbol's name, singular or plural, as a whole word. */
const patterns = new WeakMap<KnowledgeBase, Array<{ name: string; re: RegExp }>>();

function symbolPatterns(kb: KnowledgeBase): Array<{ name: string; re: RegExp }> {
  let list = patterns.get(kb);
  if (!list) {
    list = kb.symbols
      .filter((s) => !QUALITIES.has(s.category))
      .map((s) => ({ name: s.name, re: new RegExp(`\\b${escapeRegExp(s.name)}(?:s|es)?\\b`, 'i') }));
    patterns.set(kb, list);
  }
  return list;
}

/** Cuts a paragraph to the cap at a sentence end; null when no sentence end fits. */
export function capParagraph(paragraph: string, max = MAX_PARAGRAPH_CHARS): string | null {
  const clean = paragraph.replace(/\s*\n+\s*/g, ' ').trim();
  if (clean.length <= max) return clean;
  const head = clean.slice(0, max);
  const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('? '), head.lastIndexOf('! '));
  return end > 0 ? head.slice(0, end + 1) : null;
}

/**
 * The first knowledge-base image the answer names that the analysis did not find; null when none.
 * A word the knowledge-base text handed to the model uses (the meanings of the symbols it found,
 * which speak of "a path" or "light") is prose, not a claim; the dream's own words are not an
 * excuse (an idiom or a negated mention is exactly what must not be read as an image), and a
 * symbol the dream mentioned only in negation is never allowed.
 */
export function straySymbol(
  answer: string,
  analysis: DreamAnalysis,
  kb: KnowledgeBase,
  material: string,
): string | null {
  const found = new Set(analysis.symbols.map((s) => s.name));
  const negated = new Set(analysis.negated);
  for (const { name, re } of symbolPatterns(kb)) {
    if (found.has(name) || !re.test(answer)) continue;
    if (negated.has(name) || !re.test(material)) return name;
  }
  return null;
}
