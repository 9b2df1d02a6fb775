import { capitalise, pickSafe, quote, type ComposeContext } from '../context';
import { referenceOf, verbFor } from '../people';
import { sentenceFragment } from '../phrases';
import { isFigure, join } from './shared';

/** The most frightening moment: the sentence with the lowest tone. */
function worstMoment(ctx: ComposeContext): number | null {
  const low = [...ctx.analysis.tone.arc].sort((a, b) => a.compound - b.compound)[0];
  return low && low.compound < 0 ? low.sentence : null;
}

/** For a nightmare: that it was frightening, and ways to work with it, awake and (where it fits) lucid. */
export function nightmare(ctx: ComposeContext): string {
  const worst = worstMoment(ctx);
  const moment = worst === null ? null : sentenceFragment(ctx.narrative, worst, 12);
  // Something to turn towards and question: a figure, not an activity or a quality.
  const lead = ctx.focus.find(isFigure);
  const it = lead ? referenceOf(ctx.narrative, lead) : null;
  return join([
    moment
      ? pickSafe(ctx, [
          `The hardest moment is ${quote(moment)}.`,
          `The dream is at its worst with ${quote(moment)}.`,
          `Everything in the dream builds to ${quote(moment)}.`,
        ])
      : null,
    pickSafe(ctx, [
      'Nightmares are often the mind rehearsing a threat in a safe place, so what you felt is real even though the danger was not.',
      'A nightmare usually says more about a pressure you are under than about anything that will happen.',
      'Frightening dreams tend to cluster around stress, so this one may be a measure of how much you are carrying.',
    ]),
    pickSafe(ctx, [
      'One way to work with it: while awake, replay the dream and change how it ends, then rehearse the new ending for a few minutes.',
      'Try writing a new ending for it while you are awake and picturing it before sleep; rehearsed endings often soften a returning nightmare.',
      'If it returns, it can help to imagine a different ending during the day and go over it at bedtime.',
    ]),
    ctx.lucidFits && lead && it
      ? pickSafe(ctx, [
          `If you ever realise you are dreaming in the middle of it, you could turn towards ${lead.mention} and ask what ${it.subject} ${verbFor(it, 'wants', 'want')}.`,
          `${capitalise(lead.mention)} could also become your cue: recognising ${it.object} as a dream image is the first step to changing the scene.`,
        ])
      : null,
  ]);
}
