import { wordList } from '../../kb/lexicon';
import { joinList } from '../../nlp/text';
import { agree, capitalise, firstSafe, pickSafe, quote, term, type ComposeContext } from '../context';
import { isPerson, pronounOf, spokenWords } from '../people';
import { sentenceFragment } from '../phrases';
import { associationsOf, isFigure, sentencesOf } from './shared';

/** Actions too plain to frame the question. */
const SKIP_ACTIONS = wordList('question-skip-actions');

/** (6) A question for reflection, specific to this dream. */
export function question(ctx: ComposeContext): string {
  const { analysis, variant, rng } = ctx;
  const symbol = ctx.focus.length ? ctx.focus[variant % ctx.focus.length] : undefined;
  const sentences = sentencesOf(ctx);
  const lastFragment = sentences.length > 1 ? sentenceFragment(ctx.narrative, sentences.length - 1, 10) : null;
  const endingOk = lastFragment ? quote(lastFragment) : null;
  const lead = pickSafe(ctx, ['A question to sit with:', 'Something to reflect on:', 'To take with you:']);
  if (!symbol) {
    const kp = analysis.keyPhrases.slice(0, 2).map((k) => quote(k));
    // A plain question when the key phrases are missing or their wordings were all read lately.
    const plain = endingOk
      ? `the dream ends with ${endingOk}; what would make that ending feel complete?`
      : 'what was the strongest feeling in this dream, and where else have you felt it recently?';
    const q = kp.length
      ? kp.length > 1
        ? pickSafe(ctx, [
            `what do ${joinList(kp)} mean to you personally, and where have you met them lately?`,
            `which part of ${joinList(kp)} feels most like your life right now?`,
          ])
        : pickSafe(ctx, [
            `what does ${kp[0] ?? ''} mean to you personally, and where have you met it lately?`,
            `what in your life right now feels like ${kp[0] ?? ''}?`,
          ])
      : null;
    return `${lead} ${capitalise(q ?? plain)}`;
  }
  const assoc = rng.shuffle(associationsOf(ctx, symbol.name));
  const [a1, a2] = assoc;
  const gerunds = analysis.symbols
    .filter((s) => s.category === 'Actions' && !SKIP_ACTIONS.has(s.name))
    .map((s) => s.mention);
  const person = isPerson(symbol) ? pronounOf(ctx.narrative, symbol) : null;
  const said = person ? spokenWords(ctx.narrative, symbol) : null;
  const it = person ? person.subject : agree(symbol, 'it', 'they');
  const feeling = ctx.analysis.symbols.find((s) => s.category === 'Emotions');
  // Only a figure can speak or need something: never an activity or a quality.
  const image = isFigure(symbol);
  const byAngle: Array<string | null> =
    ctx.angle === 'feeling'
      ? [
          feeling
            ? `where else in your life have you felt ${feeling.name} lately, and what set it off?`
            : 'which moment of the dream did you feel most in your body, and where have you felt that lately?',
        ]
      : ctx.angle === 'story'
        ? [endingOk ? `if the dream went on after ${endingOk}, what would you want to happen?` : null]
        : ctx.angle === 'relational' && person
          ? [`what would you say to ${symbol.mention} if you met ${person.object} again tonight?`]
          : [];
  const q =
    firstSafe(ctx, byAngle) ??
    pickSafe(ctx, [
      a1 && a2
        ? `what in your life right now ${symbol.mention.startsWith('feeling ') ? 'leaves you' : 'feels like'} ${symbol.mention}, and does it touch on ${term(a1)} or ${term(a2)}?`
        : null,
      !image
        ? null
        : said && person
          ? `${symbol.mention} told you ${quote(said)}; what does that mean to you now?`
          : `if ${symbol.mention} could speak, what would ${it} want you to know?`,
      a1
        ? `when you picture ${symbol.mention} again, what memory or person comes to mind first, and what does it have to do with ${a1}?`
        : null,
      endingOk && image
        ? `the dream ends with ${endingOk}; what would ${symbol.mention} need for that ending to feel resolved?`
        : null,
      gerunds.length && gerunds[0] !== symbol.mention
        ? `what are you doing in your days that feels like ${gerunds[0]}, and how ${agree(symbol, 'does', 'do')} ${symbol.mention} fit into it?`
        : null,
    ]);
  return `${lead} ${capitalise(q ?? `what ${agree(symbol, 'does', 'do')} ${symbol.mention} mean to you?`)}`;
}
