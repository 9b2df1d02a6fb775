import { CATEGORY_GUIDANCE } from '../kb/category-guidance';
import { gerund } from '../nlp/inflect';
import { contentWords, joinList } from '../nlp/text';
import type { DetectedSymbol } from '../types';
import {
  agree,
  withArticle,
  capitalise,
  firstSafe,
  fragment,
  leansOnContext,
  pickSafe,
  quote,
  times,
  toneWords,
  type ComposeContext,
} from './context';

/**
 * The six parts of a reading. Each builds its sentences from the dream's own words (quotes,
 * the symbols as written) and the knowledge base, choosing among several wordings with the
 * reading's seeded generator; every sentence passes the symbol guard or is left out.
 */

const PERIODS: Record<string, string> = {
  early_childhood: 'early childhood',
  adolescence: 'adolescence',
  young_adult: 'your young-adult years',
  adult: 'adulthood',
  middle_age: 'middle age',
  senior: 'your later years',
};

const QUALITIES = new Set(['Colors', 'Numbers', 'Emotions']);

const GENERIC_CHECKS = [
  'ask yourself plainly whether you are dreaming, then look for one detail that does not fit',
  'read a line of writing, look away, then read it again to see whether it has changed',
  'pinch your nose shut and notice whether you can still inhale through it',
  'press a palm against something solid and notice whether it gives way',
];

function join(sentences: Array<string | null>): string {
  return sentences.filter((s): s is string => Boolean(s)).join(' ');
}

function isTitleUseful(title: string): boolean {
  const t = title.trim();
  return t.length > 0 && !/^(untitled|dream|my dream|no title)$/i.test(t);
}

/** Mentions joined as a list ("the ocean, the beagles and flying"). */
function listOf(symbols: DetectedSymbol[]): string {
  return joinList(symbols.map((s) => s.mention));
}

function sentencesOf(ctx: ComposeContext): string[] {
  return ctx.narrative.sentences.map((s) => s.text);
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
  const title = isTitleUseful(dream.title) ? dream.title.trim() : null;
  const titled = ctx.focus.find((s) => s.inTitle && !QUALITIES.has(s.category)) ?? ctx.focus.find((s) => s.inTitle);

  const opening = setting
    ? pickSafe(ctx, [
        `This dream takes place around ${setting}.`,
        `${capitalise(setting)} is where this dream unfolds.`,
        `The scene of this dream is ${setting}.`,
      ])
    : main.length
      ? pickSafe(ctx, [
          `This dream gathers around ${listOf(main)}.`,
          `This dream is built from a handful of vivid images: ${listOf(main)}.`,
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

  const first = sentences[0];
  const turn = turningPoint(ctx);
  const openQuote = first ? quote(fragment(first)) : null;
  const turnQuote = turn ? quote(fragment(turn.text)) : null;
  const flow =
    openQuote && turnQuote && firstSafe(ctx, [openQuote]) && firstSafe(ctx, [turnQuote])
      ? pickSafe(ctx, [
          `It opens with ${openQuote}, and its sharpest moment comes with ${turnQuote}.`,
          `It begins with ${openQuote}; later comes ${turnQuote}.`,
          `From ${openQuote} it moves to ${turnQuote}.`,
        ])
      : openQuote
        ? pickSafe(ctx, [`It opens with ${openQuote}.`, `It begins: ${openQuote}.`])
        : null;

  const imagesLine =
    setting && main.length
      ? pickSafe(ctx, [
          `Its central images are ${listOf(main)}.`,
          `${capitalise(listOf(main))} carry much of its weight.`,
          `What stands out most is ${listOf(main)}.`,
        ])
      : null;
  const actionLine = actions.length
    ? pickSafe(ctx, [
        `Much of it is about ${joinList(actions.slice(0, 3).map((a) => a.mention))}.`,
        `The action centres on ${joinList(actions.slice(0, 3).map((a) => a.mention))}, which gives the dream its momentum.`,
        `There is ${joinList(actions.slice(0, 3).map((a) => a.mention))} in it, and that movement sets its pace.`,
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
  const lucidLine = analysis.lucid
    ? pickSafe(ctx, [
        'You were lucid in it, aware that you were dreaming, so some of its turns were partly your own choices.',
        'You knew you were dreaming, which gives this dream a different quality: you were partly its author.',
      ])
    : null;
  return join([opening, titleLine, flow, imagesLine, actionLine, periodLine, lucidLine]);
}

/**
 * Sentences of a symbol's meaning for this reading: those sharing words with the dream first
 * ("murky water" for a dream of dark, murky water), then the entry's own order; regeneration moves
 * on to the next ones. Never one that names an undetected symbol.
 */
function meaningSentences(ctx: ComposeContext, symbol: DetectedSymbol, offset: number, count: number): string[] {
  const all = ctx.guard.sentences(symbol.meaning);
  if (!all.length) return [];
  const standalone = all.filter((s, i) => i === 0 || !leansOnContext(s));
  const pool = standalone.length ? standalone : all;
  const own = new Set(contentWords(`${symbol.name} ${(ctx.kb.byName.get(symbol.name)?.synonyms ?? []).join(' ')}`));
  const relevance = (s: string) => contentWords(s).filter((w) => ctx.dreamWords.has(w) && !own.has(w)).length;
  const ranked = [...pool].sort((a, b) => relevance(b) - relevance(a) || all.indexOf(a) - all.indexOf(b));
  const out: string[] = [];
  for (let i = 0; i < Math.min(count, ranked.length); i += 1) {
    const s = ranked[(offset + i) % ranked.length];
    if (s && !out.includes(s)) out.push(s);
  }
  // Keep the entry's order, so "it" and "such" still read naturally.
  return out.sort((a, b) => all.indexOf(a) - all.indexOf(b));
}

/** Associations of a symbol that name no undetected symbol, simple ones first ("warmth and shelter" reads badly in a list). */
function associationsOf(ctx: ComposeContext, name: string): string[] {
  const entry = ctx.kb.byName.get(name);
  const safe = (entry?.associations ?? []).filter((a) => ctx.guard.ok(a));
  const simple = safe.filter((a) => !/\b(and|or)\b/.test(a));
  return simple.length >= 2 ? simple : safe;
}

/** (2) The key symbols, named as they appear in the dream, with their meanings. */
export function symbols(ctx: ComposeContext): string {
  const { rng, variant } = ctx;
  const concrete = ctx.focus.filter((s) => !QUALITIES.has(s.category));
  const chosen = (concrete.length >= 2 ? concrete : ctx.focus).slice(0, 3);
  const parts: Array<string | null> = [];
  if (!chosen.length) {
    const kp = ctx.analysis.keyPhrases.slice(0, 3).map((k) => quote(k));
    parts.push(
      pickSafe(ctx, [
        'None of the images here is a fixed entry in the dream dictionary, which makes your own associations the surest way in.',
        'This dream does not lean on the classic dream images, so its meaning rests mostly on what its details mean to you.',
      ]),
    );
    if (kp.length > 1)
      parts.push(
        pickSafe(ctx, [
          `Start with ${joinList(kp)}: what do they call up for you?`,
          `Notice ${joinList(kp)} and the first thing each one brings to mind.`,
        ]),
      );
    else if (kp.length)
      parts.push(
        pickSafe(ctx, [
          `Start with ${kp[0] ?? ''}: what does it call up for you?`,
          `Notice ${kp[0] ?? ''} and the first thing it brings to mind.`,
        ]),
      );
    return join(parts);
  }
  chosen.forEach((symbol, k) => {
    const excerpt = quote(symbol.excerpt);
    const excerptOk =
      ctx.guard.ok(excerpt) && symbol.excerpt.toLowerCase() !== symbol.mention.replace(/^the /, '').toLowerCase();
    // The symbol is named as the dream wrote it: when the mention is not the dream's word ("chasing"
    // for "chased"), the dream's own words are quoted alongside it.
    const surfaceShown = symbol.mention.toLowerCase().includes(symbol.surface.toLowerCase());
    const own = excerptOk ? excerpt : quote(symbol.surface);
    const ownOk = ctx.guard.ok(own);
    const times_ = symbol.sentences.length;
    const intro =
      symbol.via === 'hypernym'
        ? pickSafe(ctx, [
            `You wrote ${quote(symbol.surface)}; in dream imagery that belongs with the ${symbol.name}.`,
            `In dream language, ${symbol.mention} ${agree(symbol, 'is a kind of', 'are a kind of')} ${symbol.name}.`,
          ])
        : !surfaceShown && ownOk
          ? pickSafe(ctx, [
              `${capitalise(symbol.mention)}, in your words ${own}, ${agree(symbol, 'stands', 'stand')} out${times_ > 1 ? ` and ${agree(symbol, 'comes', 'come')} up ${times(times_)}` : ''}.`,
              `Consider ${symbol.mention}: ${own}${times_ > 1 ? `, and ${agree(symbol, 'it returns', 'they return')} more than once` : ''}.`,
              `You wrote ${own}, and ${symbol.mention} ${agree(symbol, 'is', 'are')} worth pausing on.`,
            ])
          : times_ > 1
            ? pickSafe(ctx, [
                `${capitalise(symbol.mention)} ${agree(symbol, 'comes', 'come')} up ${times(times_)}, so ${agree(symbol, 'it clearly matters', 'they clearly matter')} here.`,
                `${capitalise(symbol.mention)} ${agree(symbol, 'returns', 'return')} more than once in the dream.`,
              ])
            : k === 0
              ? pickSafe(ctx, [
                  excerptOk
                    ? `${capitalise(symbol.mention)} (${excerpt}) ${agree(symbol, 'stands', 'stand')} out first.`
                    : null,
                  `Start with ${symbol.mention}.`,
                  excerptOk ? `Consider ${symbol.mention}, in your words ${excerpt}.` : `Consider ${symbol.mention}.`,
                ])
              : pickSafe(ctx, [
                  `Then there ${agree(symbol, 'is', 'are')} ${symbol.mention}.`,
                  excerptOk
                    ? `There ${agree(symbol, 'is', 'are')} also ${symbol.mention} (${excerpt}).`
                    : `There ${agree(symbol, 'is', 'are')} also ${symbol.mention}.`,
                  `${capitalise(symbol.mention)} ${agree(symbol, 'matters', 'matter')} too.`,
                ]);
    parts.push(intro);
    const meaning = meaningSentences(ctx, symbol, variant, k === 0 ? 2 : 1);
    // Every sentence of the entry may name another symbol; the category's general reading still fits.
    if (!meaning.length)
      meaning.push(
        ...[CATEGORY_GUIDANCE[symbol.category]].filter((g): g is string => Boolean(g) && ctx.guard.ok(g ?? '')),
      );
    parts.push(...meaning);
    const assoc = rng.shuffle(associationsOf(ctx, symbol.name)).slice(0, 2);
    if (assoc.length === 2 && k < 2) {
      const [a1, a2] = assoc;
      parts.push(
        pickSafe(ctx, [
          `It is often linked with ${a1} and ${a2}.`,
          `Threads worth trying on: ${a1} and ${a2}.`,
          `Ask whether ${a1} or ${a2} has a place in your life at the moment.`,
        ]),
      );
    }
  });
  const motif = ctx.analysis.motifs.length ? ctx.analysis.motifs[variant % ctx.analysis.motifs.length] : undefined;
  const entry = motif ? ctx.kb.motifs.find((m) => m.id === motif.id) : undefined;
  if (motif && entry) {
    const reading = ctx.guard.sentences(entry.reading);
    const named = firstSafe(ctx, [
      `Taken together, this is a familiar dream pattern: ${motif.name.toLowerCase()}.`,
      `Together these images form a recognisable pattern, ${motif.name.toLowerCase()}.`,
    ]);
    parts.push(named ?? 'Taken together, these images form a familiar dream pattern.');
    const line = reading[variant % Math.max(1, reading.length)];
    if (line) parts.push(line);
  }
  return join(parts);
}

/** (3) The emotional movement, read from the sentence-by-sentence arc. */
export function emotions(ctx: ComposeContext): string {
  const { analysis, rng } = ctx;
  const arc = analysis.tone.arc;
  const sentences = sentencesOf(ctx);
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
    const s = i === undefined ? undefined : sentences[i];
    const text = s ? quote(fragment(s, 10)) : null;
    return text && ctx.guard.ok(text) ? text : null;
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
              `It opens on a ${w1} note that settles as the dream goes on${lastQ ? `, ending with ${lastQ}` : ''}.`,
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

/** (4) Links to the user's other dreams and to the intention; null when neither has anything to say. */
export function connections(ctx: ComposeContext): string | null {
  const parts: Array<string | null> = [];
  let usedWording = -1;
  ctx.recurrences.slice(0, 2).forEach((r) => {
    const last = r.lastTitle && ctx.guard.ok(r.lastTitle) ? `, most recently in ${quote(r.lastTitle)}` : '';
    if (r.kind === 'symbol' && r.symbol) {
      const subject = r.symbol.category === 'Actions' ? gerund(r.symbol.name) : `the ${r.symbol.name}`;
      const wordings = [
        `This is not the first time ${subject} has shown up: it appears in ${r.count} of your last ${r.window} other dreams${last}.`,
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
    } else if (r.kind === 'motif' && r.motif) {
      parts.push(
        firstSafe(ctx, [
          `The pattern of ${r.motif.name.toLowerCase()} recurs too, in ${r.count} of your last ${r.window} other dreams${last}.`,
        ]) ?? `One of this dream's patterns recurs too, in ${r.count} of your last ${r.window} other dreams.`,
      );
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
      const named = f.category === 'Actions' ? gerund(f.name) : `the ${f.name}`;
      parts.push(
        pickSafe(ctx, [
          `None of your last ${ctx.historySize} other dreams features ${named}, so it is new in your journal, which may mean something new is stirring.`,
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
    const words = it.sharedWords.filter((w) => ctx.guard.ok(w)).slice(0, 3);
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
    const note = ctx.guard.sentences(entry.lucidNote);
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
  if (analysis.lucid) {
    return join([
      pickSafe(ctx, [
        `Since you were already lucid, you could use ${sign.mention} as an anchor next time.`,
        `You reached lucidity here, and ${sign.mention} can help you do it again.`,
      ]),
      pickSafe(ctx, [
        `When ${agree(sign, 'it appears', 'they appear')}, steady the dream first: ${check}.`,
        `As soon as you notice ${agree(sign, 'it', 'them')}, ${check}; then decide calmly what you want to explore.`,
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
      `Whenever you notice something like ${agree(sign, 'it', 'them')}, in a dream or during the day, pause and ${check}.`,
      `Each time it catches your attention, ${check}; practised by day, the habit tends to carry over into sleep.`,
    ]),
  );
  return join(parts);
}

/** (6) A question for reflection, specific to this dream. */
export function question(ctx: ComposeContext): string {
  const { analysis, variant, rng } = ctx;
  const symbol = ctx.focus.length ? ctx.focus[variant % ctx.focus.length] : undefined;
  const sentences = sentencesOf(ctx);
  const lastSentence = sentences.at(-1);
  const ending = lastSentence ? quote(fragment(lastSentence, 10)) : null;
  const endingOk = ending && ctx.guard.ok(ending) && sentences.length > 1 ? ending : null;
  const lead = pickSafe(ctx, ['A question to sit with:', 'Something to reflect on:', 'To take with you:']);
  if (!symbol) {
    const kp = analysis.keyPhrases.slice(0, 2).map((k) => quote(k));
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
      : endingOk
        ? `the dream ends with ${endingOk}; what would make that ending feel complete?`
        : 'what was the strongest feeling in this dream, and where else have you felt it recently?';
    return `${lead} ${capitalise(q ?? '')}`;
  }
  const assoc = rng.shuffle(associationsOf(ctx, symbol.name));
  const [a1, a2] = assoc;
  const gerunds = analysis.symbols
    .filter((s) => s.category === 'Actions' && !/^(find|lose|search|wake)$/.test(s.name))
    .map((s) => s.mention);
  const q = pickSafe(ctx, [
    a1 && a2
      ? `what in your life right now feels like ${symbol.mention}, with ${agree(symbol, 'its', 'their')} sense of ${a1} or ${a2}?`
      : null,
    symbol.category === 'Actions' || symbol.category === 'Emotions'
      ? null
      : `if ${symbol.mention} could speak, what would ${agree(symbol, 'it', 'they')} want you to know?`,
    a1
      ? `when you picture ${symbol.mention} again, what memory or person comes to mind first, and what does it have to do with ${a1}?`
      : null,
    endingOk
      ? `the dream ends with ${endingOk}; what would ${symbol.mention} need for that ending to feel resolved?`
      : null,
    gerunds.length && gerunds[0] !== symbol.mention
      ? `what are you doing in your days that feels like ${gerunds[0]}, and how does ${symbol.mention} fit into it?`
      : null,
  ]);
  return `${lead} ${capitalise(q ?? `what does ${symbol.mention} mean to you?`)}`;
}
