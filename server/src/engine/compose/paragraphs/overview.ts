import { wordList } from '../../kb/lexicon';
import { joinList } from '../../nlp/text';
import { agree, capitalise, pickSafe, quote, type ComposeContext } from '../context';
import { sentenceFragment } from '../phrases';
import { QUALITIES, join, listOf, sentencesOf } from './shared';

/** Titles that say nothing about the dream. */
const UNTITLED = wordList('untitled-titles');

const PERIODS: Record<string, string> = {
  early_childhood: 'early childhood',
  adolescence: 'adolescence',
  young_adult: 'your young-adult years',
  adult: 'adulthood',
  middle_age: 'middle age',
  senior: 'your later years',
};

function isTitleUseful(title: string): boolean {
  const t = title.trim();
  return t.length > 0 && !UNTITLED.has(t.toLowerCase());
}

/** The sentence with the strongest feeling other than the opening one (the dream's turning point). */
function turningPoint(ctx: ComposeContext): { index: number; text: string } | null {
  const arc = ctx.analysis.tone.arc;
  let best: { index: number; score: number } | null = null;
  for (const a of arc) {
    if (a.sentence === 0) continue;
    const score = Math.abs(a.compound) + (ctx.analysis.symbols.some((s) => s.sentences.includes(a.sentence)) ? 0.2 : 0);
    if (!best || score > best.score) best = { index: a.sentence, score };
  }
  const text = best ? sentencesOf(ctx)[best.index] : undefined;
  return best && text ? { index: best.index, text } : null;
}

/** (1) What the dream is about: its setting, how it opens and turns, its main images and action. */
export function overview(ctx: ComposeContext): string {
  const { analysis, dream } = ctx;
  const sentences = sentencesOf(ctx);
  const nonActions = ctx.focus.filter((s) => s.category !== 'Actions' && !QUALITIES.has(s.category));
  // Waking up is how the dream ended, not something that happened in it.
  const actions = analysis.symbols.filter((s) => s.category === 'Actions' && s.name !== 'wake');
  const main = nonActions.slice(0, 3);
  const setting = analysis.setting;
  // "The streets are where …": the setting agrees with its symbol's number.
  const settingPlural = analysis.symbols.some((s) => s.plural && s.mention === setting);
  const title = isTitleUseful(dream.title) ? dream.title.trim() : null;
  const titled = ctx.focus.find((s) => s.inTitle && !QUALITIES.has(s.category)) ?? ctx.focus.find((s) => s.inTitle);

  const opening = setting
    ? pickSafe(ctx, [
        `This dream takes place around ${setting}.`,
        `${capitalise(setting)} ${settingPlural ? 'are' : 'is'} where this dream unfolds.`,
        `The scene of this dream ${settingPlural ? 'is set among' : 'is'} ${setting}.`,
      ])
    : main.length
      ? pickSafe(ctx, [
          `This dream gathers around ${listOf(main)}.`,
          main.length > 1
            ? `This dream is built from a handful of vivid images: ${listOf(main)}.`
            : `One image holds this dream together: ${listOf(main)}.`,
        ])
      : analysis.keyPhrases.length > 1
        ? pickSafe(ctx, [
            `This dream moves among ${joinList(analysis.keyPhrases.slice(0, 3).map((k) => quote(k)))}.`,
            `The dream is made of ${joinList(analysis.keyPhrases.slice(0, 3).map((k) => quote(k)))}.`,
          ])
        : analysis.keyPhrases.length
          ? pickSafe(ctx, [
              `This dream centres on ${quote(analysis.keyPhrases[0] ?? '')}.`,
              `At the heart of this dream is ${quote(analysis.keyPhrases[0] ?? '')}.`,
            ])
          : analysis.wordCount < 25
            ? 'This is a short, spare dream, told in only a few words.'
            : 'This dream is carried more by what happens than by any single image.';

  const titleLine = title
    ? titled
      ? pickSafe(ctx, [
          `Your title, ${quote(title)}, already names ${titled.mention}.`,
          `Even the title you chose, ${quote(title)}, points to ${titled.mention}.`,
        ])
      : pickSafe(ctx, [`You called it ${quote(title)}.`, `You gave it the title ${quote(title)}.`])
    : null;

  const turn = turningPoint(ctx);
  const openFragment = sentences.length ? sentenceFragment(ctx.narrative, 0) : null;
  const turnFragment = turn ? sentenceFragment(ctx.narrative, turn.index) : null;
  const openQuote = openFragment ? quote(openFragment) : null;
  const turnQuote = turnFragment ? quote(turnFragment) : null;
  const flow =
    openQuote && turnQuote
      ? pickSafe(ctx, [
          `It opens with ${openQuote}, and its sharpest moment comes with ${turnQuote}.`,
          `It begins with ${openQuote}; later comes ${turnQuote}.`,
          `From ${openQuote} it moves to ${turnQuote}.`,
        ])
      : openQuote
        ? pickSafe(ctx, [`It opens with ${openQuote}.`, `It begins: ${openQuote}.`])
        : null;

  // One image is "its central image" and "carries"; several, or one plural, "carry".
  const many = { plural: main.length > 1 || Boolean(main[0]?.plural) };
  const imagesLine =
    setting && main.length
      ? pickSafe(ctx, [
          `${main.length > 1 ? 'Its central images are' : 'Its central image is'} ${listOf(main)}.`,
          `${capitalise(listOf(main))} ${agree(many, 'carries', 'carry')} much of its weight.`,
          `What stands out most is ${listOf(main)}.`,
        ])
      : null;
  const actionLine = actions.length
    ? pickSafe(ctx, [
        `Much of it is about ${joinList(actions.slice(0, 3).map((a) => a.mention))}.`,
        `The action centres on ${joinList(actions.slice(0, 3).map((a) => a.mention))}, which gives the dream its momentum.`,
        `${capitalise(joinList(actions.slice(0, 3).map((a) => a.mention)))} ${actions.length > 1 ? 'set' : 'sets'} its pace.`,
      ])
    : null;

  const period = dream.timePeriod ? PERIODS[dream.timePeriod] : undefined;
  const periodLine =
    dream.timePeriod === 'recurring'
      ? pickSafe(ctx, [
          'You marked it as a recurring dream; when a dream returns, its theme is often still asking for attention.',
          'It is a recurring dream for you, and a dream that keeps coming back usually has something it has not finished saying.',
        ])
      : period
        ? pickSafe(ctx, [
            `You linked it to ${period}, so it may carry feelings from that period of your life.`,
            `You placed it in ${period}, which may colour what its images mean for you.`,
          ])
        : null;
  const lucidLine =
    analysis.lucid && ctx.angle !== 'lucid-practice'
      ? pickSafe(ctx, [
          'You were lucid in it, aware that you were dreaming, so some of its turns were partly your own choices.',
          'You knew you were dreaming, which gives this dream a different quality: you were partly its author.',
        ])
      : null;
  return join([opening, titleLine, flow, imagesLine, actionLine, periodLine, lucidLine]);
}
