import type { TermRef } from '../kb/loader';
import type { WordNet } from '../nlp/wordnet';
import type { Token } from './document';

/**
 * When a word may stand for a symbol, judged by its part of speech. Symbols of things (a ring, a
 * park, a wave) are nouns; "the phone rang", "we parked", "she waved" use the same spelling for
 * another idea. Actions, emotions, colours and numbers are read whatever their part of speech.
 */

const ANY_POS_CATEGORIES = new Set(['Actions', 'Emotions', 'Colors', 'Numbers']);
const NOUN_LIKE = new Set(['NOUN', 'PROPN', 'X', 'NUM', 'INTJ', 'SYM']);

/** Things whose verb is the same idea: "it was raining", "the car crashed", "she texted me". */
const VERB_SAME_IDEA = new Set([
  'rain', 'drizzle', 'snow', 'hail', 'thunder', 'flood', 'crash', 'wreck', 'bleed', 'breathe', 'text', 'email', 'message',
  'phone', 'telephone', 'bike', 'cycle', 'boat', 'sail', 'canoe', 'kayak', 'photograph', 'poison', 'wound', 'scar', 'lock',
  'padlock', 'dress', 'mask', 'veil', 'disguise', 'bath', 'bathe', 'shop', 'feast', 'garden', 'bloom', 'blossom', 'sprout',
  'bubble', 'starve', 'paralyze', 'paralyse', 'electrocute', 'teleport', 'levitate', 'pray', 'worship', 'burn', 'freeze',
  'melt', 'glow', 'sparkle', 'explode', 'marry', 'wed', 'bury', 'haunt', 'vomit', 'ski', 'skate', 'surf', 'dive', 'sweat',
  'injure', 'hurt', 'die', 'kill', 'murder', 'fight', 'attack', 'shoot', 'stab', 'dream', 'sleep', 'kiss', 'hug', 'swim',
  'sink', 'drown', 'fly', 'fall', 'jump', 'run', 'chase', 'hide', 'climb', 'dance', 'sing', 'cry', 'scream', 'float',
]);

/** Adjective and adverb uses that are another idea than the noun symbol: "a key moment", "present at the time". */
const MODIFIER_OTHER_IDEA = new Set(['present', 'key', 'mobile', 'well', 'cross', 'fine', 'light', 'live', 'square', 'fair', 'plain', 'home']);

const DETERMINERS = new Set(['a', 'an', 'the', 'my', 'your', 'his', 'her', 'its', 'our', 'their', 'this', 'that', 'one']);

export class PosPolicy {
  private readonly nounless = new Map<string, boolean>();

  constructor(private readonly wordnet: WordNet) {}

  /** True when WordNet knows the term only as a verb or adjective ("naked", "pregnant", "bleed"). */
  private hasNoNounSense(term: string): boolean {
    let v = this.nounless.get(term);
    if (v === undefined) {
      v = this.wordnet.lookup(term, 'noun') === null;
      this.nounless.set(term, v);
    }
    return v;
  }

  /** `prev` and `next` are the neighbouring tokens in the sentence, used where the tagger hesitates. */
  allows(ref: TermRef, token: Token, prev?: Token, next?: Token): boolean {
    if (ANY_POS_CATEGORIES.has(ref.symbol.category)) return token.pos !== 'DET' && token.pos !== 'ADP' && token.pos !== 'PRON';
    if (NOUN_LIKE.has(token.pos)) return true;
    const term = ref.term;
    if (token.pos === 'VERB' || token.pos === 'AUX') return VERB_SAME_IDEA.has(term) || this.hasNoNounSense(term);
    if (token.pos === 'ADJ' || token.pos === 'ADV') {
      if (!MODIFIER_OTHER_IDEA.has(term)) return true;
      // "a key in her kitchen" is a key; "a key moment" is not.
      return prev !== undefined && DETERMINERS.has(prev.normal) && (next === undefined || (next.pos !== 'NOUN' && next.pos !== 'ADJ' && next.pos !== 'PROPN'));
    }
    return false;
  }
}
