import { joinList } from '../../nlp/text';
import { agree, capitalise, firstSafe, pickSafe, quote, type ComposeContext } from '../context';
import type { Recurrence } from '../history';
import { QUALITIES, byName, join, listOf } from './shared';

/**
 * How the feeling has moved across the dreams where a theme returns, oldest first and this dream
 * last: "panic, then curiosity, then peace".
 */
function feelingJourney(ctx: ComposeContext, r: Recurrence): string | null {
  const steps = r.feelings.filter((f, i) => i === 0 || f !== r.feelings[i - 1]);
  if (r.feelings.length < 2) return null;
  const what = r.symbol ? r.symbol.mention : 'this pattern';
  const number = { plural: Boolean(r.symbol?.plural) };
  if (steps.length === 1)
    return pickSafe(ctx, [
      `Each time ${what} ${agree(number, 'has', 'have')} come, the feeling has been much the same: ${steps[0] ?? ''}.`,
      `The feeling around ${what} has not changed across those dreams: ${steps[0] ?? ''} every time.`,
    ]);
  const journey = steps.slice(-4).join(', then ');
  return pickSafe(ctx, [
    `Across the dreams where ${what} ${agree(number, 'returns', 'return')}, the feeling has moved: ${journey}.`,
    `Set side by side, those dreams show the feeling around ${what} shifting: ${journey}.`,
    `The feeling has changed each time ${what} came back: ${journey}.`,
  ]);
}

/** (4) Links to the user's other dreams and to the intention; null when neither has anything to say. */
export function connections(ctx: ComposeContext): string | null {
  const parts: Array<string | null> = [];
  let usedWording = -1;
  ctx.recurrences.slice(0, 2).forEach((r) => {
    const last = r.lastTitle ? `, most recently in ${quote(r.lastTitle)}` : '';
    if (r.kind === 'symbol' && r.symbol) {
      const subject = byName(r.symbol);
      const wordings = [
        `This is not the first time ${subject} has shown up: the image appears in ${r.count} of your last ${r.window} other dreams${last}.`,
        `${capitalise(subject)} is a recurring image for you, appearing in ${r.count} of your last ${r.window} other dreams${last}.`,
        `${capitalise(subject)} appears in ${r.count} of your last ${r.window} other dreams as well${last}.`,
      ];
      // A second recurring theme is worded differently from the first.
      const chosen = pickSafe(
        ctx,
        wordings.filter((_, i) => i !== usedWording),
      );
      usedWording = chosen ? wordings.indexOf(chosen) : usedWording;
      parts.push(chosen);
      parts.push(feelingJourney(ctx, r));
    } else if (r.kind === 'motif' && r.motif) {
      parts.push(
        pickSafe(ctx, [
          `The pattern of ${r.motif.name.toLowerCase()} recurs too, in ${r.count} of your last ${r.window} other dreams${last}.`,
          `${capitalise(r.motif.name.toLowerCase())} is a pattern you have dreamt before: ${r.count} of your last ${r.window} other dreams${last}.`,
        ]),
      );
      parts.push(feelingJourney(ctx, r));
    }
  });
  if (parts.length) {
    parts.push(
      pickSafe(ctx, [
        'Images that keep returning usually mark a theme your mind is still working on; what was different this time can be revealing.',
        'When a theme recurs, comparing the versions side by side often shows how your feelings about it are shifting.',
      ]),
    );
  } else if (ctx.fresh && ctx.fresh.length && ctx.historySize >= 5) {
    const images = ctx.fresh.filter((s) => !QUALITIES.has(s.category));
    const f = images.length ? images[ctx.variant % images.length] : undefined;
    if (f) {
      const named = byName(f);
      parts.push(
        pickSafe(ctx, [
          `None of your last ${ctx.historySize} other dreams features ${named}, so the image is new in your journal, which may mean something new is stirring.`,
          `${capitalise(named)} has not appeared in any of your last ${ctx.historySize} other dreams; a new image often arrives with a new concern or possibility.`,
        ]),
      );
    }
  }
  const it = ctx.intention;
  if (it) {
    const said = firstSafe(ctx, [quote(it.text)]);
    const named = said ? `your intention ${said}` : 'the intention you linked to this dream';
    const shared = it.shared.length ? listOf(it.shared.slice(0, 3)) : null;
    const words = it.sharedWords.slice(0, 3);
    if (it.outcome === 'fulfilled') {
      parts.push(
        it.lucidGoal
          ? pickSafe(ctx, [
              `You set out to become lucid, and you did: ${named} was met.`,
              `With ${named}, you hoped for lucidity, and the dream gave it to you.`,
            ])
          : pickSafe(ctx, [
              `You went to sleep with ${named}, and the dream answered it${shared ? `: ${shared} appeared` : ''}.`,
              `It looks as though ${named} was heard${shared ? `, with ${shared} right there in the dream` : ''}.`,
            ]),
      );
    } else if (it.outcome === 'partial') {
      const what = shared ?? (words.length ? joinList(words.map((w) => quote(w))) : null);
      parts.push(
        pickSafe(ctx, [
          `Part of ${named} shows up here${what ? `: ${what}` : ''}; dreams often answer sideways, so that part may be the one to follow.`,
          `The dream touches on ${named}${what ? ` through ${what}` : ''}, though not in the way you might have pictured.`,
        ]),
      );
    } else {
      parts.push(
        pickSafe(ctx, [
          `${capitalise(named)} does not appear in the dream's images directly. That is common; a dream sometimes answers the feeling behind an intention rather than its content.`,
          `This dream went its own way rather than following ${named}, which can say something about what needed attention first.`,
        ]),
      );
    }
    if (it.completed)
      parts.push(
        pickSafe(ctx, ['You have marked the intention as completed.', 'You have already marked it as completed.']),
      );
  }
  return parts.filter(Boolean).length ? join(parts) : null;
}
