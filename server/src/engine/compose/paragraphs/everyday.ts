import { joinList } from '../../nlp/text';
import { pickSafe, quote, type ComposeContext } from '../context';
import { sentenceFragment } from '../phrases';
import { QUALITIES, join, listOf } from './shared';

/** For a mundane dream: plainly what happens, and why ordinary dreams are worth a glance too. */
export function everyday(ctx: ComposeContext): string {
  const images = ctx.focus.filter((s) => !QUALITIES.has(s.category)).slice(0, 3);
  const phrases = ctx.analysis.keyPhrases.slice(0, 3).map((k) => quote(k));
  const open = sentenceFragment(ctx.narrative, 0, 12);
  return join([
    images.length
      ? pickSafe(ctx, [
          `This is an everyday dream, made of ordinary things: ${listOf(images)}.`,
          `Nothing dramatic happens here; the dream stays with ${listOf(images)}.`,
        ])
      : phrases.length
        ? pickSafe(ctx, [
            `This is an everyday dream: ${joinList(phrases)}.`,
            `Nothing dramatic happens here, only ${joinList(phrases)}.`,
          ])
        : 'This is a quiet, everyday dream.',
    open ? pickSafe(ctx, [`It begins simply: ${quote(open)}.`, `It starts with ${quote(open)}.`]) : null,
    pickSafe(ctx, [
      'Much of what we dream replays the day in passing, so a plain dream may simply be your mind filing things away.',
      'Ordinary dreams often sort through recent days, and they rarely need a hidden meaning.',
      'A dream like this tends to be the mind tidying up after the day, and that is worth knowing too.',
    ]),
    pickSafe(ctx, [
      'If one small detail stayed with you after waking, that detail is the place to look.',
      'Notice whether any part of it felt slightly off or more vivid than the rest.',
    ]),
  ]);
}
