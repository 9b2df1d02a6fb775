import { GUIDED } from '@common/limits';
import { PAUSE_MARKER, pauseMarker, pauseSeconds, type GuidedType } from '@common/guided';
import type { PersonalizedContent, PersonalizedRequest } from '@common/schemas/guided';
import { Rng } from '../../engine/compose/rng';
import type { Block, BlockKind, BlockLibrary } from './library';

/**
 * Personalised practice scripts composed offline from the building blocks (content/blocks.json):
 * blocks fit for the type and difficulty, in an order that suits the type, as many as the requested
 * minutes hold at a spoken pace, with rests (pause markers) making up the remaining time. The focus
 * area, the preferences and the user's recurring dream signs are woven into the blocks' placeholders.
 */

export interface ComposeInput extends PersonalizedRequest {
  /** The user's recurring dream signs, most frequent first (nouns, e.g. "water", "an old house"). */
  signs: string[];
}

export interface Composition extends PersonalizedContent {
  /** Estimated minutes: spoken words at the pace plus every pause. */
  estimatedMinutes: number;
  spokenWords: number;
  blockIds: string[];
}

const HEADINGS: Record<BlockKind, string> = {
  settle: 'Settling in',
  breath: 'Breath',
  bodyScan: 'Body scan',
  visualisation: 'Visualisation',
  affirmation: 'Affirmation',
  lucidityCue: 'Lucidity cue',
  return: 'Closing',
};

/** The order of a script for each type; the middle part repeats (with other variants) while time remains. */
const PLAN: Record<GuidedType, { opening: BlockKind[]; cycle: BlockKind[] }> = {
  meditation: { opening: ['settle', 'breath', 'bodyScan'], cycle: ['visualisation', 'breath', 'affirmation'] },
  technique: { opening: ['settle', 'breath'], cycle: ['lucidityCue', 'visualisation', 'affirmation'] },
  exercise: { opening: ['settle', 'breath'], cycle: ['visualisation', 'lucidityCue', 'bodyScan'] },
};

/** Kinds left out first when the minutes are few. */
const DROP_ORDER: BlockKind[] = ['bodyScan', 'affirmation', 'breath', 'lucidityCue'];

const TYPE_LABEL: Record<GuidedType, string> = {
  meditation: 'Meditation',
  technique: 'Technique',
  exercise: 'Exercise',
};

const STOPWORDS = new Set(
  'a an the and or of to in on for with my your me i into about from at by over under more less being get getting feel feeling'.split(
    ' ',
  ),
);

/** Words in a text, pause markers and headings' hashes aside. */
export function spokenWords(text: string): number {
  return text
    .replace(PAUSE_MARKER, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export function pauseTotalSeconds(text: string): number {
  let total = 0;
  for (const m of text.matchAll(PAUSE_MARKER)) total += pauseSeconds(m[1] ?? '0', m[2] ?? 's');
  return total;
}

/** Seconds a text takes to guide: its words at the spoken pace plus its pauses. */
export function scriptSeconds(text: string): number {
  return (spokenWords(text) / GUIDED.wordsPerMinute) * 60 + pauseTotalSeconds(text);
}

/** User text made safe to splice into a script: one line, no markers or placeholders of its own. */
function clean(textIn: string): string {
  return textIn
    .replace(/[[\]{}]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A noun phrase as it reads mid-sentence: first letter lowered unless the first word is an acronym. */
function midSentence(phrase: string): string {
  const first = phrase.split(' ')[0] ?? '';
  if (first.length > 1 && first === first.toUpperCase()) return phrase;
  return phrase.charAt(0).toLowerCase() + phrase.slice(1);
}

function capitalise(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

function seedOf(parts: string[]): number {
  let h = 2166136261;
  for (const ch of parts.join('\u0001')) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

interface Candidate {
  kind: BlockKind;
  block: Block;
  words: number;
}

/** The blocks of a kind fit for the request, best matches first: exact type and difficulty, then type only, then any. */
function candidates(library: BlockLibrary, kind: BlockKind, input: ComposeInput, rng: Rng): Candidate[] {
  const usable = library[kind].filter(
    (b) => (!b.id.endsWith('-pref') || input.preferences) && (!b.id.includes('-sign') || input.signs.length),
  );
  const tiers = [
    usable.filter((b) => b.types.includes(input.contentType) && b.difficulty.includes(input.difficulty)),
    usable.filter((b) => b.types.includes(input.contentType) && !b.difficulty.includes(input.difficulty)),
    usable.filter((b) => !b.types.includes(input.contentType)),
  ];
  // Within a tier, personal blocks (preferences, dream signs) come first so they are woven in.
  const personal = (b: Block) => (b.id.endsWith('-pref') || b.id.includes('-sign') ? 0 : 1);
  return tiers.flatMap((tier) =>
    rng
      .shuffle(tier)
      .sort((a, b) => personal(a) - personal(b))
      .map((block) => ({ kind, block, words: spokenWords(block.text) })),
  );
}

export function composePersonalized(library: BlockLibrary, input: ComposeInput): Composition {
  const focus = clean(input.focusArea);
  const preferences = clean(input.preferences).replace(/[.!?;,:]+$/, '');
  const signs = input.signs.map(clean).filter(Boolean);
  const rng = new Rng(
    seedOf([focus.toLowerCase(), preferences.toLowerCase(), input.contentType, input.difficulty, signs.join(',')]),
  );
  const target = input.duration * 60;
  // The words are proportional to the minutes; the rests fill the rest of the time.
  const wordBudget = input.duration * GUIDED.scriptWordsPerMinute;

  const pools = new Map<BlockKind, Candidate[]>();
  const pool = (kind: BlockKind) => {
    let list = pools.get(kind);
    if (!list) {
      list = candidates(library, kind, { ...input, preferences, signs }, rng);
      pools.set(kind, list);
    }
    return list;
  };
  const take = (kind: BlockKind): Candidate | undefined => pool(kind).shift();

  const plan = PLAN[input.contentType];
  const closing = take('return');
  const chosen: Candidate[] = [];
  for (const kind of plan.opening) {
    const c = take(kind);
    if (c) chosen.push(c);
  }
  const middle: Candidate[] = [];
  for (const kind of plan.cycle) {
    const c = take(kind);
    if (c) middle.push(c);
  }
  const ending = closing ? [closing] : [];
  const total = () => [...chosen, ...middle, ...ending].reduce((s, c) => s + c.words, 0);

  // The first block carrying the preferences and the first carrying a dream sign stay whatever the minutes.
  const personal = (c: Candidate) =>
    c.block.id.endsWith('-pref') ? 'pref' : c.block.id.includes('-sign') ? 'sign' : '';
  const kept = new Set<string>();
  for (const c of [...chosen, ...middle, ...ending]) {
    const p = personal(c);
    if (p && ![...kept].some((id) => id.endsWith('-pref') === (p === 'pref'))) kept.add(c.block.id);
  }

  // Few minutes: leave out what matters least, then use the shortest variants.
  // The type's own core (its cycle's first kind: a technique's lucidity cue) is never left out.
  for (const kind of DROP_ORDER.filter((k) => k !== plan.cycle[0])) {
    for (const list of [middle, chosen]) {
      for (let at = list.length - 1; at >= 0 && total() > wordBudget; at -= 1) {
        const c = list[at];
        if (c && c.kind === kind && !kept.has(c.block.id)) list.splice(at, 1);
      }
    }
  }
  for (let improved = true; improved && total() > wordBudget;) {
    improved = false;
    for (const list of [middle, chosen, ending]) {
      for (let at = 0; at < list.length && !improved; at += 1) {
        const c = list[at];
        if (!c) continue;
        const options = pool(c.kind);
        let best = -1;
        options.forEach((o, k) => {
          const fits = kept.has(c.block.id) ? personal(o) === personal(c) : personal(o) === '';
          if (fits && o.words < (options[best]?.words ?? c.words)) best = k;
        });
        const shorter = options[best];
        if (shorter) {
          options.splice(best, 1, c);
          list[at] = shorter;
          if (kept.delete(c.block.id)) kept.add(shorter.block.id);
          improved = true;
        }
      }
      if (improved) break;
    }
  }

  // More minutes: further rounds of the cycle with unused variants, while they fit.
  let added = true;
  while (added) {
    added = false;
    for (const kind of plan.cycle) {
      const next = pool(kind)[0];
      if (next && total() + next.words <= wordBudget) {
        middle.push(next);
        pool(kind).shift();
        added = true;
      }
    }
  }

  const sections = [...chosen, ...middle, ...ending];
  let signTurn = 0;
  const fill = (textIn: string) =>
    textIn.replace(/\{(focus|preferences|sign)\}/g, (_all, name: string) => {
      if (name === 'focus') return midSentence(focus);
      if (name === 'preferences') return preferences;
      const sign = signs[signTurn % Math.max(1, signs.length)] ?? '';
      signTurn += 1;
      return midSentence(sign);
    });

  const typeWord = input.contentType;
  const intro = [
    `This ${input.duration}-minute ${typeWord} is woven around ${midSentence(focus)}.`,
    preferences ? `It follows what you asked for: ${preferences}.` : '',
    signs.length
      ? `Your recurring dream signs (${signs.map(midSentence).join(', ')}) return in it as cues to notice that you are dreaming.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');

  const written = sections.map((c) => fill(c.block.text).trim());
  // The rests: the blocks' own pauses scaled so that speech and rests come to the minutes asked for.
  const speech = (spokenWords([intro, ...written].join(' ')) / GUIDED.wordsPerMinute) * 60;
  const restsWritten = written.reduce((sum, t) => sum + pauseTotalSeconds(t), 0);
  const available = Math.max(0, target - speech);
  const scale = restsWritten > 0 ? available / restsWritten : 0;
  const scalePause = (seconds: number) => Math.max(5, Math.round((seconds * scale) / 5) * 5);
  const bodies = written.map((t) =>
    t.replace(new RegExp(PAUSE_MARKER.source, 'gi'), (_m, amount: string, unit: string) =>
      pauseMarker(scalePause(pauseSeconds(amount, unit))),
    ),
  );
  // Blocks without rests of their own: the time left becomes a rest after each section.
  let spare = Math.floor((target - scriptSeconds([intro, ...bodies].join('\n\n'))) / 10) * 10;
  const rests = sections.map(() => 0);
  if (spare >= 10 && sections.length) {
    const share = Math.floor(spare / sections.length / 10) * 10;
    for (let i = 0; i < sections.length; i += 1) rests[i] = share;
    spare -= share * sections.length;
    for (let i = 0; spare >= 10; i = (i + 1) % sections.length) {
      rests[i] = (rests[i] ?? 0) + 10;
      spare -= 10;
    }
  }

  const parts = [intro];
  sections.forEach((c, i) => {
    const heading = c.kind === 'visualisation' ? `${HEADINGS.visualisation}: ${capitalise(focus)}` : HEADINGS[c.kind];
    const rest = rests[i] ?? 0;
    parts.push(`## ${heading}`, bodies[i] ?? '');
    if (rest > 0) parts.push(pauseMarker(rest));
  });
  const content = parts.join('\n\n');

  const label = TYPE_LABEL[input.contentType];
  const shortFocus = focus.length > 80 ? `${focus.slice(0, 79).trimEnd()}…` : focus;
  const keywords = focus
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter((w) => w.length >= 3 && !STOPWORDS.has(w));
  const tags = [
    ...new Set([
      'personalized',
      input.contentType,
      input.difficulty,
      ...keywords.slice(0, 3),
      ...signs.slice(0, 2).map((s) => s.toLowerCase()),
    ]),
  ];
  const description = [
    `A ${input.duration}-minute ${input.difficulty} ${typeWord} around ${midSentence(shortFocus)}`,
    preferences ? ', shaped by your preferences' : '',
    signs.length ? `, with cues from your dream signs` : '',
    '.',
  ].join('');

  return {
    title: `${label}: ${capitalise(shortFocus)}`,
    description,
    content,
    tags,
    estimatedMinutes: scriptSeconds(content) / 60,
    spokenWords: spokenWords(content),
    blockIds: sections.map((c) => c.block.id),
  };
}
