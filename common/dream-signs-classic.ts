/**
 * Classic dream signs: things that behave oddly in dreams, which lucid dreamers learn to treat as
 * cues, each with a short note and the reality check that goes with it. The dream dialog highlights
 * them while the dreamer writes (app/src/features/dreams/live-signs.ts); the personal lexicon page
 * lists the reality checks, one anchor each (`#check-<id>`).
 */
export interface RealityCheck {
  id: string;
  title: string;
  how: string;
}

export interface ClassicDreamSign {
  id: string;
  label: string;
  /** Matched case-insensitively against the dreamer's words, on word boundaries. */
  pattern: RegExp;
  note: string;
  check: RealityCheck['id'];
}

export const REALITY_CHECKS: readonly RealityCheck[] = [
  {
    id: 'reread',
    title: 'Read it twice',
    how: 'Read a line of text, look away, then read it again. Awake, it stays the same; in a dream the words tend to shift or scramble.',
  },
  {
    id: 'clock',
    title: 'Check the time twice',
    how: 'Look at a clock or watch, look away, and look back. Dream clocks jump, blur or show impossible times.',
  },
  {
    id: 'hands',
    title: 'Look at your hands',
    how: 'Count your fingers and push a finger against your palm. Dream hands often have the wrong number of fingers, or the finger passes through.',
  },
  {
    id: 'switch',
    title: 'Flick a light switch',
    how: 'Turn a light off and on. In dreams the brightness often refuses to change, or changes in a way a lamp cannot.',
  },
  {
    id: 'float',
    title: 'Try to float',
    how: 'Ask yourself whether you could really do this awake, then jump gently. If you drift down slowly or hang in the air, you are dreaming.',
  },
  {
    id: 'nose',
    title: 'Pinch your nose and breathe',
    how: 'Hold your nose closed and try to breathe through it. If air still flows, you are dreaming.',
  },
];

export const CLASSIC_DREAM_SIGNS: readonly ClassicDreamSign[] = [
  {
    id: 'text',
    label: 'Text',
    pattern:
      /\b(?:text|texts|writing|written|words|letters|page|pages|book|books|newspaper|menu|sign|signs|reading|read)\b/i,
    note: 'Text rarely holds still in dreams.',
    check: 'reread',
  },
  {
    id: 'clock',
    label: 'Clocks',
    pattern: /\b(?:clocks?|watch|watches|wristwatch(?:es)?|alarm clock)\b/i,
    note: 'Dream clocks often show the wrong time.',
    check: 'clock',
  },
  {
    id: 'hands',
    label: 'Hands',
    pattern: /\b(?:hands?|fingers?|palms?)\b/i,
    note: 'Hands often look wrong in dreams.',
    check: 'hands',
  },
  {
    id: 'switch',
    label: 'Light switches',
    pattern: /\b(?:light ?switch(?:es)?|switch(?:ed|es)? (?:on|off)|lamps?)\b/i,
    note: 'Lights in dreams often ignore their switch.',
    check: 'switch',
  },
  {
    id: 'flying',
    label: 'Flying',
    pattern: /\b(?:fly|flies|flying|flew|flown|levitat(?:e|ed|ing)|hover(?:ed|ing)?)\b/i,
    note: 'Flying is a classic sign that you are dreaming.',
    check: 'float',
  },
  {
    id: 'deceased',
    label: 'Someone who has died',
    pattern:
      /\b(?:dead|died|deceased|passed away|ghosts?|late (?:grand)?(?:mother|father|mum|mom|dad|husband|wife|brother|sister))\b/i,
    note: 'Meeting someone who has died is a strong dream cue.',
    check: 'hands',
  },
];

/** The reality check for recurring personal dream signs. */
export const PERSONAL_SIGN_CHECK: RealityCheck['id'] = 'nose';
