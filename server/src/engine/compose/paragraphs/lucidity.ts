import { splitSentences } from '../../kb/sentences';
import type { DetectedSymbol } from '../../types';
import { agree, capitalise, firstSafe, pickSafe, type ComposeContext } from '../context';
import { isPerson, referenceOf, verbFor } from '../people';
import { QUALITIES, join } from './shared';

const GENERIC_CHECKS = [
  'ask yourself plainly whether you are dreaming, then look for one detail that does not fit',
  'read a line of writing, look away, then read it again to see whether it has changed',
  'pinch your nose shut and notice whether you can still inhale through it',
  'press a palm against something solid and notice whether it gives way',
];

function realityCheck(ctx: ComposeContext, preferred: string | null): string {
  const own = preferred ? preferred.trim().replace(/[.!]+$/, '') : null;
  const lowered = own ? own.charAt(0).toLowerCase() + own.slice(1) : null;
  return firstSafe(ctx, [lowered, ...ctx.rng.shuffle(GENERIC_CHECKS)]) ?? 'ask yourself whether you are dreaming';
}

/** (5) A lucid-dreaming suggestion: a dream sign taken from this dream and a reality check. */
export function lucidity(ctx: ComposeContext): string {
  const { analysis, variant } = ctx;
  const motif = analysis.motifs.length ? analysis.motifs[(variant + 1) % analysis.motifs.length] : undefined;
  const entry = motif ? ctx.kb.motifs.find((m) => m.id === motif.id) : undefined;
  const parts: Array<string | null> = [];
  if (entry) {
    const note = splitSentences(entry.lucidNote);
    const check = realityCheck(ctx, entry.realityCheck);
    parts.push(
      analysis.lucid
        ? pickSafe(ctx, [
            'You were already lucid here; this pattern can help you get there again.',
            'Since you reached lucidity in this dream, it is worth making the path repeatable.',
          ])
        : pickSafe(ctx, [
            'For lucid dreaming, this dream offers a clear dream sign.',
            'If you would like to become lucid, this dream offers a good cue.',
          ]),
    );
    parts.push(...note.slice(0, 2));
    parts.push(pickSafe(ctx, [`When it happens again, ${check}.`, `A reality check that fits: ${check}.`]));
    return join(parts);
  }
  const images = (list: DetectedSymbol[]) => list.filter((s) => !QUALITIES.has(s.category) && s.name !== 'wake');
  const pool = images(ctx.fresh && ctx.fresh.length ? [...ctx.fresh, ...ctx.focus] : ctx.focus);
  const candidates = pool.length ? pool : ctx.focus;
  const sign = candidates.length ? candidates[variant % candidates.length] : undefined;
  const check = realityCheck(ctx, null);
  if (!sign) {
    return join([
      pickSafe(ctx, [
        'For lucid dreaming, try a simple habit: several times a day, pause and really check whether you might be dreaming.',
        'If you would like to become lucid, build a small habit of checking, during the day, whether you might be dreaming.',
      ]),
      `One good check: ${check}.`,
    ]);
  }
  const it = referenceOf(ctx.narrative, sign);
  if (analysis.lucid) {
    return join([
      pickSafe(ctx, [
        `Since you were already lucid, you could use ${sign.mention} as an anchor next time.`,
        `You reached lucidity here, and ${sign.mention} can help you do it again.`,
      ]),
      pickSafe(ctx, [
        `When ${it.subject} ${verbFor(it, 'appears', 'appear')}, steady the dream first: ${check}.`,
        `As soon as you notice ${it.object}, ${check}; then decide calmly what you want to explore.`,
      ]),
    ]);
  }
  parts.push(
    pickSafe(ctx, [
      `${capitalise(sign.mention)} could become your dream sign.`,
      `If you would like to become lucid, ${sign.mention} ${agree(sign, 'is a good cue', 'are good cues')} to watch for.`,
      `For lucid dreaming, let ${sign.mention} be your cue.`,
    ]),
  );
  parts.push(
    pickSafe(ctx, [
      `Whenever you notice ${isPerson(sign) ? 'someone' : 'something'} like ${it.object}, in a dream or during the day, pause and ${check}.`,
      `Each time ${it.subject} ${verbFor(it, 'catches', 'catch')} your attention, ${check}; practised by day, the habit tends to carry over into sleep.`,
    ]),
  );
  return join(parts);
}
