import type { DreamAnalysis, DreamForEngine } from '../types';
import type { Recurrence } from './history';
import type { IntentionReading } from './intention';

/**
 * The kind of dream a reading is shaped for. A nightmare is met with its fear first and ways to
 * work with it; a lucid dream with what the dreamer did with their awareness; a recurring dream with
 * how it has changed; a visit from someone who has died with that person; a mundane dream plainly.
 * (A dream in another language, or text that is not language, never gets this far: compose/unreadable.ts.)
 */
export type DreamShape = 'lucid' | 'visitation' | 'nightmare' | 'recurring' | 'mundane' | 'general';

/**
 * The angle a reading takes. The first reading of a dream follows its shape; each regeneration
 * takes the next angle that fits the dream, so it says something else rather than rewording.
 */
export type Angle = 'shape' | 'feeling' | 'relational' | 'story' | 'lucid-practice' | 'symbolic';

/** Motifs of threat: with a dark enough tone they make a nightmare. */
const THREAT_MOTIFS = new Set([
  'being-chased',
  'falling',
  'drowning',
  'intruder',
  'animal-attack',
  'shadow-figure-bedside',
  'trapped-unable-to-move',
  'house-on-fire',
  'tsunami-giant-wave',
  'apocalypse',
  'vehicle-out-of-control',
  'unable-to-scream-or-run',
  'rising-floodwater',
  'teeth-falling-out',
]);

export function isNightmare(dream: DreamForEngine, analysis: DreamAnalysis): boolean {
  if (dream.tags.some((t) => /^nightmare/i.test(t))) return true;
  const lowest = Math.min(0, ...analysis.tone.arc.map((a) => a.compound));
  const threat = analysis.motifs.some((m) => THREAT_MOTIFS.has(m.id));
  const afraid = analysis.symbols.some((s) => ['fear', 'panic', 'helplessness'].includes(s.name));
  return analysis.tone.overall <= -0.35 || (lowest <= -0.5 && (threat || afraid)) || (threat && afraid);
}

/** Nothing charged: no motif, no named feeling, an even tone, no lucidity. */
export function isMundane(analysis: DreamAnalysis): boolean {
  return (
    !analysis.lucid &&
    analysis.motifs.length === 0 &&
    !analysis.symbols.some((s) => s.category === 'Emotions') &&
    Math.abs(analysis.tone.overall) < 0.2 &&
    analysis.tone.arc.every((a) => Math.abs(a.compound) < 0.45)
  );
}

/** Someone of the dream is said to have died ("even though he passed away in 2019", "my late aunt"). */
const DEATH_REMARK =
  /\b(passed away|passed on|died|is dead|was dead|had died|late (grand\w+|mother|father|mum|mom|dad|husband|wife|aunt|uncle|brother|sister|friend))\b/i;

function visitsTheDead(dream: DreamForEngine, analysis: DreamAnalysis): boolean {
  return analysis.symbols.some((s) => s.category === 'People and Figures') && DEATH_REMARK.test(dream.narrative);
}

export function shapeOf(
  dream: DreamForEngine,
  analysis: DreamAnalysis,
  recurrences: Recurrence[],
  recurringMarked: boolean,
): DreamShape {
  if (analysis.lucid) return 'lucid';
  if (analysis.motifs.some((m) => m.id === 'deceased-visitor') || visitsTheDead(dream, analysis)) return 'visitation';
  if (isNightmare(dream, analysis)) return 'nightmare';
  if (recurringMarked || recurrences.some((r) => r.count >= 3)) return 'recurring';
  if (isMundane(analysis)) return 'mundane';
  return 'general';
}

/**
 * Whether a lucid-dreaming suggestion belongs in this reading: the dream was lucid, or it holds a
 * recognisable dream sign (a motif), or the dreamer asked for lucidity, or it is a nightmare or a
 * recurring dream (where lucidity helps most). Never for a mundane dream or a visit from the dead.
 */
export function lucidFits(shape: DreamShape, analysis: DreamAnalysis, intention: IntentionReading | null): boolean {
  if (shape === 'mundane' || shape === 'visitation') return Boolean(intention?.lucidGoal);
  return (
    analysis.lucid ||
    analysis.motifs.length > 0 ||
    Boolean(intention?.lucidGoal) ||
    shape === 'nightmare' ||
    shape === 'recurring'
  );
}
