import { wordList } from '../kb/lexicon';

/**
 * Negation scope. wink flags every token from a cue to the end of the clause ("there was no door
 * in the house" flags "house" too), which would hide symbols that are really there, so the scope is
 * narrowed here: a determiner-like cue ("no", "without") covers its noun phrase, and a verbal cue
 * ("not", "never") covers the predicate, plus the object of verbs of existence and perception
 * ("I didn't see a snake"), but not of other verbs ("I couldn't find my keys" still has keys in it).
 */

export interface NegationToken {
  normal: string;
  pos: string;
  forms: string[];
}

const NP_CUES = wordList('negation-noun-cues');
const VERBAL_CUES = wordList('negation-verbal-cues');
const EXISTENCE_VERBS = wordList('existence-verbs');
const NP_BODY = wordList('noun-phrase-pos');
const SKIP_BEFORE_PREDICATE = wordList('skip-before-predicate-pos');
const NP_CONTINUERS = wordList('noun-phrase-continuers');
/** The tagger reads possessive determiners as pronouns; inside a noun phrase they act as determiners. */
const POSSESSIVES = wordList('possessives');
/** Actions whose failure is itself a classic dream experience ("I couldn't scream"). */
const STRUGGLE_VERBS = wordList('struggle-verbs');
const STRIVING_VERBS = wordList('striving-verbs');
const OBJECT_OPENERS = wordList('object-openers');
/** "nobody", "nothing": a negative subject denies its event ("nobody chased me"). */
const SUBJECT_NEGATORS = wordList('subject-negators');

/** States told by a preposition and a noun, which a negative subject denies ("nothing was on fire"). */
const STATE_PHRASES = new Set(['on fire', 'in flames', 'under water', 'underwater', 'in danger', 'in pain']);

/** Marks the verb of a clause whose subject is negative, with its particle ("nobody ran after me"). */
function markEvent(tokens: NegationToken[], from: number, negated: boolean[]): void {
  let k = from;
  while (tokens[k]?.pos === 'AUX' || tokens[k]?.pos === 'ADV' || tokens[k]?.pos === 'PART') k += 1;
  // "Nothing was on fire", "nobody on fire", "nothing under water": a state told by a preposition is denied.
  const preposition = tokens[k];
  if (preposition?.pos === 'ADP' && STATE_PHRASES.has(`${preposition.normal} ${tokens[k + 1]?.normal ?? ''}`)) {
    negated[k] = true;
    negated[k + 1] = true;
    return;
  }
  const verb = tokens[k];
  // The tagger often reads a past form after a pronoun as a noun ("Nobody chased me").
  if (!verb || !(verb.pos === 'VERB' || (verb.pos === 'NOUN' && /(ed|ing)$/.test(verb.normal)) || verb.pos === 'ADJ'))
    return;
  negated[k] = true;
  if (tokens[k + 1]?.pos === 'ADP' || tokens[k + 1]?.pos === 'PART') negated[k + 1] = true;
  if (verb.forms.some((f) => EXISTENCE_VERBS.has(f))) {
    let j = k + 1;
    while (j < tokens.length && (tokens[j]?.pos === 'PART' || tokens[j]?.pos === 'ADP')) j += 1;
    markNounPhrase(tokens, j, negated);
  }
}

/** Marks the tokens of one noun phrase starting at `from`, returns the index after it. */
function markNounPhrase(tokens: NegationToken[], from: number, negated: boolean[]): number {
  let i = from;
  let sawNoun = false;
  while (i < tokens.length) {
    const t = tokens[i];
    if (!t) break;
    if (NP_CONTINUERS.has(t.normal) && sawNoun) {
      sawNoun = false;
      i += 1;
      continue;
    }
    if (
      t.normal === 'of' &&
      (tokens[i - 1]?.normal === 'any' || tokens[i - 1]?.normal === 'none' || tokens[i - 1]?.pos === 'NUM')
    ) {
      i += 1;
      continue;
    }
    if (!NP_BODY.has(t.pos) && !POSSESSIVES.has(t.normal)) {
      // The tagger sometimes reads a noun as a verb ("no snakes"); one such token still belongs to the phrase.
      if (!sawNoun && t.pos === 'VERB') {
        negated[i] = true;
        sawNoun = true;
        i += 1;
        continue;
      }
      break;
    }
    negated[i] = true;
    const isNoun = t.pos === 'NOUN' || t.pos === 'PROPN';
    const next = tokens[i + 1];
    if (isNoun) sawNoun = true;
    if (isNoun && (!next || (next.pos !== 'NOUN' && next.pos !== 'PROPN' && !NP_CONTINUERS.has(next.normal))))
      return i + 1;
    i += 1;
  }
  return i;
}

/** Verbs that make what follows a belief or a wish, not an event ("they thought I could fly"). */
const HYPOTHETICAL_HEADS = new Set([
  'think',
  'thought',
  'believe',
  'expect',
  'wish',
  'hope',
  'imagine',
  'pretend',
  'assume',
  'suppose',
]);
const MODALS = new Set(['could', 'would', 'might']);
/** "I wanted to hug her but she turned away": what was only wanted did not happen. */
const UNREALISED_HEADS = new Set(['want', 'wish', 'hope', 'long', 'mean', 'plan', 'intend', 'yearn']);

/** Returns, for each token of one sentence, whether it lies inside a negation's scope. */
export function negationScope(tokens: NegationToken[]): boolean[] {
  const negated = tokens.map(() => false);
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i];
    if (!t) continue;
    // "Mam would have died", "I could have drowned": what would have happened did not.
    if (
      (MODALS.has(t.normal) || t.normal === 'should') &&
      /^(have|'ve|’ve)$/.test(tokens[i + 1]?.normal ?? '') &&
      (tokens[i + 2]?.pos === 'VERB' || (tokens[i + 2]?.pos === 'ADJ' && /(ed|en)$/.test(tokens[i + 2]?.normal ?? '')))
    ) {
      negated[i + 2] = true;
      if (tokens[i + 3]?.pos === 'ADP' || tokens[i + 3]?.pos === 'PART') negated[i + 3] = true;
      continue;
    }
    // "everyone thought I could fly", "I wish I could fly": the ability is believed or wished, not shown.
    if (MODALS.has(t.normal) && tokens[i + 1]?.pos === 'VERB') {
      const head = tokens.slice(Math.max(0, i - 4), i);
      if (head.some((h) => h.forms.some((f) => HYPOTHETICAL_HEADS.has(f)) || HYPOTHETICAL_HEADS.has(h.normal))) {
        negated[i + 1] = true;
        continue;
      }
    }
    if (
      t.forms.some((f) => UNREALISED_HEADS.has(f)) &&
      t.pos === 'VERB' &&
      tokens[i + 1]?.normal === 'to' &&
      tokens[i + 2]?.pos === 'VERB' &&
      !tokens[i + 2]?.forms.some((f) => STRIVING_VERBS.has(f))
    ) {
      negated[i + 2] = true;
      if (tokens[i + 3]?.pos === 'ADP' || tokens[i + 3]?.pos === 'PART') negated[i + 3] = true;
      continue;
    }
    // "smiling, not in a frightening way": the manner denied ("not in a scary or creepy way").
    if (t.normal === 'not' && tokens[i + 1]?.normal === 'in' && /^(a|an|any|that)$/.test(tokens[i + 2]?.normal ?? '')) {
      const way = tokens.slice(i + 3, i + 8).findIndex((x) => /^(way|manner|sense)$/.test(x.normal));
      if (way > 0) {
        for (let k = i + 3; k < i + 3 + way; k += 1) negated[k] = true;
        i += 3 + way;
        continue;
      }
    }
    // "instead of panicking", "rather than scared": the alternative that did not happen.
    if (
      (t.normal === 'instead' && tokens[i + 1]?.normal === 'of') ||
      (t.normal === 'rather' && tokens[i + 1]?.normal === 'than')
    ) {
      const target = tokens[i + 2];
      if (target && (target.pos === 'VERB' || target.pos === 'ADJ')) {
        negated[i + 2] = true;
        // "instead of falling into the sea": the verb's own particle and path go with it.
        if (tokens[i + 3]?.pos === 'ADP' || tokens[i + 3]?.pos === 'PART') negated[i + 3] = true;
      } else markNounPhrase(tokens, i + 2, negated);
      continue;
    }
    // "nobody chased me", "no one was following me", "nothing attacked": the event did not happen.
    const noOne = t.normal === 'no' && (tokens[i + 1]?.normal === 'one' || tokens[i + 1]?.normal === 'body');
    // "neither of us fell", "none of them came": a negative pronoun with its "of us" is the subject too.
    const ofUs =
      SUBJECT_NEGATORS.has(t.normal) &&
      tokens[i + 1]?.normal === 'of' &&
      /^(us|them|you|it)$/.test(tokens[i + 2]?.normal ?? '');
    if ((SUBJECT_NEGATORS.has(t.normal) && tokens[i + 1]?.normal !== 'of') || noOne || ofUs) {
      const after = noOne ? i + 2 : ofUs ? i + 3 : i + 1;
      // "nobody else was crying": someone (the dreamer) was.
      if (tokens[after]?.normal === 'else') {
        i = after;
        continue;
      }
      // Only as a subject: "I saw nobody" denies nothing of its own verb.
      const prev = tokens[i - 1];
      if (!prev || ['PUNCT', 'CCONJ', 'SCONJ', 'ADV'].includes(prev.pos) || prev.normal === 'that')
        markEvent(tokens, after, negated);
      i = after - 1;
      continue;
    }
    if (NP_CUES.has(t.normal) || (t.normal === 'none' && tokens[i + 1]?.normal === 'of')) {
      // "no longer", "no matter", "no one": not a negated noun phrase.
      const next = tokens[i + 1];
      if (
        next &&
        (next.normal === 'longer' || next.normal === 'matter' || next.normal === 'one' || next.normal === 'sooner')
      )
        continue;
      const end = markNounPhrase(tokens, i + 1, negated);
      // A negated subject negates its event too: "none of my teeth fell out", "no dogs barked".
      const clauseStart = i === 0 || ['PUNCT', 'CCONJ', 'SCONJ'].includes(tokens[i - 1]?.pos ?? '');
      if (clauseStart) {
        let k = end;
        while (tokens[k]?.pos === 'AUX' || tokens[k]?.pos === 'ADV') k += 1;
        if (tokens[k]?.pos === 'VERB') {
          negated[k] = true;
          if (tokens[k + 1]?.pos === 'ADP' || tokens[k + 1]?.pos === 'PART') negated[k + 1] = true;
        }
      }
      continue;
    }
    if (!VERBAL_CUES.has(t.normal)) continue;
    // "not only", "not just": the clause is affirmative.
    const after = tokens[i + 1];
    if (after && (after.normal === 'only' || after.normal === 'just')) continue;
    let j = i + 1;
    while (
      j < tokens.length &&
      SKIP_BEFORE_PREDICATE.has(tokens[j]?.pos ?? '') &&
      !OBJECT_OPENERS.has(tokens[j]?.normal ?? '')
    )
      j += 1;
    // "not at all ghostly": the degree comes before the predicate.
    if (tokens[j]?.normal === 'at' && tokens[j + 1]?.normal === 'all') j += 2;
    const predicate = tokens[j];
    if (!predicate) continue;
    const prev = tokens[i - 1];
    const existential =
      prev !== undefined &&
      (prev.forms.includes('be') || prev.normal === 'there') &&
      tokens.slice(Math.max(0, i - 3), i).some((x) => x.normal === 'there');
    if (
      predicate.pos === 'DET' ||
      predicate.pos === 'NOUN' ||
      predicate.pos === 'PROPN' ||
      predicate.pos === 'NUM' ||
      existential
    ) {
      // "it was not a dog", "there wasn't any water"
      markNounPhrase(tokens, j, negated);
      continue;
    }
    // "I couldn't breathe", "I can't run": the struggle itself is the dream's content ("I couldn't run
    // away" is an escape that did not happen).
    const modal = tokens[i - 1];
    if (
      modal &&
      (modal.normal === 'could' || modal.normal === 'can' || modal.normal === 'ca') &&
      predicate.forms.some((f) => STRUGGLE_VERBS.has(f)) &&
      !/^(away|off)$/.test(tokens[j + 1]?.normal ?? '')
    )
      continue;
    negated[j] = true;
    // "I didn't go flying", "never went swimming": the activity gone to is denied with the going.
    if (predicate.forms.includes('go') && /ing$/.test(tokens[j + 1]?.normal ?? '')) negated[j + 1] = true;
    // Coordinated verbs: "I didn't run or scream".
    for (let c = j + 1; c + 1 < tokens.length; c += 1) {
      const link = tokens[c];
      if (!link || link.pos === 'PUNCT' || link.normal === 'but' || link.normal === 'and') break;
      if ((link.normal === 'or' || link.normal === 'nor') && tokens[c + 1]?.pos === 'VERB') negated[c + 1] = true;
    }
    // Coordinated adjectives: "not afraid or sad".
    let k = j + 1;
    if (predicate.pos === 'ADJ') {
      while (k + 1 < tokens.length && NP_CONTINUERS.has(tokens[k]?.normal ?? '') && tokens[k + 1]?.pos === 'ADJ') {
        negated[k + 1] = true;
        k += 2;
      }
      continue;
    }
    if (predicate.forms.some((f) => EXISTENCE_VERBS.has(f))) {
      // Skip particles such as "any" and the object's determiners, then mark the object.
      while (k < tokens.length && (tokens[k]?.pos === 'PART' || tokens[k]?.pos === 'ADP') && tokens[k]?.normal !== 'of')
        k += 1;
      markNounPhrase(tokens, k, negated);
    }
  }
  return negated;
}
