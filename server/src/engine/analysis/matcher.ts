import { wordList } from '../kb/lexicon';
import type { KbSymbol, KnowledgeBase, PhraseRef, TermRef } from '../kb/loader';
import type { KbWordNet } from '../nlp/kb-wordnet';
import { STOPWORDS } from '../nlp/text';
import type { WordNet } from '../nlp/wordnet';
import type { DetectedSymbol } from '../types';
import { SliceTimer } from '../util/cooperative';
import { PEOPLE_CATEGORY } from '../kb/schema';
import { isOwnerMark, type DreamDocument, type Token } from './document';
import { PosPolicy } from './pos-policy';

export type Via = DetectedSymbol['via'];

export interface SymbolHit {
  symbol: KbSymbol;
  via: Via;
  /** As written in the dream. */
  surface: string;
  /** The knowledge-base term that matched (for hypernyms: the dream's noun). */
  term: string;
  source: 'narrative' | 'title' | 'tag';
  /** Sentence index in the narrative; -1 for the title and tags. */
  sentence: number;
  /** First token of the hit within its document; -1 for tags. */
  token: number;
  /** Number of tokens the hit spans. */
  length: number;
  /** Matched through a one-letter slip ("elevater"). */
  typo: boolean;
}

/** A knowledge-base word mentioned in the dream but negated ("there was no door"). */
export interface NegatedMention {
  symbol: string;
  surface: string;
  sentence: number;
  /** Character offsets of the mention in its document. */
  start: number;
  end: number;
}

/** Given names that are also symbol words; written with a capital inside a sentence, they are people. */
const NAME_LIKE = wordList('name-like');

/** Prepositions of place: a proper noun after one of them is likely somewhere ("in Paris", "across the Atlantic"). */
const LOCATIVE = wordList('locative');
/** Possessive determiners: "my calf" is a body part. */
const POSSESSIVE_WORDS = wordList('possessives');

/** Nouns too general to stand for any symbol through their hypernyms ("the end of the world"). */
const HYPERNYM_STOP = wordList('hypernym-stop');
const INFORMAL_WORDS = wordList('informal-words');

/** Places where "the foot of …" is a location, not a foot. */
const FOOT_OF = wordList('foot-of-places');
/** Skipped between "foot of" and the place. */
const FOOT_OF_SKIP = wordList('foot-of-skip');
const SCHOOL_OF_FISH = wordList('school-of-fish');
const PHRASE_FILLERS = wordList('phrase-fillers');
/** Categories whose phrases name a kind of the thing their head word names (a hotel room is still a room). */
const KIND_OF_SAME_CATEGORIES = new Set(['Places', 'Clothing']);

const TIME_PREPOSITIONS = wordList('time-prepositions');
const COMPOUND_OTHER_IDEA = wordList('compound-other-idea');
const MODIFIER_COMPOUNDS = wordList('modifier-compounds');
const FAMOUS_NAMES = wordList('famous-names');
/** Names that stand for a symbol: famous people, shop and restaurant chains. */
const NAMED: Array<[string, ReadonlySet<string>]> = [
  ['celebrity', FAMOUS_NAMES],
  ['shop', wordList('shop-names')],
  ['restaurant', wordList('restaurant-names')],
];
/** Words before "floor" that make it a storey. */
const STOREY_WORDS = wordList('storey-words');
/** Words before "glass" that make it a glass one drinks from. */
const DRINKING_GLASS = wordList('drinking-glass');
/** Words after "glass" that tell it breaking (5 of 5 such training and dev dreams count the glass). */
const GLASS_BREAKS =
  /^(all|everywhere|go|goes|went|going|break|breaks|breaking|broke|shatter|shatters|shattered|shattering|smash|smashed|smashing|crack|cracked|cracking|cracks|explode|exploded|burst)$/;
/** Before "glasses": drinking glasses, not spectacles ("my glasses"). */
const GLASSES_OF_DRINK = wordList('glasses-of-drink');
const DURATIONS = wordList('durations');
/** "wrong letters", "capital letters": characters of writing. */
const LETTER_SHAPES = wordList('letter-shapes');
/** Words near "letters" that make them characters of writing. */
const WRITING_WORDS = wordList('writing-words');
const MAIL_WORDS = wordList('mail-words');
/** What one loses that is no thing: "lost my footing", "lost track", "losing my place in the book". */
const LOST_ABSTRACTS =
  /^(track|footing|place|voice|way|temper|control|balance|grip|mind|head|count|sight|touch|nerve|patience|bearings|concentration|thread|focus|breath|rag|cool|marbles|appetite|faith|hope|bottle)$/;
const NUMBER_WORDS = /^(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|\d+)$/;
/** People whose age follows "of": "a lad of nine", "a girl of six". */
const PERSON_AGE_WORDS = /^(lad|lass|boy|girl|child|kid|man|woman|age)$/;
const TIME_AFTER = /^(am|pm|a\.m\.|p\.m\.|o'clock|o’clock|oclock)$/;
const MEASURES =
  /^(feet|foot|ft|metres|meters|metre|meter|m|inches|inch|miles|mile|yards|yard|storeys|stories|storey|floors|km|kilometres|kilometers|centimetres|cm|mph|degrees|percent|kilos|kg|pounds|stone)$/;
/** Parts of the body that "burn" with effort or pain. */
const BURNING_BODY = wordList('burning-body');
/** A dream with one of these is at an airport: its gates are boarding gates. */
const AIRPORT_WORDS = wordList('airport-words');
const NUMBERED_THINGS = wordList('numbered-things');
/** "a wall of water": what a wall of it is a surge of. */
const WALL_OF = /^(water|fire|flame|flames|smoke|sound|noise|heat|mud|snow|sand|dust|people|rain|wind)$/;
/** Places read from a verb after a modal ("will ruin this", "could house"): the verb, not the place. */
const MODAL_VERB_MISREADS = new Set(['Places', 'Buildings and Rooms']);
const DETERMINER_WORDS = wordList('determiners');
const POSSESSIVES = wordList('possessives');
/** Places that can say who someone is ("my college friend", "the school nurse"). */
const PLACE_CATEGORIES = new Set(['Places', 'Buildings and Rooms']);

/** A token that is a hyphen. */
const HYPHEN = /^[-‐]$/;

/** A hyphen written tight between two words ("hi-vis"), not a dash between clauses ("the dark - and then"). */
function joiningHyphen(tokens: Token[], i: number): boolean {
  const t = tokens[i];
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  return (
    !!t &&
    !!before &&
    !!after &&
    HYPHEN.test(t.text) &&
    before.endChar === t.startChar &&
    t.endChar === after.startChar &&
    before.isWord &&
    after.isWord
  );
}

/** Whether a token is in the same sentence as `token` (and exists). */
function sameSentenceAs(token: Token): (t: Token | undefined) => t is Token {
  return (t): t is Token => t !== undefined && t.sentence === token.sentence;
}

/**
 * "at 3am", "7 o'clock", "until 6", "the number 12 bus", "room 214", "platform 9": a time of day or
 * the label of a route, room or seat, not a number seen in the dream ("the number 7 was on every
 * door" still is one).
 */
function isClockOrLabel(doc: DreamDocument, token: Token): boolean {
  // "hundreds of people", "dozens": a vague amount, not a number seen.
  if (/^(dozens|hundreds|thousands|millions|billions|tens|scores)$/.test(token.normal)) return true;
  // "when I was about eight", "aged six": an age, not a number seen.
  {
    let k = token.index - 1;
    while (/^(about|around|maybe|only|just|roughly|nearly|almost)$/.test(doc.tokens[k]?.normal ?? '')) k -= 1;
    const verb = doc.tokens[k];
    const after = doc.tokens[token.index + 1];
    const ageEnds =
      !after ||
      after.sentence !== token.sentence ||
      !after.isWord ||
      after.pos === 'PRON' ||
      /^(years?|again|or|and|when|in|at|then)$/.test(after.normal);
    if (verb?.sentence === token.sentence && /^(aged|age)$/.test(verb.normal)) return true;
    if (verb?.sentence === token.sentence && /^(was|were|am|is|be|being|turned|turning)$/.test(verb.normal) && ageEnds)
      return true;
  }
  // "I press 3", "dialled 999": a button or a number called, not a number seen.
  const previous = doc.tokens[token.index - 1];
  if (
    previous?.sentence === token.sentence &&
    /^(press|pressed|presses|pressing|dial|dialled|dialed|dialling|dialing|push|pushed|hit)$/.test(previous.normal)
  )
    return true;
  // "Bay three, bed four", "Bed 4", "room six": a number just after a noun labels it, a count comes before.
  const numeral = token.pos === 'NUM' || /^\d/.test(token.normal);
  if (
    numeral &&
    previous?.sentence === token.sentence &&
    previous.isWord &&
    previous.normal !== 'number' &&
    (previous.pos === 'NOUN' || previous.pos === 'PROPN' || previous.forms.some((f) => NUMBERED_THINGS.has(f)))
  )
    return true;
  if (!/\d/.test(token.text)) return isWordTimeOrCompound(doc, token);
  // Written in digits, a number is a time, an age, a date, a score or a label ("34 weeks", "gate 6",
  // "press the 9", "dream 2 this week"); only "the number 7" shows the number itself.
  if (doc.tokens[token.index - 1]?.normal !== 'number') return true;
  if (/(am|pm|a\.m\.|p\.m\.)$/i.test(token.text)) return true;
  const next = doc.tokens[token.index + 1];
  const same = sameSentenceAs(token);
  if (
    same(next) &&
    (/^(am|pm|a\.m\.|p\.m\.|o'clock|oclock|:|h|hrs)$/.test(next.normal) || NUMBERED_THINGS.has(next.normal))
  )
    return true;
  let k = token.index - 1;
  if (doc.tokens[k]?.normal === 'number' || doc.tokens[k]?.normal === 'no') k -= 1;
  const before = doc.tokens[k];
  if (same(before) && (TIME_PREPOSITIONS.has(before.normal) || NUMBERED_THINGS.has(before.normal))) return true;
  // "The bus comes, it's the number 12": a number named just after a route.
  if (doc.tokens[token.index - 1]?.normal === 'number')
    for (let j = token.index - 2; j >= 0 && j >= token.index - 8; j -= 1) {
      const t = doc.tokens[j];
      if (!same(t)) break;
      if (NUMBERED_THINGS.has(t.normal) || t.forms.some((f) => NUMBERED_THINGS.has(f))) return true;
    }
  return false;
}

const TENS = /^(twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety)$/;
const CLOCK_HOURS = /^(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)$/;

/**
 * A number in words that is part of a larger one ("eighty-four", "twenty three") or an hour ("at three",
 * "until six in the morning", "home by ten"): not the number itself seen in the dream.
 */
function isWordTimeOrCompound(doc: DreamDocument, token: Token): boolean {
  const same = sameSentenceAs(token);
  let k = token.index - 1;
  if (doc.tokens[k]?.normal === '-') k -= 1;
  const before = doc.tokens[k];
  if (same(before) && TENS.test(before.normal)) return true;
  let n = token.index + 1;
  if (doc.tokens[n]?.normal === '-') n += 1;
  const after = doc.tokens[n];
  if (TENS.test(token.normal) && same(after) && CLOCK_HOURS.test(after.normal)) return true;
  // "ten past nine" is a clock face read in the dream; "at three" is when.
  if (
    !CLOCK_HOURS.test(token.normal) ||
    !same(before) ||
    !TIME_PREPOSITIONS.has(before.normal) ||
    /^(past|to)$/.test(before.normal)
  )
    return false;
  // "at three doors", "around two people": a count of things; "at three", "at three in the morning": an hour.
  const next = doc.tokens[token.index + 1];
  return (
    !same(next) ||
    !next.isWord ||
    !['NOUN', 'PROPN', 'ADJ'].includes(next.pos) ||
    /^(o'clock|oclock|am|pm)$/.test(next.normal)
  );
}

/**
 * Fixed expressions in which a symbol's word means something else: "next door", "the foot of the
 * bed", "schools of fish".
 */
function isIdiom(doc: DreamDocument, token: Token, symbol: KbSymbol): boolean {
  const prev = doc.tokens[token.index - 1];
  const next = doc.tokens[token.index + 1];
  const after = (k: number) => doc.tokens[token.index + k];
  // The neighbours within the sentence.
  const prevHere = prev?.sentence === token.sentence ? prev : undefined;
  const nextHere = next?.sentence === token.sentence ? next : undefined;
  if (symbol.name === 'door' && prev?.normal === 'next') return true;
  // "a bag of oranges": the fruit, not the colour (other colours made plural are mostly still colours: "in his
  // whites", "reds and blues"; training and dev: oranges 1 of 11 the colour).
  if (symbol.name === 'orange' && token.normal === 'oranges') return true;
  // "it got my calf", "cramp in her calves": the leg, not a young cow.
  if (symbol.name === 'cow' && /^(calf|calves)$/.test(token.normal) && prev && POSSESSIVE_WORDS.has(prev.normal))
    return true;
  // "a wall of water", "a wall of fire": a surge, not a wall.
  if (symbol.name === 'wall' && next?.normal === 'of' && WALL_OF.test(after(2)?.normal ?? '')) return true;
  // "I work nights", "on nights": a shift pattern, not a night scene.
  if (
    symbol.name === 'night' &&
    token.normal === 'nights' &&
    prev &&
    /^(on|work|works|working|worked|doing|do|did)$/.test(prev.normal)
  )
    return true;
  // "flying a kite": the dreamer holds the string.
  if (
    symbol.name === 'fly' &&
    /^(a|the|my|his|her|our|their)$/.test(next?.normal ?? '') &&
    /^(kites?|drones?|flags?|model)$/.test(after(2)?.normal ?? '')
  )
    return true;
  // "Autocorrect will ruin this": after a modal the word is a verb, not a place or a thing.
  if (
    prev &&
    /^(will|would|could|can|might|should|must|shall|'ll|wo)$/.test(prev.normal) &&
    MODAL_VERB_MISREADS.has(symbol.category)
  )
    return true;
  // "the clock had no hands": a clock's hands are not a hand.
  if (
    symbol.name === 'hand' &&
    doc.tokens.some((t) => t.sentence === token.sentence && /^(clock|clocks|watch|watches|dial)$/.test(t.normal))
  )
    return true;
  // "a stone swan": stone as the material, not a rock.
  if (symbol.name === 'rock' && token.normal === 'stone' && next?.sentence === token.sentence && next.pos === 'NOUN')
    return true;
  // "armed robbers": carrying weapons, not arms.
  if (symbol.name === 'arm' && /^(armed|unarmed)$/.test(token.normal)) return true;
  // "LD log 14", "my dream log": a journal, not wood.
  if (
    symbol.name === 'wood' &&
    token.normal === 'log' &&
    ((prev && /^(ld|dream|dreams|lucid|journal|sleep|daily|training|food|mood|chat|call|my)$/.test(prev.normal)) ||
      (next !== undefined && /^\d/.test(next.normal)))
  )
    return true;
  // "I wanted to find a toilet", "trying to find my car": the search, not a discovery.
  if (symbol.name === 'find' && prev?.normal === 'to') return true;
  // "last night I dreamt", "every night": when the dream was had, not a night in it.
  if (
    symbol.name === 'night' &&
    prev &&
    /^(last|other|every|one|most|some)$/.test(prev.normal) &&
    token.normal === 'night'
  )
    return true;
  // "forty floors", "the top floor", "a different floor": a storey of a building, not the floor underfoot.
  if (
    symbol.name === 'floor' &&
    ((prev && (prev.pos === 'NUM' || STOREY_WORDS.has(prev.normal))) ||
      (next?.sentence === token.sentence && next.pos === 'NUM'))
  )
    return true;
  // "twenty past four", "four am", "four feet off the ground", "three or four": a time, a measure or a guess is no
  // number of the dream (training and dev: 2 of 14, 0 of 4, 2 of 13 and 0 of 4 counted).
  if (symbol.category === 'Numbers') {
    const before2 = after(-2);
    const isNumber = (t: Token | undefined) => !!t && (t.pos === 'NUM' || NUMBER_WORDS.test(t.normal));
    if (
      prevHere &&
      (prevHere.normal === 'past' ||
        (prevHere.normal === 'to' && (isNumber(before2) || /^(quarter|half)$/.test(before2?.normal ?? ''))))
    )
      return true;
    if (nextHere && (TIME_AFTER.test(nextHere.normal) || MEASURES.test(nextHere.normal))) return true;
    // "two in the morning", "three in the afternoon": a time of day.
    if (
      nextHere?.normal === 'in' &&
      after(2)?.normal === 'the' &&
      /^(morning|afternoon|evening|night)$/.test(after(3)?.normal ?? '')
    )
      return true;
    if (nextHere?.normal === 'or' && isNumber(after(2))) return true;
    if (prevHere?.normal === 'or' && isNumber(before2)) return true;
    // "ten past four", "watch says ten to": the minutes of a time. "two hundred years", "three thousand people":
    // a part of a larger number. "a lad of nine", "aged seven": an age.
    const then = after(2);
    if (
      (nextHere?.normal === 'past' || nextHere?.normal === 'to') &&
      (!then || then.sentence !== token.sentence || !then.isWord || then.pos === 'CCONJ' || isNumber(then))
    )
      return true;
    if (nextHere && /^(hundred|hundreds|thousand|thousands|million|millions)$/.test(nextHere.normal)) return true;
    // "a hundred and twelve steps": both words are one number.
    if (/^(hundred|thousand)$/.test(token.normal) && nextHere?.normal === 'and' && isNumber(after(2))) return true;
    if (prevHere?.normal === 'and' && /^(hundred|thousand)$/.test(before2?.normal ?? '')) return true;
    if (prevHere && /^(aged|age)$/.test(prevHere.normal)) return true;
    if (prevHere?.normal === 'of' && before2 && PERSON_AGE_WORDS.test(before2.normal)) return true;
  }
  // "a glass of water" is a glass; "behind the glass", "a glass roof", "my glasses" are a material or spectacles.
  if (symbol.name === 'glass' && (token.normal === 'glass' || token.normal === 'glasses')) {
    if (nextHere?.normal === 'of') return false;
    // "glass all over the floor", "heard glass go", "the glass shattered": glass that breaks is the image.
    if (token.normal === 'glass' && nextHere && GLASS_BREAKS.test(nextHere.normal)) return false;
    if (nextHere && (nextHere.pos === 'NOUN' || nextHere.pos === 'PROPN')) return true;
    const held = prev !== undefined && DRINKING_GLASS.has(prev.normal);
    return token.normal === 'glass'
      ? !held
      : !(prev !== undefined && (GLASSES_OF_DRINK.has(prev.normal) || prev.pos === 'NUM'));
  }
  // "the wrong letters", "in letters I couldn't read": characters of writing, not post.
  if (symbol.name === 'letter' && token.normal === 'letters') {
    const near = doc.tokens
      .slice(Math.max(0, token.index - 3), token.index + 5)
      .filter((t) => t.sentence === token.sentence);
    if ((prev && LETTER_SHAPES.has(prev.normal)) || near.some((t) => t.forms.some((f) => WRITING_WORDS.has(f))))
      return true;
    // Without a word of post nearby, letters are what is written ("then just letters", "the keypad letters").
    const around = doc.tokens
      .slice(Math.max(0, token.index - 4), token.index + 7)
      .filter((t) => t.sentence === token.sentence);
    if (!around.some((t) => [t.normal, ...t.forms].some((f) => MAIL_WORDS.has(f)))) return true;
  }
  // "the drowned town", "a lost cause": a past participle describing a thing is not the action.
  if (
    symbol.category === 'Actions' &&
    token.pos === 'ADJ' &&
    /(ed|en|st)$/.test(token.normal) &&
    next?.sentence === token.sentence &&
    next.pos === 'NOUN'
  )
    return true;
  // "lost my ring", "I lose the envelope": losing is losing something. Being lost ("got lost", "lost in the
  // chat"), losing the dream ("lost it"), one's footing, track or voice, and someone who died ("we lost him")
  // are not (training and dev: 13 of 42 readings of "lose" were right before this).
  if (symbol.name === 'lose' && /^(lose|loses|losing|lost)$/.test(token.normal)) {
    const owned = nextHere && (POSSESSIVES.has(nextHere.normal) || /^(the|a|an|our|every|all)$/.test(nextHere.normal));
    const thing = owned ? after(2) : undefined;
    if (!owned || (thing && LOST_ABSTRACTS.test(thing.normal))) return true;
  }
  // "found that the landing went on", "found I could breathe": finding a fact is no finding of a thing.
  if (
    symbol.name === 'find' &&
    /^(find|finds|finding|found)$/.test(token.normal) &&
    (nextHere?.normal === 'that' ||
      (/^(i|we|he|she|they|myself|himself|herself)$/.test(nextHere?.normal ?? '') &&
        ['VERB', 'AUX'].includes(after(2)?.pos ?? '')))
  )
    return true;
  // "I nearly woke myself up", "I almost fell": what nearly happened did not.
  if (symbol.category === 'Actions' && prev && /^(nearly|almost)$/.test(prev.normal)) return true;
  // "the root was still in my gum": a tooth's root, not a plant's.
  if (
    symbol.name === 'root' &&
    doc.tokens.some((t) => t.sentence === token.sentence && /^(tooth|teeth|gum|gums|hair|molar)$/.test(t.normal))
  )
    return true;
  // "playing cricket", "the cricket match": the sport, not the insect.
  if (
    token.normal === 'cricket' &&
    ((prev && /^(play|played|playing|watch|watched|watching)$/.test(prev.normal)) ||
      (next && /^(match|bat|club|pitch|team|game|ball|whites|green|ground|field)$/.test(next.normal)))
  )
    return true;
  // "my lungs burning", "eyes burning": a feeling in the body, not fire.
  if (symbol.name === 'fire' && /^burn/.test(token.normal) && prev && BURNING_BODY.has(prev.normal)) return true;
  // "gate 12", "the boarding gate": where a plane is boarded, not a gate one passes through.
  if (
    symbol.name === 'gate' &&
    ((next?.sentence === token.sentence && (next.pos === 'NUM' || /^\d/.test(next.text))) ||
      (prev !== undefined && /^(boarding|departure|departures|airport)$/.test(prev.normal)) ||
      doc.tokens.some((t) => t.isWord && AIRPORT_WORDS.has(t.normal)))
  )
    return true;
  // "a petrol station", "the car park", "my family tree": a name whose last word is not that symbol.
  if (
    prev &&
    prev.sentence === token.sentence &&
    [token.normal, token.lemma, ...token.forms].some((f) =>
      [prev.normal, prev.lemma].some((p) => COMPOUND_OTHER_IDEA.has(`${p} ${f}`)),
    )
  )
    return true;
  // "my teeth fell out": coming loose, not a fall ("I fell out of bed" still is one).
  if (symbol.name === 'fall' && next?.normal === 'out' && after(2)?.normal !== 'of') return true;
  // "the third time this month", "two times": a count of occasions, not a number in the dream.
  // "the fifth or sixth time", "two or three times": a count of occasions, not a number in the dream.
  if (symbol.category === 'Numbers') {
    for (let k = 1; k <= 4; k += 1) {
      const t = after(k);
      if (!t || t.sentence !== token.sentence) break;
      if (/^(time|times|try|tries|attempt|attempts|go|round|lap)$/.test(t.normal)) return true;
      if (!(t.pos === 'NUM' || t.pos === 'ADJ' || /^(or|and|to|-)$/.test(t.normal))) break;
    }
    // "three hours early", "for two days": a duration, not a number seen.
    if (next?.sentence === token.sentence && DURATIONS.has(next.normal)) return true;
    // "Mrs Hill from number eight": an address.
    if (
      prev?.normal === 'number' &&
      /^(from|at|to|in|live|lives|lived|living)$/.test(doc.tokens[token.index - 2]?.normal ?? '')
    )
      return true;
    // "my phone was on 1%": a level, not a number seen.
    if (next && (next.normal === '%' || next.normal === 'percent' || next.normal === 'per')) return true;
  }
  if (symbol.category === 'Numbers' && isClockOrLabel(doc, token)) return true;
  // "you'll be fine, love": a word of address, not the feeling.
  if (
    symbol.category === 'Emotions' &&
    prev?.normal === ',' &&
    (!next || next.sentence !== token.sentence || next.pos === 'PUNCT')
  )
    return true;
  // "I froze", "frozen in place": the dreamer's body, not ice ("a frozen lake" still is).
  if (symbol.name === 'ice' && (token.normal === 'frozen' || token.normal === 'froze') && next?.pos !== 'NOUN')
    return true;
  if (token.forms.includes('foot') && next?.normal === 'of') {
    const target = [after(2), after(3)].find((t) => t && !FOOT_OF_SKIP.has(t.normal));
    if (target && target.forms.some((f) => FOOT_OF.has(f))) return true;
  }
  if (token.forms.includes('school') && next?.normal === 'of') {
    const target = [after(2), after(3), after(4), after(5)].find(
      (t) => t && t.pos !== 'ADJ' && t.pos !== 'DET' && t.pos !== 'NUM',
    );
    if (target && SCHOOL_OF_FISH.has(target.normal)) return true;
  }
  return false;
}

export interface MatcherDeps {
  kb: KnowledgeBase;
  wordnet: WordNet;
  kbWordNet: KbWordNet;
  verbUses?: Map<string, number>;
}

export function surfaceOf(tokens: Token[]): string {
  let out = '';
  let last: Token | undefined;
  for (const t of tokens) {
    // "hi-vis": a hyphen written tight against its words stays tight.
    const hyphenated =
      last !== undefined &&
      last.endChar > 0 &&
      last.endChar === t.startChar &&
      (HYPHEN.test(t.text) || HYPHEN.test(last.text));
    last = t;
    if (!out) out = t.text;
    else if (hyphenated) out += t.text;
    else if (/^(n't|'s|'re|'ve|'d|'ll|'m)$/i.test(t.text) || /^[.,!?;:)]$/.test(t.text)) out += t.text;
    else out += ` ${t.text}`;
  }
  return out;
}

/** "oak tree" is one mention of the tree, not two: adjacent hits of one symbol merge. */
function mergeAdjacent(hits: SymbolHit[], doc: DreamDocument): SymbolHit[] {
  const sorted = [...hits].sort((a, b) => a.token - b.token);
  const out: SymbolHit[] = [];
  for (const hit of sorted) {
    const prev = out.at(-1);
    if (prev && prev.symbol === hit.symbol && prev.token + prev.length === hit.token) {
      const length = prev.length + hit.length;
      out[out.length - 1] = {
        ...prev,
        length,
        surface: surfaceOf(doc.tokens.slice(prev.token, prev.token + length)),
        via: prev.via === 'hypernym' ? hit.via : prev.via,
      };
      continue;
    }
    out.push(hit);
  }
  return out;
}

export class SymbolMatcher {
  private readonly pos: PosPolicy;
  constructor(private readonly deps: MatcherDeps) {
    this.pos = new PosPolicy(deps.wordnet, deps.verbUses);
  }

  private isMidSentenceCapital(token: Token, firstWords: Set<number>): boolean {
    return !firstWords.has(token.index) && /^\p{Lu}/u.test(token.text) && token.text !== token.text.toUpperCase();
  }

  /** Longest multi-word form starting at `start`, compared on base forms and on the raw words, skipping fillers. */
  private matchPhrase(tokens: Token[], start: number, end: number): { ref: PhraseRef; last: number } | null {
    const first = tokens[start];
    if (!first || !first.isWord || PHRASE_FILLERS.has(first.normal)) return null;
    // "a 52-year-old man" is not an old man: the phrase would start inside a hyphenated word.
    if (tokens[start - 1]?.normal === '-') return null;
    const candidates = new Set<PhraseRef>();
    for (const form of [first.normal, ...first.forms])
      for (const ref of this.deps.kb.phrases.get(form) ?? []) candidates.add(ref);
    let best: { ref: PhraseRef; last: number } | null = null;
    for (const ref of candidates) {
      let i = start;
      let ok = true;
      let last = start;
      // A feeling's fixed expression takes no extra words: "on edge" is anxious, "on the edge of the bed" is not.
      const fixed = ref.symbol.category === 'Emotions';
      for (const word of ref.words) {
        while (
          !fixed &&
          i < end &&
          tokens[i] &&
          PHRASE_FILLERS.has(tokens[i]?.normal ?? '') &&
          tokens[i]?.normal !== word
        )
          i += 1;
        // "hi-vis", "a wedding-dress shop": a hyphen joining two words is read through.
        while (i > start && i < end && joiningHyphen(tokens, i)) i += 1;
        const t = tokens[i];
        if (!t || i >= end || !(t.normal === word || t.forms.includes(word))) {
          ok = false;
          break;
        }
        last = i;
        i += 1;
      }
      // "in the dark" is a phrase; "in a dark forest" is a forest.
      const lastToken = tokens[last];
      const after = tokens[last + 1];
      if (
        ok &&
        lastToken?.pos === 'ADJ' &&
        after &&
        after.sentence === lastToken.sentence &&
        (after.pos === 'NOUN' || after.pos === 'PROPN')
      )
        ok = false;
      if (ok && (!best || last > best.last)) best = { ref, last };
    }
    return best;
  }

  private matchWord(token: Token, doc: DreamDocument): TermRef | null {
    const prev = doc.tokens[token.index - 1];
    const next = doc.tokens[token.index + 1];
    // "my friend's flat", "Ana's key": after someone's possessive mark the word is a thing they own.
    const owner = doc.tokens[token.index - 2];
    const afterSomeones =
      prev?.pos === 'PART' &&
      isOwnerMark(prev) &&
      owner !== undefined &&
      (owner.pos === 'PROPN' || POSSESSIVES.has(doc.tokens[token.index - 3]?.normal ?? ''));
    const allows = (ref: TermRef) =>
      this.pos.allows(
        ref,
        token,
        prev?.sentence === token.sentence ? prev : undefined,
        next?.sentence === token.sentence ? next : undefined,
        afterSomeones,
        owner?.sentence === token.sentence ? owner : undefined,
      );
    // The word as written first, then the tagger's lemma, then other base forms.
    const order = [token.normal, token.lemma, ...token.forms];
    // "farmer", "drummer", "bomber": a noun in -er is a person or thing of its own, not the comparative
    // of its stem ("darker" is dark).
    const agentNoun =
      token.normal.endsWith('er') && token.pos !== 'ADJ' && token.pos !== 'ADV' && token.lemma === token.normal;
    for (const form of order) {
      if (agentNoun && form !== token.normal && token.normal.startsWith(form) && token.normal.length - form.length <= 3)
        continue;
      const ref = this.deps.kb.words.get(form);
      if (!ref) continue;
      // Irregular verb forms that are also nouns ("the sun rose", "I saw"): trust the tagger's lemma.
      if (!allows(ref)) continue;
      return ref;
    }
    return null;
  }

  /**
   * "ice cream", "telephone wire", "train station", "fire truck": when a word and the next form a
   * compound WordNet knows, the word only modifies another thing and is not a symbol of its own.
   */
  private isCompoundModifier(token: Token, doc: DreamDocument, insidePhrase = false): boolean {
    const next = doc.tokens[token.index + 1];
    // "a hen do", "the golden retriever", "night shift": a compound whose first word is another idea.
    if (
      next?.sentence === token.sentence &&
      [token.normal, token.lemma].some((a) =>
        [next.normal, next.lemma, ...next.forms].some((b) => MODIFIER_COMPOUNDS.has(`${a} ${b}`)),
      )
    )
      return true;
    // Only noun-noun compounds: an adjective keeps its own sense ("a white horse" is white).
    if (
      token.pos === 'ADJ' ||
      !next ||
      next.sentence !== token.sentence ||
      !next.isWord ||
      (next.pos !== 'NOUN' && next.pos !== 'PROPN' && next.pos !== 'VERB')
    )
      return false;
    // "my dog Biscuit": a name after the word is not the second half of a compound.
    if (/^\p{Lu}/u.test(next.text) && next.text !== next.text.toUpperCase()) return false;
    for (const a of new Set([token.normal, token.lemma])) {
      for (const b of new Set([next.normal, next.lemma, ...next.forms])) {
        const compound = `${a} ${b}`;
        // Outside a phrase, a compound the knowledge base lists for this word's symbol is that symbol.
        if (
          !insidePhrase &&
          (this.deps.kb.words.has(compound) || this.deps.kb.phrases.get(a)?.some((p) => p.words.join(' ') === compound))
        )
          return false;
        if (this.deps.wordnet.lookup(compound, 'noun')) return true;
      }
    }
    return false;
  }

  /** Whether some form of the word (in the given sentence) names a symbol of `category`. */
  private namesCategory(t: Token | undefined, sentence: number, category: string): boolean {
    return (
      !!t &&
      t.sentence === sentence &&
      [t.normal, t.lemma, ...t.forms].some((w) => this.deps.kb.words.get(w)?.symbol.category === category)
    );
  }

  /** Whether the word names a person ("college friend", "school teacher", "my PE teacher from school"). */
  private modifiesPerson(token: Token, doc: DreamDocument): boolean {
    if (token.pos === 'ADJ') return false;
    // "a friend from work", "my old teacher from school": where someone is from, not where the dream is.
    let k = token.index - 1;
    while (doc.tokens[k] && /^(the|my|our|his|her|their|old|primary|secondary|high)$/.test(doc.tokens[k]?.normal ?? ''))
      k -= 1;
    if (doc.tokens[k]?.normal === 'from' && this.namesCategory(doc.tokens[k - 1], token.sentence, PEOPLE_CATEGORY))
      return true;
    const next = doc.tokens[token.index + 1];
    return !!next?.isWord && this.namesCategory(next, token.sentence, PEOPLE_CATEGORY);
  }

  /** "my laptop died", "the battery was dead": a made thing that stops working does not die. */
  private async thingDies(token: Token, doc: DreamDocument): Promise<boolean> {
    for (let k = token.index - 1; k >= 0 && k >= token.index - 4; k -= 1) {
      const t = doc.tokens[k];
      if (!t || t.sentence !== token.sentence || t.pos === 'PUNCT' || t.pos === 'VERB') return false;
      if (t.pos !== 'NOUN' && t.pos !== 'PROPN') continue;
      const entry = this.deps.wordnet.lookup(t.lemma, 'noun') ?? this.deps.wordnet.lookup(t.normal, 'noun');
      const first = entry?.offsets[0];
      if (first === undefined) return false;
      const synset = await this.deps.wordnet.synset(first, 'noun');
      return synset.lexName === 'noun.artifact';
    }
    return false;
  }

  /** "oat milk", "elm tree": a noun right before another noun only says what kind that one is. */
  private modifiesNextNoun(token: Token, doc: DreamDocument): boolean {
    const next = doc.tokens[token.index + 1];
    return (
      next !== undefined &&
      next.sentence === token.sentence &&
      next.isWord &&
      (next.pos === 'NOUN' || next.pos === 'PROPN') &&
      token.pos !== 'ADJ'
    );
  }

  private nounLemma(token: Token): string | null {
    for (const form of [token.lemma, token.normal, ...token.forms]) {
      if (form.length >= 3 && this.deps.wordnet.lookup(form, 'noun')) return form;
    }
    return null;
  }

  private async matchHypernym(token: Token, doc: DreamDocument, capitalised: boolean): Promise<TermRef | null> {
    if (STOPWORDS.has(token.normal) || token.normal.length < 3) return null;
    const lemma = this.nounLemma(token);
    // "nobody neva come": an informal or dialect spelling is the word it spells, not a WordNet noun (the Neva).
    if (!lemma || HYPERNYM_STOP.has(lemma) || INFORMAL_WORDS.has(token.normal)) return null;
    // "the wind roaring": a verb's -ing form tagged as a noun is still the action, not a thing.
    if (token.normal.endsWith('ing') && token.forms.some((f) => f !== token.normal && this.deps.wordnet.has(f, 'verb')))
      return null;
    if (capitalised || token.pos === 'PROPN') {
      // A proper noun is read only as a place ("the Atlantic", "in Paris"), never as a person's name.
      const prev = doc.tokens[token.index - 1];
      if (!prev || !LOCATIVE.has(prev.normal)) return null;
      const entry = this.deps.wordnet.lookup(lemma, 'noun');
      const first = entry?.offsets[0];
      if (first === undefined) return null;
      const synset = await this.deps.wordnet.synset(first, 'noun');
      if (
        !synset.pointers.some((p) => p.symbol === '@i') ||
        (synset.lexName !== 'noun.location' && synset.lexName !== 'noun.object')
      )
        return null;
    }
    const match = await this.deps.kbWordNet.nounToSymbol(lemma, { placesOnly: capitalised || token.pos === 'PROPN' });
    if (!match) return null;
    // "in Kharkiv", "on the Clyde", "to Tenerife": a named town, island or river is where the dream is set,
    // not an image of a city or a river (in the training sets and dev halves 41 of 46 such readings were
    // not labelled); an ocean named ("out on the Atlantic") still is the sea.
    if ((capitalised || token.pos === 'PROPN') && match.symbol.name !== 'ocean') return null;
    // "the key fit", "the dog's fits", "the gears fit together": a feeling reached through WordNet is a
    // noun of its own ("a fit of rage", "in a fit"), so it needs a determiner or an adjective before it.
    const before = doc.tokens[token.index - 1];
    if (
      match.symbol.category === 'Emotions' &&
      !(before && before.sentence === token.sentence && (DETERMINER_WORDS.has(before.normal) || before.pos === 'ADJ'))
    )
      return null;
    if (
      match.symbol.category === 'Emotions' &&
      before &&
      before.sentence === token.sentence &&
      (before.pos === 'NOUN' ||
        before.pos === 'PROPN' ||
        before.pos === 'PRON' ||
        this.deps.kb.words.has(before.normal))
    )
      return null;
    return { symbol: match.symbol, term: lemma, via: 'name' };
  }

  /**
   * Other symbols inside a matched phrase: "car accident" is a crash and a car, "dance floor" a
   * dance and a floor, "breathe underwater" also a breath. A multi-word name is one concept
   * ("black hole", "heat wave") and an emotion or number phrase an idiom ("fall in love", "over
   * the moon"), so their words do not count on their own; nor do modifiers such as "white" in
   * "white horse" unless they are colours, "-ing" forms before a noun ("swimming pool"), or a word
   * naming a place or garment inside a phrase naming another (a kind of the same thing).
   */
  private innerSymbols(ref: PhraseRef, span: Token[], doc: DreamDocument): Array<TermRef & { token: Token }> {
    // A synonym of several words names one thing: a "flat white" has no white in it, a "Land Rover" no land.
    if (
      ref.via === 'name' ||
      ref.via === 'synonym' ||
      ref.symbol.category === 'Emotions' ||
      ref.symbol.category === 'Numbers'
    )
      return [];
    const own = new Set([ref.symbol.name, ...ref.symbol.synonyms, ...ref.words]);
    const out: Array<TermRef & { token: Token }> = [];
    span.forEach((t, k) => {
      if (!t.isWord || t.negated || PHRASE_FILLERS.has(t.normal) || t.pos === 'DET' || t.pos === 'ADP') return;
      const next = span[k + 1];
      if (t.pos === 'VERB' && t.normal.endsWith('ing') && next && next.pos === 'NOUN') return;
      const inner = this.matchWord(t, doc);
      if (inner && isIdiom(doc, t, inner.symbol)) return;
      if (!inner || inner.symbol === ref.symbol || (own.has(inner.term) && inner.symbol.name === ref.symbol.name))
        return;
      if (this.isCompoundModifier(t, doc, true)) return;
      if (t.pos === 'ADJ' && inner.symbol.category !== 'Colors') return;
      // "the town I grew up in" is the hometown, not also a city; a "wedding dress" is not also a dress.
      if (inner.symbol.category === ref.symbol.category && KIND_OF_SAME_CATEGORIES.has(ref.symbol.category)) return;
      out.push({ ...inner, token: t });
    });
    return out;
  }

  /** Finds the symbols of one document (narrative or title). */
  async matchDocument(
    doc: DreamDocument,
    source: 'narrative' | 'title',
    negatedOut: NegatedMention[],
  ): Promise<SymbolHit[]> {
    const hits: SymbolHit[] = [];
    const consumed = new Set<number>();
    const sentenceOf = (t: Token) => (source === 'narrative' ? t.sentence : -1);
    const push = (symbol: KbSymbol, via: Via, span: Token[], term: string, typo = false) => {
      const first = span[0];
      if (!first) return;
      hits.push({
        symbol,
        via,
        surface: surfaceOf(span),
        term,
        source,
        sentence: sentenceOf(first),
        token: first.index,
        length: span.length,
        typo,
      });
    };

    const negate = (symbol: KbSymbol, span: Token[]) => {
      const first = span[0];
      const last = span.at(-1);
      if (!first || !last) return;
      negatedOut.push({
        symbol: symbol.name,
        surface: surfaceOf(span),
        sentence: sentenceOf(first),
        start: first.startChar,
        end: last.endChar,
      });
    };
    // Inside a figure of speech only feeling words are read ("drowning in sorrow" is sadness, not drowning).
    const figurative = (t: Token, symbol: KbSymbol) => t.idiom >= 0 && symbol.category !== 'Emotions';

    // "Taylor Swift was my neighbour", "dinner with beyonce": a famous person is a celebrity, and
    // their name is no other symbol ("Bill Gates" has no gate, "King Charles" is not the king). A shop
    // or restaurant chain ("at Tesco", "the Co-op", "Nando's") is a shop or a restaurant likewise.
    for (const [name, names] of NAMED) {
      const symbol = this.deps.kb.byName.get(name);
      for (const sentence of symbol ? doc.sentences : []) {
        for (let i = sentence.start; i < sentence.end; i += 1) {
          for (const len of [3, 2, 1]) {
            const span = doc.tokens.slice(i, i + len);
            if (
              span.length < len ||
              span.some((t) => !t.isWord || t.sentence !== sentence.index || consumed.has(t.index))
            )
              continue;
            const said = span.map((t) => t.normal).join(' ');
            if (!names.has(said)) continue;
            // "Target", "Boots", "Next": a dictionary word is a chain only written as a name, not opening a sentence.
            if (
              name !== 'celebrity' &&
              span.length === 1 &&
              span.some((t) => [t.normal, ...t.forms].some((f) => this.deps.wordnet.has(f))) &&
              !span.every((t) => t.pos === 'PROPN' && /^\p{Lu}/u.test(t.text) && t.index > sentence.start)
            )
              continue;
            span.forEach((t) => consumed.add(t.index));
            if (symbol && span.some((t) => t.negated)) negate(symbol, span);
            else if (symbol && !span.some((t) => t.backstory || t.likeness)) push(symbol, 'phrase', span, name);
            i += len - 1;
            break;
          }
        }
      }
    }

    const timer = new SliceTimer(10);
    for (const sentence of doc.sentences) {
      await timer.maybeYield();
      for (let i = sentence.start; i < sentence.end; i += 1) {
        if (consumed.has(i)) continue;
        const m = this.matchPhrase(doc.tokens, i, sentence.end);
        if (!m) continue;
        const span = doc.tokens.slice(i, m.last + 1);
        const head = span.at(-1);
        if (span.some((t) => figurative(t, m.ref.symbol))) continue;
        if (m.ref.symbol.category === 'Numbers' && span.some((t) => isIdiom(doc, t, m.ref.symbol))) {
          i = m.last;
          continue;
        }
        span.forEach((t) => consumed.add(t.index));
        // A phrase is negated when any of its words is: "I didn't fall off the cliff".
        if (span.some((t) => t.negated)) negate(m.ref.symbol, span);
        else if (!head?.backstory && !head?.likeness) {
          push(m.ref.symbol, m.ref.via === 'name' ? 'name' : 'phrase', span, m.ref.term);
          for (const inner of this.innerSymbols(m.ref, span, doc))
            push(inner.symbol, inner.via === 'name' ? 'name' : 'synonym', [inner.token], inner.term);
        }
        i = m.last;
      }
    }

    const firstWords = new Set<number>();
    for (const sentence of doc.sentences) {
      const first = doc.tokens.slice(sentence.start, sentence.end).find((t) => t.isWord);
      if (first) firstWords.add(first.index);
    }
    for (const token of doc.tokens) {
      if ((token.index & 63) === 0) await timer.maybeYield();
      if (!token.isWord || consumed.has(token.index)) continue;
      const capitalised = this.isMidSentenceCapital(token, firstWords);
      // "Elm Street", "Maple Avenue": a name of several capitalised words is one name, not its parts.
      if (token.name) continue;
      let ref = this.matchWord(token, doc);
      let via: Via | null = ref ? (ref.via === 'name' ? 'name' : ref.via === 'synonym' ? 'synonym' : 'phrase') : null;
      if (ref && capitalised && NAME_LIKE.has(ref.term)) ref = null;
      // "a hamster called Tiger", "a horse named Comet": what follows a naming verb, capitalised, is a name.
      if (capitalised && /^(called|named)$/.test(doc.tokens[token.index - 1]?.normal ?? '')) continue;
      if (!ref && (token.pos === 'NOUN' || token.pos === 'PROPN' || capitalised)) {
        ref = await this.matchHypernym(token, doc, capitalised);
        if (ref) via = 'hypernym';
      }
      if (
        !ref ||
        !via ||
        token.backstory ||
        token.likeness ||
        isIdiom(doc, token, ref.symbol) ||
        figurative(token, ref.symbol)
      )
        continue;
      if ((ref.symbol.name === 'die' || ref.symbol.name === 'death') && (await this.thingDies(token, doc))) continue;
      if (via !== 'hypernym' && this.isCompoundModifier(token, doc)) continue;
      // "a baby elephant": a young animal, not a baby.
      if (ref.symbol.name === 'baby' && this.namesCategory(doc.tokens[token.index + 1], token.sentence, 'Animals'))
        continue;
      // "my college friend", "the school teacher": the place says who the person is; it is not a scene.
      if (PLACE_CATEGORIES.has(ref.symbol.category) && this.modifiesPerson(token, doc)) continue;
      if (via === 'hypernym' && this.modifiesNextNoun(token, doc)) continue;
      if (token.negated) {
        negate(ref.symbol, [token]);
        continue;
      }
      push(ref.symbol, via, [token], ref.term, token.corrected !== undefined);
    }
    // A figure of speech that names a feeling reads as that feeling ("my blood ran cold").
    for (const idiom of doc.idioms) {
      const symbol = idiom.entry.reads ? this.deps.kb.byName.get(idiom.entry.reads) : undefined;
      const span = doc.tokens.slice(idiom.start, idiom.end);
      if (!symbol || hits.some((h) => h.symbol === symbol && h.token >= idiom.start && h.token < idiom.end)) continue;
      if (span.some((t) => t.negated)) negate(symbol, span);
      else if (!span.some((t) => t.backstory)) push(symbol, 'phrase', span, idiom.entry.phrase);
    }
    return mergeAdjacent(hits, doc);
  }

  /** Tags that name a symbol ("ocean", "teeth", "wedding dress"). */
  matchTags(tags: string[], tagDocs: DreamDocument[]): SymbolHit[] {
    const hits: SymbolHit[] = [];
    tagDocs.forEach((doc, k) => {
      const words = doc.tokens.filter((t) => t.isWord);
      if (!words.length) return;
      const tag = tags[k] ?? '';
      const phrase = this.matchPhrase(doc.tokens, words[0]?.index ?? 0, doc.tokens.length);
      if (phrase && phrase.last === (words.at(-1)?.index ?? -1)) {
        hits.push({
          symbol: phrase.ref.symbol,
          via: 'tag',
          surface: tag,
          term: phrase.ref.term,
          source: 'tag',
          sentence: -1,
          token: -1,
          length: 0,
          typo: false,
        });
        return;
      }
      if (words.length !== 1 || !words[0]) return;
      const w = words[0];
      const ref = [w.normal, w.lemma, ...w.forms].map((f) => this.deps.kb.words.get(f)).find((r) => r !== undefined);
      if (ref)
        hits.push({
          symbol: ref.symbol,
          via: 'tag',
          surface: tag,
          term: ref.term,
          source: 'tag',
          sentence: -1,
          token: -1,
          length: 0,
          typo: false,
        });
    });
    return hits;
  }
}
