import { categoriesWith, wordList } from '../kb/lexicon';
import type { TermRef } from '../kb/loader';
import type { WordNet } from '../nlp/wordnet';
import type { Token } from './document';

/**
 * When a word may stand for a symbol, judged by its part of speech. Symbols of things (a ring, a
 * park, a wave) are nouns; "the phone rang", "we parked", "she waved" use the same spelling for
 * another idea. Actions, emotions, colours and numbers are read whatever their part of speech.
 */

const ANY_POS_CATEGORIES = categoriesWith('any-pos');
const NOUN_LIKE = wordList('noun-like-pos');

/** Things whose verb is the same idea: "it was raining", "the car crashed", "she texted me". */
const VERB_SAME_IDEA = wordList('verb-same-idea');

/** Adjective and adverb uses that are another idea than the noun symbol: "a key moment", "present at the time". */
const MODIFIER_OTHER_IDEA = wordList('modifier-other-idea');
/** Words of degree before an adjective: "so light on my feet", "felt really light" (weight, not a lamp). */
const DEGREE_WORDS =
  /^(so|very|really|quite|too|as|more|less|pretty|super|dead|feel|felt|that|this|bit|real|incredibly|surprisingly|strangely|oddly)$/;
/** Colours the tagger takes for nouns before "light" ("orange light coming up"). */
const COLOUR_WORDS = /^(red|orange|yellow|green|blue|purple|pink|white|gold|golden|silver|grey|gray|amber|violet)$/;

const NOUN_MARKERS = wordList('noun-markers');
/** Verbs of going before "home". */
const HOMEWARD = wordList('homeward-verbs');
const DETERMINERS = wordList('determiners');

/**
 * A word WordNet's corpus almost never uses as a verb ("honey", "thumb", "mouth") is a noun even
 * where the tagger says verb ("turned to honey", "my thumbs kept typing").
 */
const RARE_VERB_USES = 4;

export class PosPolicy {
  private readonly nounless = new Map<string, boolean>();

  constructor(
    private readonly wordnet: WordNet,
    /** Corpus counts of each knowledge-base word used as a verb; missing words count as common verbs. */
    private readonly verbUses: Map<string, number> = new Map(),
  ) {}

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
  allows(
    ref: TermRef,
    token: Token,
    prev?: Token,
    next?: Token,
    afterSomeones = false,
    /** The word before `prev` in the sentence. */
    before?: Token,
  ): boolean {
    if (ANY_POS_CATEGORIES.has(ref.symbol.category))
      return token.pos !== 'DET' && token.pos !== 'ADP' && token.pos !== 'PRON';
    // "I walked home", "the bus home", "took it home": home is where someone is going, not a house of the dream.
    if (token.normal === 'home' && prev && (HOMEWARD.has(prev.lemma) || /^(it|them|him|me|us)$/.test(prev.normal)))
      return false;
    if (NOUN_LIKE.has(token.pos)) return true;
    // After "my", "the", "a" or a count the word is a noun whatever the tagger says ("my thumbs kept
    // typing", "three crows sat").
    // So after someone's possessive mark (`afterSomeones`): "my friend's flat", "Ana's key" (not "the
    // tyre's flat", where the mark may be a verb).
    if (
      prev &&
      (NOUN_MARKERS.has(prev.normal) || prev.pos === 'NUM' || afterSomeones) &&
      !MODIFIER_OTHER_IDEA.has(ref.term) &&
      (next === undefined || (next.pos !== 'NOUN' && next.pos !== 'PROPN'))
    )
      return true;
    const term = ref.term;
    if (token.pos === 'VERB' || token.pos === 'AUX') {
      // "There was water on the floor", "there was fire in the hall": what "there was" brings in is a thing.
      if (prev && /^(was|were|is|are|'s|’s)$/.test(prev.normal) && before?.normal === 'there') return true;
      // Only when the word is written as the noun or its plural: "stared" is not "star", and "rose" read as rise is a verb.
      const nounShape =
        (token.normal === term || token.normal === `${term}s` || token.normal === `${term}es`) &&
        (token.lemma === token.normal || token.lemma === term);
      return (
        VERB_SAME_IDEA.has(term) ||
        this.hasNoNounSense(term) ||
        (nounShape && (this.verbUses.get(term) ?? Infinity) <= RARE_VERB_USES)
      );
    }
    if (token.pos === 'ADJ' || token.pos === 'ADV') {
      if (!MODIFIER_OTHER_IDEA.has(term)) return true;
      // "a small brass key" is a key; "a key moment" and "present at the time" are not.
      const heads = next === undefined || (next.pos !== 'NOUN' && next.pos !== 'ADJ' && next.pos !== 'PROPN');
      // ("lift my legs well": after a plural noun the word is an adverb, not a compound's head.)
      const inPhrase =
        prev !== undefined &&
        (DETERMINERS.has(prev.normal) ||
          prev.pos === 'ADJ' ||
          (prev.pos === 'NOUN' && prev.lemma === prev.normal) ||
          afterSomeones);
      // "my hand flat on the glass", "a bit flat after", "the sea flat as glass": flat after a noun and before a
      // preposition, a conjunction or the sentence's end describes that noun (a "council flat" stays a home).
      const describesNoun =
        term === 'flat' &&
        prev?.pos === 'NOUN' &&
        (next === undefined ||
          next.pos === 'ADP' ||
          next.pos === 'CCONJ' ||
          next.pos === 'PUNCT' ||
          next.pos === 'ADV');
      if (heads && inPhrase && !describesNoun) return true;
      // "a door with light under it", "Green light coming down": light the tagger took for an adjective, after a
      // preposition or a colour, standing before a verb or a preposition (not "light blue", not "it was light").
      // Also after a count or a colour the tagger took for an adverb or a noun ("one light on a pole", "into warm
      // light, like a church", "orange light coming up"), and before an -ing word it took for a noun; never after a
      // word of degree ("so light on my feet").
      return (
        term === 'light' &&
        prev !== undefined &&
        (prev.pos === 'ADP' ||
          prev.pos === 'PROPN' ||
          prev.pos === 'ADJ' ||
          prev.pos === 'NUM' ||
          (prev.pos === 'ADV' && !DEGREE_WORDS.test(prev.normal)) ||
          (prev.pos === 'NOUN' && COLOUR_WORDS.test(prev.normal))) &&
        (next === undefined ||
          next.pos === 'VERB' ||
          next.pos === 'ADP' ||
          next.pos === 'AUX' ||
          next.pos === 'PUNCT' ||
          /ing$/.test(next.normal))
      );
    }
    return false;
  }
}
