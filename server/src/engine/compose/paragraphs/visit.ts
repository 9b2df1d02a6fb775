import { capitalise, pickSafe, quote, toneWords, type ComposeContext } from '../context';
import { isPerson, pronounOf, spokenWords } from '../people';
import { join } from './shared';

/** For a visit from someone who has died: the person, what they said, and how the meeting felt. */
export function visit(ctx: ComposeContext): string {
  const motif = ctx.analysis.motifs.find((m) => m.id === 'deceased-visitor');
  const people = ctx.analysis.symbols.filter(isPerson);
  const person =
    people.find((p) => motif && motif.sentence >= 0 && p.sentences.includes(motif.sentence)) ?? people[0] ?? null;
  const p = person ? pronounOf(ctx.narrative, person) : null;
  const said = person ? spokenWords(ctx.narrative, person) : null;
  const at = motif && motif.sentence >= 0 ? motif.sentence : (person?.sentences[0] ?? -1);
  const tone = ctx.analysis.tone.arc.find((a) => a.sentence === at)?.compound ?? ctx.analysis.tone.overall;
  const feel = ctx.rng.pick(toneWords(tone));
  return join([
    person && p
      ? pickSafe(ctx, [
          `${capitalise(person.mention)} came back to you in this dream.`,
          `In this dream you were with ${person.mention} again.`,
        ])
      : pickSafe(ctx, [
          'Someone you have lost came back to you in this dream.',
          'This dream brought back someone who has died.',
        ]),
    person && p && said
      ? pickSafe(ctx, [
          `${capitalise(p.subject)} spoke: ${quote(said)}.`,
          `And ${p.subject} had words for you: ${quote(said)}.`,
        ])
      : null,
    pickSafe(ctx, [`The meeting itself feels ${feel}.`, `The tone of the meeting is ${feel}.`]),
    pickSafe(ctx, [
      'Dreams like this are among the most common after a loss, and many people wake from them comforted, as if something had been given back.',
      'Visits from the dead often come when grief is shifting; they can feel less like symbols than like a last conversation.',
      'Whatever you believe about them, such dreams usually carry what the relationship still means to you now.',
    ]),
    person && p
      ? pickSafe(ctx, [
          `What did it mean to you to see ${p.object} like this?`,
          `Is there something you would still like to say to ${p.object}?`,
        ])
      : null,
  ]);
}
