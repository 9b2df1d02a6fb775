import { pickSafe, quote, toneWords, type ComposeContext } from '../context';
import { sentenceFragment } from '../phrases';
import { join } from './shared';

/** Sentences where the dreamer acts ("I ran") against those where things happen to them ("it chased me"). */
function agency(ctx: ComposeContext): 'acting' | 'acted-upon' | 'mixed' {
  let subject = 0;
  let object = 0;
  for (const t of ctx.narrative.tokens) {
    if (t.normal === 'i') subject += 1;
    else if (t.normal === 'me') object += 1;
  }
  if (subject >= object * 2 && subject >= 2) return 'acting';
  if (object > subject) return 'acted-upon';
  return 'mixed';
}

function toneAt(ctx: ComposeContext, sentence: number): number {
  return ctx.analysis.tone.arc.find((a) => a.sentence === sentence)?.compound ?? 0;
}

/** The dream as a story: its opening, its turn and its ending, and the dreamer's part in it. */
export function story(ctx: ComposeContext): string | null {
  const count = ctx.narrative.sentences.length;
  if (count < 2) return null;
  const turn = ctx.analysis.tone.arc
    .filter((a) => a.sentence > 0 && a.sentence < count - 1)
    .sort((a, b) => Math.abs(b.compound) - Math.abs(a.compound))[0];
  const open = sentenceFragment(ctx.narrative, 0, 10);
  const middle = turn ? sentenceFragment(ctx.narrative, turn.sentence, 10) : null;
  const end = sentenceFragment(ctx.narrative, count - 1, 10);
  const w = (i: number) => ctx.rng.pick(toneWords(toneAt(ctx, i)));
  const beats =
    open && end
      ? middle
        ? pickSafe(ctx, [
            `Read as a story, it has three beats: it opens with ${quote(open)}, turns at ${quote(middle)} and ends with ${quote(end)}.`,
            `As a story it moves from ${quote(open)} through ${quote(middle)} to ${quote(end)}.`,
            `The plot runs like this: first ${quote(open)}, then the turn, ${quote(middle)}, and finally ${quote(end)}.`,
          ])
        : pickSafe(ctx, [
            `Read as a story, it opens with ${quote(open)} and ends with ${quote(end)}.`,
            `As a story it goes from ${quote(open)} to ${quote(end)}.`,
          ])
      : null;
  const arc =
    turn && middle
      ? pickSafe(ctx, [
          `The opening feels ${w(0)}, the turn ${w(turn.sentence)} and the close ${w(count - 1)}.`,
          `Its feeling runs ${w(0)} at the start, ${w(turn.sentence)} at the turn and ${w(count - 1)} at the end.`,
        ])
      : null;
  const role = agency(ctx);
  const part =
    role === 'acting'
      ? pickSafe(ctx, [
          'You drive most of the plot yourself: you are the one acting, not only the one things happen to.',
          'In this story you are the protagonist who acts, which can say something about how much say you feel you have.',
        ])
      : role === 'acted-upon'
        ? pickSafe(ctx, [
            'Much of the plot happens to you rather than being chosen by you.',
            'You are more often on the receiving end here than steering events.',
          ])
        : pickSafe(ctx, [
            'You both act and are acted upon, which makes the turn worth a second look.',
            'Sometimes you steer and sometimes the dream steers you.',
          ]);
  const ending = end
    ? pickSafe(ctx, [
        `If you could write one more line after ${quote(end)}, what would happen next?`,
        'Stories often carry their meaning in how they end, so the last scene deserves a moment.',
      ])
    : null;
  return join([beats, arc, part, ending]);
}
