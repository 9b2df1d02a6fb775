import { joinList } from '../../nlp/text';
import { withArticle, capitalise, pickSafe, quote, toneWords, type ComposeContext } from '../context';
import { sentenceFragment } from '../phrases';
import { join } from './shared';

/** (3) The emotional movement, read from the sentence-by-sentence arc. */
export function emotions(ctx: ComposeContext): string {
  const { analysis, rng } = ctx;
  const arc = analysis.tone.arc;
  const feelings = analysis.symbols.filter((s) => s.category === 'Emotions');
  const named = joinList(feelings.slice(0, 3).map((f) => f.surface.toLowerCase()));
  const feelingLine = feelings.length
    ? pickSafe(ctx, [
        `You name ${feelings.length > 1 ? 'the feelings' : 'the feeling'} directly: ${named}.`,
        `The dream names its own ${feelings.length > 1 ? 'feelings' : 'feeling'}: ${named}.`,
      ])
    : null;
  if (!arc.length)
    return join([
      feelingLine ?? 'There is little here to read the mood from, so how the dream felt to you is the thing to trust.',
    ]);
  const third = Math.max(1, Math.ceil(arc.length / 3));
  const avg = (xs: Array<{ compound: number }>) => xs.reduce((a, b) => a + b.compound, 0) / Math.max(1, xs.length);
  const start = avg(arc.slice(0, third));
  const end = avg(arc.slice(-third));
  const w1 = rng.pick(toneWords(start));
  const w2 = rng.pick(toneWords(end));
  const low = [...arc].sort((a, b) => a.compound - b.compound)[0];
  const high = [...arc].sort((a, b) => b.compound - a.compound)[0];
  const q = (i: number | undefined) => {
    const text = i === undefined ? null : sentenceFragment(ctx.narrative, i, 10);
    return text ? quote(text) : null;
  };
  const lastQ = q(arc.length - 1);
  const firstQ = q(0);
  let body: Array<string | null>;
  switch (analysis.tone.movement) {
    case 'rising':
      body = [
        Math.abs(end) < 0.15
          ? pickSafe(ctx, [
              `Emotionally, the dream starts out ${w1}, and the tension eases by the end${lastQ ? `, with ${lastQ}` : ''}.`,
              `It opens on ${withArticle(w1)} note that settles as the dream goes on${lastQ ? `, ending with ${lastQ}` : ''}.`,
            ])
          : pickSafe(ctx, [
              `Emotionally, the dream turns upward: it starts out ${w1} and ends ${w2}${lastQ ? `, with ${lastQ}` : ''}.`,
              `The mood rises as the dream goes on, from ${w1} at the start to ${w2} by the end${lastQ ? ` (${lastQ})` : ''}.`,
            ]),
        pickSafe(ctx, [
          'A dream that eases like this often reflects a part of you that already senses a way through.',
          'That kind of turn can suggest you are finding your footing with whatever the dream is working on.',
        ]),
      ];
      break;
    case 'falling':
      body = [
        Math.abs(start) < 0.15
          ? pickSafe(ctx, [
              `The dream begins quietly${firstQ ? ` (${firstQ})` : ''} and grows ${w2} as it goes on${lastQ ? `, closing on ${lastQ}` : ''}.`,
              `What starts as an ordinary scene turns ${w2} towards the end${lastQ ? `: ${lastQ}` : ''}.`,
            ])
          : pickSafe(ctx, [
              `The mood darkens as the dream goes on: it begins ${w1}${firstQ ? ` (${firstQ})` : ''} and ends ${w2}${lastQ ? `, with ${lastQ}` : ''}.`,
              `It starts ${w1} but grows ${w2} towards the end${lastQ ? `, closing on ${lastQ}` : ''}.`,
            ]),
        pickSafe(ctx, [
          'When a dream ends on its hardest note, it is often pointing at something that still feels unfinished.',
          'Ending on a difficult feeling does not make it a bad omen; it usually marks what still needs your attention.',
        ]),
      ];
      break;
    case 'mixed': {
      const lowQ = q(low?.sentence);
      const highQ = q(high?.sentence);
      body = [
        lowQ && highQ
          ? pickSafe(ctx, [
              `The feeling swings back and forth, from moments like ${lowQ} to ones like ${highQ}.`,
              `Its mood is changeable: ${highQ} sits alongside ${lowQ}.`,
            ])
          : 'The feeling swings back and forth rather than settling.',
        pickSafe(ctx, [
          'A swing like that can reflect mixed feelings about one and the same situation.',
          'Dreams often hold more than one feeling at once when life asks you to.',
        ]),
      ];
      break;
    }
    default: {
      const overall = analysis.tone.overall;
      const w = rng.pick(toneWords(overall));
      body =
        Math.abs(overall) < 0.15 && feelings.length
          ? [
              pickSafe(ctx, [
                'Those feelings sit inside a fairly even telling, so they may run deeper than the words suggest.',
                'Around them the telling stays even, which can mean the feeling is held quietly rather than shown.',
              ]),
            ]
          : Math.abs(overall) < 0.15
            ? [
                pickSafe(ctx, [
                  'The telling stays fairly even, without strong emotional words, so the feeling may live more in the images than in the story.',
                  'You describe it in an even, matter-of-fact way, which can mean the feeling sits underneath the events rather than on the surface.',
                ]),
                pickSafe(ctx, [
                  'How did it feel to you in the moment?',
                  'It is worth asking how it actually felt while it was happening.',
                ]),
              ]
            : overall < 0
              ? [
                  pickSafe(ctx, [
                    `${capitalise(withArticle(w))} mood colours the whole dream${firstQ ? `, from ${firstQ} onwards` : ''}.`,
                    `The dream stays ${w} from start to finish, without a clear release.`,
                  ]),
                  pickSafe(ctx, [
                    'A steady undertone like that often echoes a concern that has been with you for a while.',
                    'That constant tension can be a sign of something you have been carrying quietly.',
                  ]),
                ]
              : [
                  pickSafe(ctx, [
                    `The dream keeps ${withArticle(w)} tone from start to finish, which is worth savouring.`,
                    `It stays ${w} throughout, a good-natured dream.`,
                  ]),
                  pickSafe(ctx, [
                    'Pleasant dreams can be as telling as difficult ones: they show what nourishes you.',
                    'Notice what in the dream made it feel that way.',
                  ]),
                ];
    }
  }
  return join([feelingLine, ...body]);
}
