import { gerund } from '../nlp/inflect';
import type { DreamAnalysis, DreamForEngine, EvidenceSpan, ParagraphEvidence, ReadingEvidence } from '../types';

/**
 * Why a reading says what it says. Each paragraph is traced back to the dream: the passages it
 * quotes, the words of the symbols and patterns it discusses, the feelings it reads (with the tone
 * arc), and the earlier dreams where a theme it discusses also appears. Symbols the dream mentions
 * only in negation are listed as deliberately left out. The trace works on the reading's text, so it
 * serves any reading of the dream (local or from a model, new or stored) as long as the dream's text
 * is the one that was read.
 */

export interface EvidenceInput {
  content: string;
  dream: Pick<DreamForEngine, 'narrative'>;
  analysis: DreamAnalysis;
  /** The user's other dreams with their analyses, newest first. */
  history: Array<{ id: number; title: string; analysis: DreamAnalysis }>;
}

/** Recurring dreams listed per theme. */
const MAX_DREAMS = 10;
/** Words of a paragraph that reads feelings. */
const FEELING_TALK =
  /\b(mood|moods|feel|feels|feeling|feelings|felt|tone|emotion|emotions|emotional|emotionally|fear|afraid|frightening|frightened|nightmare|nightmares|hardest moment|at its worst|tense|tension|calm|uneasy|unease|dread|panic|warm|joy)\b/i;
/** Words of a paragraph that speaks of other dreams. */
const HISTORY_TALK =
  /\b(other dreams|earlier dreams|dreamt before|recurring|recurs|returns|came back|has come|again|before)\b/i;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function mentions(paragraph: string, phrase: string): boolean {
  const p = phrase.trim();
  return p.length > 1 && new RegExp(`\\b${escape(p)}\\b`, 'i').test(paragraph);
}

/** Quotation marks a quoted fragment may carry differently from the narrative (context.quote). */
const QUOTE_MARKS = `["“”‘’']`;

/** Where a quoted fragment of the dream is in the narrative, ignoring case, spacing and quotation marks. */
function locateQuote(narrative: string, quoted: string): EvidenceSpan | null {
  const text = quoted.replace(/…$/, '').trim();
  if (text.length < 2) return null;
  const words = text
    .split(/\s+/)
    .map((w) => w.replace(new RegExp(`^${QUOTE_MARKS}+|${QUOTE_MARKS}+$`, 'g'), ''))
    .filter(Boolean)
    .map(escape);
  if (!words.length) return null;
  // Marks are allowed between the words, so the span still starts and ends on the quoted words.
  const found = new RegExp(words.join(`${QUOTE_MARKS}*\\s+${QUOTE_MARKS}*`), 'i').exec(narrative);
  return found ? { start: found.index, end: found.index + found[0].length } : null;
}

function sentenceOf(analysis: DreamAnalysis, at: number): number | null {
  const spans = analysis.sentenceSpans ?? [];
  const i = spans.findIndex((s) => at >= s.start && at < s.end);
  return i >= 0 ? i : null;
}

/** How a reading can name a symbol: its mention without the article, its words as written, its name. */
function namesOf(symbol: DreamAnalysis['symbols'][number]): string[] {
  const mention = symbol.mention.replace(/^(the|your|my|a|an) /i, '');
  const forms = [mention, symbol.surface, symbol.name];
  if (symbol.category === 'Actions') forms.push(gerund(symbol.name));
  return [...new Set(forms.filter(Boolean))];
}

function mergeSpans(spans: EvidenceSpan[]): EvidenceSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: EvidenceSpan[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

function paragraphEvidence(input: EvidenceInput, text: string, index: number): ParagraphEvidence {
  const { analysis, dream, history } = input;
  const narrative = dream.narrative;
  const spans: EvidenceSpan[] = [];
  for (const m of text.matchAll(/“([^”]+)”/g)) {
    const span = locateQuote(narrative, m[1] ?? '');
    if (span) spans.push(span);
  }
  const symbols = analysis.symbols.filter((s) => namesOf(s).some((n) => mentions(text, n)));
  for (const s of symbols) for (const span of s.spans ?? []) spans.push({ start: span.start, end: span.end });
  const motifs = analysis.motifs.filter((m) => mentions(text, m.name));
  for (const m of motifs) {
    const span = m.sentence >= 0 ? analysis.sentenceSpans?.[m.sentence] : undefined;
    if (span) spans.push({ start: span.start, end: span.end });
  }
  const tone = FEELING_TALK.test(text);
  if (tone) for (const cue of analysis.emotionCues ?? []) spans.push({ start: cue.start, end: cue.end });
  const recurring: ParagraphEvidence['recurring'] = [];
  if (HISTORY_TALK.test(text)) {
    const themes = [
      ...symbols.map((s) => ({
        key: s.name,
        label: s.mention,
        has: (a: DreamAnalysis) => a.symbols.some((x) => x.name === s.name),
      })),
      ...motifs.map((m) => ({
        key: m.id,
        label: m.name.toLowerCase(),
        has: (a: DreamAnalysis) => a.motifs.some((x) => x.id === m.id),
      })),
    ];
    for (const theme of themes) {
      const dreams = history
        .filter((h) => theme.has(h.analysis))
        .slice(0, MAX_DREAMS)
        .map((h) => ({ id: h.id, title: h.title }));
      if (dreams.length) recurring.push({ key: theme.key, label: theme.label, dreams });
    }
  }
  const merged = mergeSpans(spans.filter((s) => s.end > s.start && s.end <= narrative.length));
  const sentences = [
    ...new Set(merged.map((s) => sentenceOf(analysis, s.start)).filter((i): i is number => i !== null)),
  ].sort((a, b) => a - b);
  return {
    paragraph: index,
    spans: merged,
    sentences,
    symbols: symbols.map((s) => s.name),
    motifs: motifs.map((m) => m.id),
    tone,
    recurring,
  };
}

export function explainReading(input: EvidenceInput): ReadingEvidence {
  const { analysis } = input;
  const paragraphs = input.content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const spans = analysis.sentenceSpans ?? [];
  return {
    paragraphs: paragraphs.map((p, i) => paragraphEvidence(input, p, i)),
    tone: {
      movement: analysis.tone.movement,
      arc: analysis.tone.arc.flatMap((a) => {
        const span = spans[a.sentence];
        return span ? [{ sentence: a.sentence, compound: a.compound, start: span.start, end: span.end }] : [];
      }),
    },
    leftOut: (analysis.negatedMentions ?? [])
      .filter((n) => !analysis.symbols.some((s) => s.name === n.symbol))
      .map((n) => ({ symbol: n.symbol, surface: n.surface, start: n.start, end: n.end })),
  };
}
