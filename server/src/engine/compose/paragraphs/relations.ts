import { joinList } from '../../nlp/text';
import type { DetectedSymbol } from '../../types';
import { agree, capitalise, pickSafe, quote, type ComposeContext } from '../context';
import { isPerson, pronounOf, spokenWords, verbFor } from '../people';
import { join, listOf, standaloneMeaning } from './shared';

/** One person of the dream: who they are, what they said or did, and what that relationship may carry. */
function personLines(ctx: ComposeContext, person: DetectedSymbol, first: boolean): Array<string | null> {
  const p = pronounOf(ctx.narrative, person);
  const said = spokenWords(ctx.narrative, person);
  const meanings = standaloneMeaning(ctx, person.name);
  const meaning = meanings[ctx.variant % Math.max(1, meanings.length)];
  const who = capitalise(person.mention);
  return [
    said
      ? pickSafe(ctx, [
          `${who} ${agree(person, 'speaks', 'speak')} in this dream: ${quote(said)}.`,
          `${who} ${agree(person, 'has', 'have')} words for you here: ${quote(said)}.`,
        ])
      : first
        ? pickSafe(ctx, [
            `The dream is also about ${person.mention}, and what ${p.subject} ${verbFor(p, 'does', 'do')} there.`,
            `${who} ${agree(person, 'is', 'are')} the relationship at the centre of this dream.`,
          ])
        : pickSafe(ctx, [
            `${who} ${agree(person, 'is', 'are')} here too.`,
            `There ${agree(person, 'is', 'are')} also ${person.mention}.`,
          ]),
    meaning ?? null,
    said
      ? pickSafe(ctx, [
          `Whatever ${p.subject} meant, notice how it felt to hear it from ${p.object}.`,
          `It can help to answer ${p.object} in your own words, as if the conversation were still going on.`,
        ])
      : pickSafe(ctx, [
          `Consider what you would want to say to ${p.object} if the dream went on.`,
          `How close did you feel to ${p.object} in the dream, compared with waking life?`,
        ]),
  ];
}

/** The relational angle: the people of the dream, or the dreamer alone with its images. */
export function relations(ctx: ComposeContext): string | null {
  const people = ctx.analysis.symbols.filter(isPerson).slice(0, 2);
  if (!people.length) {
    const images = ctx.focus.filter((s) => !isPerson(s)).slice(0, 2);
    if (!images.length) return null;
    return join([
      pickSafe(ctx, [
        `No one else appears in this dream: you are alone with ${listOf(images)}.`,
        `You meet no other person here, only ${listOf(images)}.`,
      ]),
      pickSafe(ctx, [
        'A dream without other people often turns the question inward: how do you relate to this part of yourself?',
        'When a dream leaves other people out, the relationship it explores is often the one you have with yourself.',
      ]),
    ]);
  }
  const lines = people.flatMap((person, k) => personLines(ctx, person, k === 0));
  if (people.length > 1)
    lines.push(
      pickSafe(ctx, [
        `Having ${joinList(people.map((p) => p.mention))} in one dream may point to how these relationships touch each other.`,
        `Seeing ${joinList(people.map((p) => p.mention))} together can say something about where you stand between them.`,
      ]),
    );
  return join(lines);
}
