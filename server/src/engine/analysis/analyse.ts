import type { WinkMethods } from 'wink-nlp';
import { categoriesWith, wordList } from '../kb/lexicon';
import type { KbSymbol, KnowledgeBase } from '../kb/loader';
import { gerund } from '../nlp/inflect';
import type { KbWordNet } from '../nlp/kb-wordnet';
import type { Sentiment } from '../nlp/sentiment';
import { STOPWORDS } from '../nlp/text';
import type { WordNet } from '../nlp/wordnet';
import type { DetectedSymbol, DreamAnalysis, DreamForEngine } from '../types';
import { readLanguage } from '../nlp/language';
import { readPairs } from '../nlp/word-pairs';
import { baseForms } from '../nlp/morphology';
import { MIN_TYPO_LENGTH, SHORT_WORD as SHORT_TYPO_WORD, TypoCorrector } from '../nlp/typos';
import { SliceTimer } from '../util/cooperative';
import { PEOPLE_CATEGORY } from '../kb/schema';
import type { Pronoun, TextSpan } from '../types';
import {
  NEGATIVE_TYPO,
  isOwnerMark,
  markNames,
  readDocument,
  readDocumentSliced,
  type DreamDocument,
  type Token,
} from './document';
import { readLucidity } from './lucidity';
import { SymbolMatcher, surfaceOf, type NegatedMention, type SymbolHit } from './matcher';
import { learntMotifs, learntSymbols, motifFeatures, type MotifFeatures } from './motif-model';
import { acceptSymbols } from './symbol-acceptance';
import { detectMotifs } from './motifs';
import { readTone } from './tone';

export interface AnalyserDeps {
  nlp: WinkMethods;
  kb: KnowledgeBase;
  wordnet: WordNet;
  kbWordNet: KbWordNet;
  sentiment: Sentiment;
  verbUses?: Map<string, number>;
}

/** Everything the composer needs beyond the public analysis: the documents themselves. */
export interface DreamReading {
  analysis: DreamAnalysis;
  narrative: DreamDocument;
  title: DreamDocument;
  hits: SymbolHit[];
  /** What the learnt motif model read in the dream (analysis/motif-model.ts); empty for a dream not read. */
  motifFeatures: MotifFeatures;
}

const SETTING_CATEGORIES = categoriesWith('setting');
/** Titles before a surname ("mr okafor"): the next word is a name, not a slip. */
const HONORIFICS = wordList('honorifics');
const GENERIC_NOUNS = wordList('generic-nouns');
/** Parts of the body that "burn" with effort or pain ("my lungs burning"). */
const BURNING_BODY = wordList('burning-body');
/** The end of an excerpt must not need a next word. */
const WEAK_ENDS = wordList('excerpt-weak-ends');
const FEAR_CUES = wordList('bodily-fear-cues');
const BODILY_STATES = wordList('bodily-states');
/** Body parts whose state of fear is the feeling itself, no image of the dream. */
const BODY_TELLS_FEAR = new Set(['heart']);
/** How many words after a body part its state may come ("my legs were going in slow motion"). */
const BODILY_STATE_REACH = 5;
const HEART_FEAR_VERBS = wordList('heart-fear-verbs');
const GUT_FEAR_VERBS = wordList('gut-fear-verbs');
const FEMALE = wordList('female-person-words');
const MALE = wordList('male-person-words');
/** Beings that are not in the scene when they are only spoken of. */
const SPOKEN_OF_CATEGORIES = new Set([PEOPLE_CATEGORY, 'Animals']);
/** Words for people the knowledge base files under no person symbol. */
const PERSON_NOUNS =
  /^(man|men|woman|women|guy|guys|girl|girls|boy|boys|person|people|lady|kid|kids|someone|everyone|baby|climber|skier|diver|pilot)$/;
/** The knowledge-base symbol of a dream in which the dreamer knows they are dreaming. */
const LUCID_SYMBOL = 'lucid dream';
const LUCID_MOTIF = 'becoming-lucid';
/** Parts of speech that build clauses: a text without them is a list of words, not a telling. */
const FUNCTION_POS = new Set(['DET', 'PRON', 'ADP', 'AUX', 'CCONJ', 'SCONJ', 'PART']);
/** Prepositions of place: a name after one is somewhere ("in Paris"), not someone. */
const LOCATIVE_NAMES = wordList('locative');
/** At most this many words of the narrative after "woke up" for it to be the dream's ending, not an image. */
const WAKING_TAIL_WORDS = 40;
/** Words of a death, told in the dream or as the dreamer's past. */
const DEATH_FORMS = wordList('death-words');
const DEATH_DATING = wordList('death-dating');
/** People whose visit after death the reading treats as a visit from the dead. */
const CLOSE_PEOPLE = wordList('close-people');
const OTHERS_POSSESSIVES = wordList('others-possessives');
const FUNCTION_WORDS = wordList('function-words');
const OWN_ACTIONS = wordList('own-actions');
const LIVING_ACTIONS = wordList('living-actions');
/** Kin words that "-in-law" turns into kin by marriage. */
const KIN_BY_MARRIAGE = new Set(['mother', 'father', 'sibling', 'child', 'partner']);
const WAKING_REACTIONS = wordList('waking-reactions');
const CELEBRITY = 'celebrity';
/** Symbols some rules below read by name. */
const CITY = 'city';
const RUN = 'run';
const NIGHT = 'night';
const STRANGER = 'stranger';
const CHILD = 'child';
/** The knowledge-base symbol of a false awakening. */
const NESTED_DREAM = 'dream within a dream';
/** The knowledge-base symbol of waking up. */
const WAKE_SYMBOL = 'wake';
/** Motifs whose waking happens inside the experience. */
const WAKING_INSIDE_MOTIFS = new Set(['false-awakening', 'trapped-unable-to-move', 'shadow-figure-bedside']);
/** Where a famous person is seen without being met. */
const SCREEN_WORDS = new Set([
  'tv',
  'television',
  'telly',
  'screen',
  'film',
  'movie',
  'poster',
  'magazine',
  'video',
  'concert',
  'stage',
  'news',
]);
/** Words after a famous name that make it their work, not them: "that Fleetwood Mac song", "Chopin waltzes". */
const WORKS_OF = new Set([
  'song',
  'songs',
  'track',
  'tracks',
  'tune',
  'tunes',
  'album',
  'albums',
  'record',
  'records',
  'waltz',
  'waltzes',
  'concerto',
  'symphony',
  'documentary',
  'poster',
  'posters',
  'film',
  'films',
  'movie',
  'movies',
  'book',
  'books',
  'lyrics',
  'playlist',
  'cover',
  'mug',
  't-shirt',
  'shirt',
]);
/** Words before a famous name that make it their music: "playing Abba", "some Abba", "by Elvis". */
const PLAYED = new Set(['playing', 'plays', 'played', 'play', 'some', 'by', 'blasting', 'singing', 'sang', 'sings']);
/** Where a famous person is only heard or shown. */
const HEARD_OR_SHOWN = new Set([
  ...SCREEN_WORDS,
  'radio',
  'documentary',
  'speaker',
  'speakers',
  'headphones',
  'earphones',
]);

/** A famous name heard, played or shown in the dream, not someone met there. */
function playedOrShown(doc: DreamDocument, h: SymbolHit): boolean {
  const before = doc.tokens
    .slice(0, h.token)
    .reverse()
    .find((t) => t.isWord);
  const after = doc.tokens.slice(h.token + Math.max(1, h.length)).find((t) => t.isWord);
  if (after && after.sentence === h.sentence && WORKS_OF.has(after.normal)) return true;
  if (before && before.sentence === h.sentence && PLAYED.has(before.normal)) return true;
  return doc.tokens.some((t) => t.sentence === h.sentence && t.isWord && HEARD_OR_SHOWN.has(t.normal));
}

/** At most this many tokens between a reaction and the waking it comes with ("I shouted Jesus! and woke up"). */
const REACTION_REACH = 8;
const TOPIC_VERBS = wordList('topic-verbs');
const TOPIC_NOUNS = wordList('topic-nouns');
const CALL_VERBS = wordList('call-verbs');
const ASKING_VERBS = wordList('asking-verbs');
const POSSESSIVE_WORDS = wordList('possessives');
const DETERMINER_WORDS = wordList('determiners');
const OBJECT_PRONOUNS = new Set(['me', 'us', 'him', 'her', 'them', 'you']);
const OWN_ONLY_PEOPLE = wordList('own-only-people');
/** Someone driving is a driver of the dream, whoever it is ("we drove down Rose Lane"). */
const DRIVING = { action: 'drive', actor: 'driver' };
const FAMOUS_NAMES = wordList('famous-names');
/** First names of famous people ("taylor" in "taylor swfit"): a slip after one is the surname's. */
const FAMOUS_FIRST_NAMES = new Set([...FAMOUS_NAMES].filter((n) => n.includes(' ')).map((n) => n.split(' ')[0] ?? ''));
const SUBJECT_PRONOUNS = new Set(['i', 'you', 'he', 'she', 'we', 'they', 'it']);
/** After the waking, a word of these means another dream began ("I fell back asleep and dreamt…"). */
const DREAMING_AGAIN = /^(dream|dreams|dreaming|dreamt|dreamed|asleep|lucid)$/;
/** "then I actually woke up": the real waking after false ones. */
const REAL_WAKING = /^(really|actually|properly|finally|truly)$/;
/** "then the alarm went off": an alarm that wakes the dreamer. */
const ALARM_WAKING = /^(off|rang|ringing|rings|beeping|beeped|buzzing|buzzed|sounded|blaring)$/;

/**
 * Where the telling leaves the dream: the last "I woke up" (or alarm going off) with at most
 * WAKING_TAIL_WORDS words after it and no new dream begun. The waking, and what the dreamer did
 * or saw once awake ("I woke up crying", "my alarm went off", "I lay in bed"), are not images of
 * the dream; a false awakening ("I woke up in my bed … I was still dreaming") is.
 */
/** "back to bed", "fell asleep": where a log's waking-life preface hands over to the dream. */
const SLEEP_ONSET =
  /^(?:back to (?:bed|sleep)|(?:fell|fall|falling) (?:back )?asleep|went (?:back )?to sleep|drifted off|dozed off)$/;
/** The preface is told in the first sentences, or not at all. */
const PREFACE_SENTENCES = 3;

/**
 * Where the dream begins after a waking-life preface ("Woke at 5, read my notes, back to bed. Counted
 * breaths…"): the token after the sleep onset, or 0 when the telling starts in the dream.
 */
function prefaceEnd(doc: DreamDocument): number {
  for (const sentence of doc.sentences.slice(0, PREFACE_SENTENCES)) {
    const words = doc.tokens.slice(sentence.start, sentence.end).filter((t) => t.isWord);
    for (let i = 0; i < words.length; i += 1)
      for (const n of [2, 3, 4]) {
        const run = words.slice(i, i + n);
        const last = run.at(-1);
        if (run.length === n && last && SLEEP_ONSET.test(run.map((t) => t.normal).join(' '))) return last.index + 1;
      }
  }
  return 0;
}

/** After "passed", these make it something other than a death ("passed my test", "passed out"). */
const PASSED_NOT_DEATH = new Set(['out', 'by', 'through', 'over', 'around', 'round', 'it', 'them', 'me', 'him', 'her']);

/** Whether the token at `i` tells of a death ("she died", "passed away"; not "I passed my test"). */
function isDeathWord(tokens: Token[], i: number): boolean {
  const t = tokens[i];
  if (!t || !DEATH_FORMS.has(t.normal)) return false;
  if (t.normal !== 'passed' && t.normal !== 'pass') return true;
  const next = tokens.slice(i + 1).find((x) => x.isWord)?.normal ?? '';
  // "She pass in 2019", "before he pass away": the bare form only with the words of a death after it.
  if (t.normal === 'pass') return /^(away|on|in|last)$/.test(next);
  return !(PASSED_NOT_DEATH.has(next) || DETERMINER_WORDS.has(next) || POSSESSIVE_WORDS.has(next));
}

/** Whether the hit at `token` (spanning `length` tokens) only owns something: "dad's car", "the house of my gran". */
function isPossessor(tokens: Token[], token: number, length: number): boolean {
  const after = tokens[token + length];
  if (isOwnerMark(after)) return true;
  const before = tokens
    .slice(0, token)
    .filter((t) => t.isWord)
    .slice(-2);
  return before[1] !== undefined && POSSESSIVE_WORDS.has(before[1].normal) && before[0]?.normal === 'of';
}

const FALSE_AWAKENING = 'false-awakening';
const UNABLE_TO_SPEAK = 'unable-to-speak';

/**
 * Words of speech and voice. Every one of the 250 training and dev dreams labelled unable-to-speak has one; the
 * learnt model alone may not read the motif without them ("I tried the tap but nothing came out").
 */
const SPEECH_WORDS = new Set(wordList('speech-words'));
/** Whether some word of the dream, as written or in a base form, is one of `words`. */
function hasWordOf(doc: DreamDocument, words: ReadonlySet<string>): boolean {
  return doc.tokens.some((t) => t.isWord && (words.has(t.normal) || t.forms.some((f) => words.has(f))));
}
const SHADOW_FIGURE = 'shadow-figure-bedside';
/** Words that name or point to a being; likewise every dream labelled with a figure at the bedside has one. */
const BEING_WORDS = new Set(wordList('being-words'));

/**
 * Whether the dream can tell a false awakening: more than a waking, at least two things done or seen, not denied,
 * before or after its first waking ("I woke up, made coffee, the kitchen was wrong"), and a waking again. A telling
 * that is only the waking ("I woke at around four and did not sleep again") has no false awakening in it.
 */
function toldAsFalseAwakening(doc: DreamDocument): boolean {
  const wakings = doc.tokens.filter(
    (t) => t.isWord && !t.negated && (t.forms.includes('wake') || t.normal === 'awake'),
  );
  const waking = wakings[0];
  if (!waking) return true;
  // And a second waking, the real one or another false one ("…then I woke up for real"): 114 of the 125 false
  // awakenings of the dev halves and training sets tell two; one waking and a coffee is a morning.
  if (wakings.length < 2) return false;
  const told = (ts: Token[]) => ts.filter((t) => t.isWord && !t.negated && (t.pos === 'VERB' || t.pos === 'NOUN'));
  return told(doc.tokens.slice(waking.index + 1)).length >= 2 || told(doc.tokens.slice(0, waking.index)).length >= 2;
}

/** A return: "back at", "back on the buses", "again", "once more". */
const RETURN_WORDS =
  /\b(?:back (?:at|in|on|behind|working|to|offshore|teaching|doing)|again|once more|still (?:work|working))\b/i;
/** The work or study returned to, told as the dreamer's past ("where I did my apprenticeship", "which I left in '09"). */
const FORMER_WORK =
  /\b(?:(?:where|which|that) (?:i|we) (?:used to |had |once )?(?:work(?:ed)?|was working|did (?:my|thirty|twenty|forty|\w+ years?)|trained|taught|crewed)|which i (?:left|quit)|the job i had|i (?:left|quit) (?:in|it|there)|got (?:sacked|fired)|before (?:i|we) (?:went|joined|bought|came|left|retired|moved|started)|i retired|after retiring|since retiring|(?:haven'?t|have not|hadn'?t) (?:done|worked) (?:that |there |it )?(?:since|in)|(?:like|as if|as though) i'?d never (?:left|gone)|i don'?t (?:even )?work (?:there|here)|my first (?:job|ship|parish|posting|boss|shift|post|contract)|apprenticeship|before they (?:shut|closed|did away)|i (?:ever )?worked (?:at|in|there)|used to (?:teach|work)|(?:student nurse|student midwife|new starter|apprentice|trainee|pupil|student) again|again (?:a|as a) (?:student|pupil|trainee)|(?:my|the) old (?:job|boss|manager|foreman|shift|work|office|desk|chambers|firm|depot|classroom|uniform|locker|blazer|supervisor|instructor))\b/i;

/**
 * The sentence of a return to the dreamer's former work or study, when the dream tells both the return and
 * that past (in its own words, not quoted or in someone else's story). Undefined otherwise.
 */
function returnToFormerWork(doc: DreamDocument): number | undefined {
  const own = doc.sentences.filter((s) => {
    const words = doc.tokens.slice(s.start, s.end).filter((t) => t.isWord);
    return words.filter((t) => t.quoted || t.told || t.reported).length * 2 < words.length;
  });
  const back = own.find((s) => RETURN_WORDS.test(s.text));
  if (!back || !own.some((s) => FORMER_WORK.test(s.text))) return undefined;
  return back.index;
}

/**
 * Motifs a dream can watch happen to others ("on the telly there was the news about floods somewhere abroad"):
 * not the end of the world, which the news can tell in the dream itself ("Asteroid on the news, two hours till
 * impact").
 */
const WATCHABLE_MOTIFS = new Set([
  'rising-floodwater',
  'tsunami-giant-wave',
  'house-on-fire',
  'being-chased',
  'animal-attack',
  'drowning',
  'falling',
  'wedding',
]);
/** "on the telly", "on TV", "watching the news", "the news showing floods", not "like on TV". */
const WATCHED =
  /(?<!\blike )\bon (?:the |a )?(?:tv|telly|television|tellies|news|screen)\b|\bwatch(?:ing|ed)? (?:the |a |some )?(?:news|film|movie|documentary|programme|tv|telly)\b|\bthe news (?:show|showing|shows|showed|said|says|saying|about|had|was|is)\b|\bnews (?:show|showing|shows|showed) /i;

/** Actions of others that a screen shows rather than the dream: running from the wave, drowning. */
const SCREEN_ACTIONS = new Set(['run', 'drown']);
/** A sentence about something on a screen: a film, a programme, the news, the telly. */
const ON_SCREEN = /\b(?:movies?|films?|programmes?|documentar(?:y|ies)|tv|telly|television|news)\b/i;

/** Whether sentence `index` tells of a motif's events watched on a screen, happening to others. */
function watched(doc: DreamDocument, index: number, motif: string): boolean {
  const sentence = doc.sentences[index];
  return !!sentence && WATCHABLE_MOTIFS.has(motif) && WATCHED.test(sentence.text);
}

const FLYING_MOTIFS = new Set(['flying', 'flying-too-low']);
/** Words besides those of death-words.json that tell a death as past: "God rest him", "we buried him", "gone since". */
const DEATH_TOLD_WORDS = new Set([
  'rest',
  'buried',
  'burried',
  'bury',
  'lost',
  'gone',
  'took',
  'taken',
  'put',
  'heaven',
]);
/** After a word of flying, an object flown ("a kite", "her", "the plane"): the dreamer flies something. */
const FLOWN_OBJECT = /^(a|an|the|my|her|him|it|them|his|our|their|this|that)$/;
/** After a word of flying, a trip by plane: "to Spain", "home for Christmas". */
const FLIGHT_TRIP = /^(to|home)$/;

/**
 * Whether the dream tells the dreamer (or someone) flying through the air: a word of flying, soaring or
 * gliding that is neither flying something nor a trip by plane. True when the dream has no such word at all
 * (the motif was read from other words).
 */
function flownSelf(doc: DreamDocument): boolean {
  const flights = doc.tokens.filter(
    (t) => t.isWord && !t.negated && t.forms.some((f) => f === 'fly' || f === 'soar' || f === 'glide'),
  );
  if (flights.length === 0) return true;
  return flights.some((t) => {
    const next = doc.tokens.slice(t.index + 1).find((x) => x.isWord);
    if (!next || next.sentence !== t.sentence) return true;
    if (FLOWN_OBJECT.test(next.normal)) {
      // "flying the length of the hall", "flew over the…" stay flights; only an object straight after.
      const after = doc.tokens.slice(next.index + 1).find((x) => x.isWord);
      return after?.normal === 'length' || after?.normal === 'way';
    }
    if (FLIGHT_TRIP.test(next.normal)) {
      const words = doc.tokens.filter((x) => x.isWord).map((x) => x.normal);
      return !words.some((w) =>
        /^(plane|flight|airport|gate|ryanair|easyjet|holiday|stag|hen|christmas|passport|luggage|suitcase)$/.test(w),
      );
    }
    return true;
  });
}

/** Categories whose members have body parts of their own. */
const BODIED_CATEGORIES = new Set([PEOPLE_CATEGORY, 'Animals', 'Body', 'Spiritual and Otherworldly']);

/**
 * A body-part word that belongs to a thing: "the chair's loose leg", "the leg of the table". The owner
 * is another hit of a category without a body.
 */
function thingsPart(doc: DreamDocument, h: SymbolHit, hits: SymbolHit[]): boolean {
  const owner = (end: number) =>
    hits.some(
      (o) =>
        o.source === 'narrative' &&
        o.token + Math.max(1, o.length) === end &&
        !BODIED_CATEGORIES.has(o.symbol.category),
    );
  // "the chair's (loose) leg": a possessive mark within two words before the part.
  for (let i = h.token - 1; i >= Math.max(0, h.token - 3); i -= 1) {
    const t = doc.tokens[i];
    if (!t) break;
    if (isOwnerMark(t)) return owner(i);
    if (t.sentence !== h.sentence) break;
  }
  // "the leg of the table"
  const after = doc.tokens
    .slice(h.token + Math.max(1, h.length))
    .filter((t) => t.isWord)
    .slice(0, 5);
  if (after[0]?.normal !== 'of') return false;
  // The noun after "of", past determiners and describing words ("a full head of red hair" is of hair, not red).
  const head = after
    .slice(1)
    .find((t) => !DETERMINER_WORDS.has(t.normal) && t.pos !== 'ADJ' && t.pos !== 'NUM' && t.pos !== 'ADV');
  return (
    !!head &&
    hits.some((o) => o.source === 'narrative' && o.token === head.index && !BODIED_CATEGORIES.has(o.symbol.category))
  );
}

/** Animals people keep, named after "my", "our" in "put our dog down". */
const PET_WORDS = new Set(['dog', 'cat', 'puppy', 'kitten', 'horse', 'pony', 'rabbit', 'bunny', 'hamster', 'pet']);

/** "we had to put Biscuit down", "put her to sleep", "put our old dog down": a pet's death. */
function petPutDown(tokens: Token[]): boolean {
  return tokens.some((t, i) => {
    if (t.normal !== 'put' || t.negated) return false;
    const next = tokens.slice(i + 1, i + 6).filter((x) => x.isWord);
    let k = 0;
    const object = next[k];
    if (!object) return false;
    if (POSSESSIVE_WORDS.has(object.normal)) {
      while (next[k + 1]?.pos === 'ADJ') k += 1;
      if (!PET_WORDS.has(next[k + 1]?.lemma ?? '')) return false;
      k += 1;
    } else if (!(object.pos === 'PROPN' || object.normal === 'her' || object.normal === 'him')) return false;
    const rest = next.slice(k + 1, k + 3).map((x) => x.normal);
    return rest[0] === 'down' || (rest[0] === 'to' && rest[1] === 'sleep');
  });
}

/** Spans that date a death as an aside: "three years gone now". */
const DEATH_SPANS = /^(years|months|weeks|year|month)$/;
/** What takes someone in a death told as the past ("before the stroke took him"). */
const ILLNESSES = /^(cancer|stroke|covid|virus|illness|disease|tumour|tumor|dementia|sea|drink|flu|fever)$/;
/** Months and words that date a death in waking life ("died in March", "passed in 2019"). */
const DEATH_DATES =
  /^(january|february|march|april|may|june|july|august|september|october|november|december|ago|spring|summer|autumn|winter|christmas|\d{4})$/;

/** Whether sentence `index` tells of a death dated in waking life ("Biscuit died in March"). */
function datedDeathSentence(doc: DreamDocument, index: number): boolean {
  const sentence = doc.sentences[index];
  if (!sentence) return false;
  const ts = doc.tokens.slice(sentence.start, sentence.end);
  return (
    ts.some((t) => t.isWord && !t.negated && isDeathWord(doc.tokens, t.index)) &&
    ts.some((t) => DEATH_DATES.test(t.normal) || DEATH_DATING.has(t.normal))
  );
}

/** The word just before the verb at `at`, past auxiliaries, adverbs and particles: its subject, if any. */
function wordBeforeVerb(tokens: Token[], at: number): Token | undefined {
  let k = at - 1;
  while (tokens[k] && ['AUX', 'ADV', 'PART'].includes(tokens[k]?.pos ?? '')) k -= 1;
  return tokens[k];
}

/** Verbs that take another verb after them ("started singing", "kept running"): the subject stands before them. */
const CATENATIVE = /^(start|begin|keep|stop|continue|go|carry|try|like|love|hear|see|watch)$/;

/**
 * The word before the verb at `at` that stands as its subject, past auxiliaries, adverbs, particles and the
 * verbs `catenative` names ("everybody started singing"); undefined when the sentence has none.
 */
function subjectBefore(tokens: Token[], at: number, catenative: RegExp): Token | undefined {
  let k = at - 1;
  while (
    tokens[k] &&
    tokens[k]?.sentence === tokens[at]?.sentence &&
    (['AUX', 'ADV', 'PART'].includes(tokens[k]?.pos ?? '') ||
      (tokens[k]?.pos === 'VERB' && catenative.test(tokens[k]?.lemma ?? '')))
  )
    k -= 1;
  const subject = tokens[k];
  return subject && subject.sentence === tokens[at]?.sentence ? subject : undefined;
}

/** "tried to shout", "went to scream", "I want shout": a cry the dreamer set out to make. */
const ATTEMPT_BEFORE =
  /^(try|tried|tries|trying|want|wanted|wants|attempt|attempted|went|go|goes|going|mean|meant|mouth)$/;
/** The voice that failed: "nothing came out", "no sound", "only a whisper", "just air". */
const VOICE_FAILS =
  /\b(?:nothing|nowt|no sound|no noise|not a sound|no voice)\b[^.!?]{0,20}?\b(?:came|comes|come|coming|would come)\b|\bno (?:sound|noise)\b|\b(?:whisper|squeak|wheeze|croak)\b|\b(?:only|just)\s+(?:\w+\s+)?(?:air|breath)\b|\bvoice (?:would(?:n't| not)|did(?:n't| not)|was gone|had gone|wouldnt|didnt)\b|\b(?:and|but) nothing\b|^\s*nothing\b/i;

/** The verb of setting out just before the action at `at` ("tried to shout", "wanted to run"), in its sentence. */
function attemptBefore(doc: DreamDocument, at: number): Token | undefined {
  const t = doc.tokens[at];
  const attempt = doc.tokens[doc.tokens[at - 1]?.normal === 'to' ? at - 2 : at - 1];
  return t && attempt && attempt.sentence === t.sentence && ATTEMPT_BEFORE.test(attempt.normal) ? attempt : undefined;
}

/**
 * "I tried to shout for Sam and nothing came out": a cry that never came is no scream of the dream (in the
 * training sets and dev halves, 32 of 36 such dreams count none; the motif of not being able to scream keeps it).
 */
function voiceFails(doc: DreamDocument, at: number): boolean {
  const t = doc.tokens[at];
  if (!t) return false;
  // "I couldn't even shout": the cry that could not be made (4 of 5 such dreams count no scream).
  let m = at - 1;
  while (doc.tokens[m]?.normal === 'even' || doc.tokens[m]?.normal === 'really') m -= 1;
  if (/^(n't|not|nt)$/.test(doc.tokens[m]?.normal ?? '') && /^(could|can|ca)$/.test(doc.tokens[m - 1]?.normal ?? ''))
    return true;
  // "before I could shout": a cry overtaken before it was made.
  if (doc.tokens[m]?.normal === 'could' && /^(before|until|till)$/.test(doc.tokens[m - 2]?.normal ?? '')) return true;
  // "I scream but no sound": the failure told straight after the cry.
  const here = doc.sentences[t.sentence]?.text ?? '';
  const start = doc.sentences[t.sentence]?.startChar ?? 0;
  if (VOICE_FAILS.test(here.slice(t.endChar - start, t.endChar - start + 40))) return true;
  const attempt = attemptBefore(doc, at);
  if (!attempt) return false;
  // "I wanted to shout but I didn't want to be rude": the cry held back.
  if (
    /^(want|wanted|wants|mean|meant)$/.test(attempt.normal) &&
    /^[^.!?]{0,40}\bbut\b/i.test(here.slice(t.endChar - start))
  )
    return true;
  const next = doc.sentences[t.sentence + 1]?.text ?? '';
  const after = doc.sentences[t.sentence + 2]?.text ?? '';
  return VOICE_FAILS.test(here) || VOICE_FAILS.test(next) || (attempt.normal === 'mouth' && VOICE_FAILS.test(after));
}

/** What stops a run the dreamer set out on: "my legs wouldn't go", "legs like treacle", "couldn't move". */
const RUN_FAILS =
  /\b(?:but|and)\b[^.!?]{0,40}\b(?:legs?|feet|body)\b|\b(?:could ?n[o']?t|couldnt|would ?n[o']?t|wouldnt|can ?n[o']?t|cant|cannot|unable)\b[^.!?]{0,15}\b(?:move|go|run|budge|lift)\b/i;

/**
 * "I want to run but my legs are like stone", "I tried to run and my legs wouldn't go": a run that never came is no
 * running of the dream (the sets label the slowed-down motif and forbid the run; in the training sets and dev
 * halves the run was labelled in 4 of 17 such dreams).
 */
function runFails(doc: DreamDocument, at: number): boolean {
  const t = doc.tokens[at];
  if (!t) return false;
  if (!attemptBefore(doc, at)) return false;
  const start = doc.sentences[t.sentence]?.startChar ?? 0;
  const rest = (doc.sentences[t.sentence]?.text ?? '').slice(t.endChar - start);
  return RUN_FAILS.test(rest) || RUN_FAILS.test(doc.sentences[t.sentence + 1]?.text ?? '');
}

/**
 * "the early run", "an airport run", "the blue run", "a run of forty ledgers": a round, a route or a series, not
 * running ("went for a run", "on the run" still are).
 */
function runAsRound(tokens: Token[], at: number): boolean {
  const t = tokens[at];
  const prev = tokens[at - 1];
  if (!t || t.normal !== 'run' || !prev || prev.sentence !== t.sentence) return false;
  const before = tokens[at - 2];
  if (/^(a|the)$/.test(prev.normal) && before && /^(for|on)$/.test(before.normal)) return false;
  return (
    /^(a|an|the|this|that|my|our|his|her|their|one)$/.test(prev.normal) || ['ADJ', 'NOUN', 'PROPN'].includes(prev.pos)
  );
}

/**
 * "Grandmama was singing", "the boys singing that song", "everybody started singing": someone other than the
 * dreamer sings (the sets label that music; only the dreamer's own singing is singing). False when the dreamer
 * sings or no subject is found.
 */
function someoneElseSings(tokens: Token[], at: number): boolean {
  const subject = subjectBefore(tokens, at, CATENATIVE);
  if (!subject) return false;
  if (/^(i|we|me|us|myself)$/.test(subject.normal)) return false;
  return subject.pos === 'NOUN' || subject.pos === 'PROPN' || subject.pos === 'PRON';
}

/**
 * "my brother-in-law", "his father in law", "the daughters-in-law": kin by marriage is not the kin word's own
 * image (in the training sets and dev halves, 9 of 10 such mentions forbid or leave out the sibling, parent or
 * child the word begins with).
 */
function inLaw(tokens: Token[], at: number): boolean {
  const t = tokens[at];
  if (!t) return false;
  if (/-in-laws?$/i.test(t.text)) return true;
  const words = tokens
    .slice(at + 1, at + 5)
    .filter((w) => w.sentence === t.sentence && w.text !== '-' && w.text !== '‐')
    .map((w) => w.normal);
  return words[0] === 'in' && /^laws?$/.test(words[1] ?? '');
}

/**
 * "a skin of oil on it", "just a skin of it", "the skin of the custard": a film over a thing, not the skin of a
 * body ("the skin of my arms" stays).
 */
function skinOfAThing(tokens: Token[], at: number): boolean {
  const of = tokens[at + 1];
  const owner = tokens[at + 2];
  if (of?.normal !== 'of' || !owner || owner.sentence !== of.sentence) return false;
  return (
    !POSSESSIVE_WORDS.has(owner.normal) && owner.pos !== 'PROPN' && !/^(him|her|them|me|us|you)$/.test(owner.normal)
  );
}

/** Words after "a foot" that make it a length: "a foot taller", "a foot off the ground". */
const FOOT_AS_LENGTH_AFTER_A =
  /^(taller|shorter|higher|lower|deeper|longer|wider|off|away|above|below|under|over|deep|high|tall|long|wide|from|or|of)$/;
/** Counts before a length: "six foot", "a hundred feet", "two and a half feet". */
const LENGTH_COUNT =
  /^(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|few|couple|half|\d+(\.\d+)?)$/;

/**
 * "at the foot of the bed", "the foot of the stairs": the bottom of a thing; "six foot tall", "a hundred feet
 * below", "a foot taller": a length (in the training sets and dev halves, none of 30 "foot of" readings was
 * labelled a foot).
 */
function footAsPlaceOrMeasure(tokens: Token[], at: number): boolean {
  const t = tokens[at];
  if (!t) return false;
  const prev = tokens[at - 1]?.sentence === t.sentence ? tokens[at - 1] : undefined;
  const next = tokens[at + 1];
  if (t.normal === 'foot' && next?.normal === 'of' && next.sentence === t.sentence) return true;
  if (!prev || (t.normal !== 'foot' && t.normal !== 'feet')) return false;
  // "a foot taller", "a foot deep": "a" counts only before a word of length or place.
  if (prev.normal === 'a') return t.normal === 'foot' && !!next && FOOT_AS_LENGTH_AFTER_A.test(next.normal);
  return LENGTH_COUNT.test(prev.normal);
}

/** A death word set off as an aside: ", gone since the pandemic", ", been dead since 2011". */
function afterAsideComma(tokens: Token[], at: number): boolean {
  const before = tokens[at - 1];
  return before?.text === ',' || (before?.normal === 'been' && tokens[at - 2]?.text === ',');
}

/** Names whose death is dated in waking life: the name just before the death word ("Biscuit died in March"). */
function datedDeathNames(doc: DreamDocument): Set<string> {
  const { tokens } = doc;
  const out = new Set<string>();
  for (const t of tokens) {
    if (!t.isWord || t.negated || !isDeathWord(tokens, t.index) || !datedDeathSentence(doc, t.sentence)) continue;
    let k = wordBeforeVerb(tokens, t.index)?.index ?? -1;
    // "Kev who's been dead two years"
    if (tokens[k]?.normal === 'who') k -= 1;
    while (tokens[k] && tokens[k]?.pos === 'PUNCT' && tokens[k]?.normal === ',') k -= 1;
    const subject = tokens[k];
    if (subject?.sentence === t.sentence && subject.pos === 'PROPN') out.add(subject.normal);
  }
  return out;
}

/** Categories of places: where a dream is set, or what a family owns ("my grandparents' farm"). */
const PLACE_CATEGORIES = new Set(['Places', 'Buildings and Rooms']);
/** Places "our" makes the family's ("our village"; not "our road", "our stairs"). */
const OUR_HOMES = new Set(['village', 'town', 'city', 'farm', 'house', 'home', 'cottage', 'flat', 'apartment']);
/** Words that tell a dream recurs, near its start. */
const RECURRENCE =
  /\b(again|same dream|same as always|as always|recurring|recurs|every time|since i was|since childhood|for years|time this (?:month|week|year)|(?:\d+|twenty|ten|many|so many) times)\b/i;

/** Whether the dream is tagged or told as recurring (in its first two sentences). */
function isRecurring(doc: DreamDocument, tags: string[]): boolean {
  if (tags.some((t) => /recurr/i.test(t))) return true;
  // "I was small again", "a girl again": back in childhood, not a dream that comes back.
  return doc.sentences.slice(0, 2).some((s) => RECURRENCE.test(s.text.replace(YOUNG_AGAIN, '')));
}

/** Being young again ("small again", "a boy again", "eight again"): a return to childhood, not a recurrence. */
const YOUNG_AGAIN =
  /\b(?:small|little|young|tiny|child|kid|boy|girl|baby|teenager|lassie|lad|bairn|wean|\d+|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen)\s+again\b/gi;

/**
 * Whether the place at `token` is owned by the dreamer's family: "my grandparents' house", "our
 * village", "the house of my grandparents", "my parents' street".
 */
function familyOwned(tokens: Token[], token: number, close: (t: Token) => boolean): boolean {
  const before = tokens.slice(Math.max(0, token - 4), token).filter((t) => t.sentence === tokens[token]?.sentence);
  const place = tokens[token];
  const home = !!place && place.forms.some((f) => OUR_HOMES.has(f));
  if (home && (before.at(-1)?.normal === 'our' || before.at(-2)?.normal === 'our')) return true;
  // "my grandparents' (old) farm"
  const mark = before.findLastIndex(isOwnerMark);
  if (
    mark > 0 &&
    before[mark - 1] &&
    close(before[mark - 1] as Token) &&
    POSSESSIVE_WORDS.has(before[mark - 2]?.normal ?? '')
  )
    return true;
  // "the house of my grandparents"
  const after = tokens.slice(token + 1, token + 4).filter((t) => t.isWord);
  return after[0]?.normal === 'of' && POSSESSIVE_WORDS.has(after[1]?.normal ?? '') && !!after[2] && close(after[2]);
}

/** Verbs of arriving or getting in touch: not done, the one who should have is absent. */
const ARRIVAL_VERBS = new Set([
  'come',
  'ring',
  'call',
  'phone',
  'text',
  'arrive',
  'appear',
  'show',
  'answer',
  'visit',
  'turn',
  'reply',
  'write',
]);

/** "my mum didn't ring": the words at `token` are the subject of a denied arrival or call. */
function didNotCome(tokens: Token[], token: number, length: number): boolean {
  const after = tokens.slice(token + length, token + length + 6);
  const verb = after.find((t) => t.pos === 'VERB');
  if (!verb || verb.sentence !== tokens[token]?.sentence || !verb.negated) return false;
  // Only the subject: nothing but auxiliaries, negation and adverbs between ("my mother, who did not come").
  const between = after.slice(0, after.indexOf(verb));
  const relative =
    between[0]?.normal === ',' && between[1]?.normal === 'who' ? 2 : between[0]?.normal === 'who' ? 1 : 0;
  return (
    between.slice(relative).every((t) => ['AUX', 'PART', 'ADV'].includes(t.pos)) &&
    verb.forms.some((f) => ARRIVAL_VERBS.has(f))
  );
}

/** After a person: "texted me", "rang us" (not "called me over", said in the room). */
function callerOnly(tokens: Token[], after: number): boolean {
  const verb = tokens[after];
  const object = tokens[after + 1];
  const next = tokens[after + 2];
  return (
    !!verb &&
    verb.pos === 'VERB' &&
    !verb.negated &&
    verb.forms.some((f) => CALL_VERBS.has(f)) &&
    object?.sentence === verb.sentence &&
    /^(me|us)$/.test(object.normal) &&
    !(next?.sentence === verb.sentence && /^(into|over|in|to|back|from|out|down|up|for|through)$/.test(next.normal))
  );
}

/** "find it hard", "found him strange": finding as judging. */
function judgedAs(tokens: Token[], at: number): boolean {
  let k = at + 1;
  if (/^(it|this|that|him|her|them|everything)$/.test(tokens[k]?.normal ?? '')) k += 1;
  return tokens[k]?.sentence === tokens[at]?.sentence && tokens[k]?.pos === 'ADJ';
}

/** "came home from a party", "back from work", "Crystal Brooks from high school": a place or event left behind. */
function cameFrom(tokens: Token[], at: number): boolean {
  let k = at - 1;
  while (tokens[k]?.pos === 'DET' || POSSESSIVE_WORDS.has(tokens[k]?.normal ?? '')) k -= 1;
  if (tokens[k]?.normal !== 'from' || tokens[k]?.sentence !== tokens[at]?.sentence) return false;
  const before = tokens[k - 1];
  if (!before || before.sentence !== tokens[at]?.sentence) return false;
  if (/^(home|back)$/.test(before.normal) || before.forms.some((f) => /^(come|return|arrive)$/.test(f))) return true;
  return before.pos === 'PROPN' && /^[A-Z]/.test(before.text);
}

/** Body words that as verbs name an act ("hand over", "face the music", "eyed me", "elbowed past"). */
const BODY_VERBS =
  /^(hand|hands|handed|handing|foot|footed|face|faces|faced|facing|eye|eyes|eyed|eyeing|arm|armed|finger|fingered|shoulder|shouldered|elbow|elbowed|elbowing)$/;
/** "hands me the baby", "eyes him": a body word in the third person with an object pronoun is a verb. */
function bodyVerbWithObject(tokens: Token[], at: number): boolean {
  const t = tokens[at];
  const next = tokens[at + 1];
  return !!t && /s$/.test(t.normal) && next?.sentence === t.sentence && /^(me|him|her|us|them|it)$/.test(next.normal);
}

/** Things that fall without anyone falling: weather, leaves, night, silence. */
const FALLING_THINGS =
  /^(snow|snowflakes?|rain|raindrops?|hail|sleet|ash|ashes|dust|leaves|leaf|petals?|confetti|night|darkness|dark|dusk|silence|quiet|snowfall|feathers?)$/;

function fallingThing(tokens: Token[], at: number): boolean {
  const subject = wordBeforeVerb(tokens, at);
  return !!subject && subject.sentence === tokens[at]?.sentence && FALLING_THINGS.test(subject.normal);
}

/** "lifting", "lifted the box": the verb to lift, not a lift ("went to the lift" is one, whatever the tagger says). */
function liftingVerb(tokens: Token[], at: number): boolean {
  const t = tokens[at];
  if (!t || !/^lift(ing|ed|s)?$/.test(t.normal)) return false;
  if (t.normal === 'lifting' || t.normal === 'lifted') return true;
  const prev = tokens[at - 1];
  const afterDeterminer =
    prev?.sentence === t.sentence && (prev.pos === 'DET' || prev.pos === 'ADJ' || POSSESSIVE_WORDS.has(prev.normal));
  return t.pos === 'VERB' && !afterDeterminer;
}

/** What one runs on foot: "ran the stairs", "run a race". */
const RUN_COURSES = /^(race|marathon|mile|miles|lap|laps|length|stairs|steps|gauntlet|red|risk|course|way|distance)$/;

/** "running a load", "ran the shop": run with an object is to operate or manage it. */
function runsSomething(tokens: Token[], token: number): boolean {
  const det = tokens[token + 1];
  if (!det || !(det.pos === 'DET' || POSSESSIVE_WORDS.has(det.normal))) return false;
  const noun = tokens.slice(token + 2, token + 5).find((t) => t.pos === 'NOUN' || t.pos === 'PROPN');
  return !!noun && noun.sentence === det.sentence && !RUN_COURSES.test(noun.normal);
}

/** Things that run by flowing or working ("the taps were running", "my nose was running", "the engine running"). */
const RUNNING_THINGS =
  /^(taps?|sinks?|water|nose|engines?|motors?|machines?|rivers?|streams?|bath|shower|showers|clocks?|programmes?|programs?|films?|meters?|generators?|fridges?|dishwashers?|hoses?|blood|tears|paint|mascara|make-?up|ink|sweat|rain|mud|faucets?|toilets?|cisterns?|fountains?|washers?|dryers?|computers?|laptops?|servers?|trains?|buses|bus|trams?|ferries|ferry|lights?)$/;

/** Whether a thing that flows or works, not a being, is what runs at `at` ("the taps were running"). */
function thingRuns(tokens: Token[], at: number): boolean {
  const subject = subjectBefore(tokens, at, /^(start|begin|keep|continue)$/);
  return !!subject && RUNNING_THINGS.test(subject.normal);
}

/** Words for a person the dream does not name. */
const UNNAMED_PERSON = /^(man|guy|woman|lady|bloke|fella|fellow|dude|gentleman|stranger)$/;

/**
 * The first person the dream does not name, placed or dressed in the scene ("a man in the garden", "this
 * one guy in a yellow coat", "the woman behind the glass"): not a predicate ("he is a man of few words"),
 * not a kind another hit names ("an old man" is an elder), not negated, quoted or told about.
 */
function unnamedPerson(tokens: Token[], hits: SymbolHit[]): Token | undefined {
  return tokens.find((t, i) => {
    if (!UNNAMED_PERSON.test(t.normal) || t.negated || t.quoted || t.reported || t.backstory || t.likeness)
      return false;
    if (hits.some((h) => h.source === 'narrative' && h.token <= i && i < h.token + Math.max(1, h.length))) return false;
    const before = tokens[i - 1];
    const det = before?.normal === 'one' ? tokens[i - 2] : before;
    if (!det || !/^(a|an|some|this|the|that)$/.test(det.normal)) return false;
    // "is a man of few words", "like a man": a predicate or a likeness.
    const verb = tokens[det.index - 1];
    if (
      verb &&
      tokens[verb.index - 1]?.normal !== 'there' &&
      (verb.pos === 'AUX' || /^(like|as|than|be|become|became)$/.test(verb.normal))
    )
      return false;
    // Placed or dressed in the scene: "a man in a yellow jacket", "the woman behind the glass" ("the guy
    // from accounts", "a man I never cared for" are people of the dreamer's life, told by role).
    return /^(in|behind)$/.test(tokens[i + 1]?.normal ?? '');
  });
}

/** "since I was a child", "since child", "as a kid", "when I was a little girl": the dreamer's childhood. */
function ownChildhood(tokens: Token[], token: number): boolean {
  const before = tokens
    .slice(Math.max(0, token - 6), token)
    .filter((t) => t.isWord && t.sentence === tokens[token]?.sentence && t.pos !== 'ADJ')
    .map((t) => t.normal);
  const tail = before.slice(-4).join(' ');
  return /(?:^|\s)(?:since|when|as|while)(?: i (?:was|were))?(?: a| an)?$/.test(tail);
}

/** A named city that only locates another place ("street in Dayton") or is a destination ("up to Toronto"). */
function namedCityAside(tokens: Token[], h: SymbolHit, hits: SymbolHit[]): boolean {
  const t = tokens[h.token];
  if (!t || !(t.pos === 'PROPN' || /^[A-Z]/.test(t.text)) || /^(city|town)$/i.test(t.text)) return false;
  const before = tokens.slice(Math.max(0, h.token - 6), h.token).filter((x) => x.sentence === t.sentence);
  const prep = before.at(-1);
  if (!prep) return false;
  if (/^(to|towards|toward|from)$/.test(prep.normal)) return true;
  if (prep.normal !== 'in') return false;
  // "the street in Dayton": the word before "in" (past a name or two) is another place.
  const head = before
    .slice(0, -1)
    .reverse()
    .find((x) => x.isWord && x.pos !== 'PROPN');
  return (
    !!head &&
    hits.some(
      (o) =>
        o !== h &&
        o.source === 'narrative' &&
        o.token <= head.index &&
        head.index < o.token + Math.max(1, o.length) &&
        PLACE_CATEGORIES.has(o.symbol.category),
    )
  );
}

/** "the hall was hot": "hall" not walked along (down, along, up, through or across it) names a big room. */
function hallIsARoom(tokens: Token[], h: SymbolHit): boolean {
  const word = tokens[h.token];
  if (!word || h.length > 1 || !/^halls?$/.test(word.normal)) return false;
  const before = tokens.slice(Math.max(0, h.token - 3), h.token).map((t) => t.normal);
  return !before.some((w) => /^(down|along|up|through|across)$/.test(w));
}

function wakingTailStart(doc: DreamDocument, hits: SymbolHit[]): number {
  const candidates = hits
    .filter((h) => h.source === 'narrative')
    .filter(
      (h) =>
        h.symbol.name === 'wake' ||
        (h.symbol.name === 'alarm' &&
          (doc.tokens
            .slice(h.token + h.length, h.token + h.length + 4)
            .some((t) => t.sentence === h.sentence && ALARM_WAKING.test(t.normal)) ||
            // "eleven times this round before the alarm": the alarm that ends it.
            (/^(before|until|till)$/.test(doc.tokens[h.token - 2]?.normal ?? '') &&
              !hits.some((w) => w.symbol.name === 'wake' && w.sentence === h.sentence)))),
    )
    .sort((a, b) => b.token - a.token);
  // "Then I woke up again in my bed. Then again.": a chain of wakings is a false awakening, unless
  // the last is the real one ("then I actually woke up").
  const wakings = candidates.filter((h) => h.symbol.name === 'wake');
  const last = wakings[0];
  if (
    last &&
    wakings.length > 1 &&
    !doc.tokens.slice(Math.max(0, last.token - 3), last.token + last.length + 2).some((t) => REAL_WAKING.test(t.normal))
  )
    return Infinity;
  for (const h of candidates) {
    const after = doc.tokens.slice(h.token + h.length).filter((t) => t.isWord);
    const before = doc.tokens.slice(0, h.token).filter((t) => t.isWord);
    // The ending comes after the dream: "I woke up in a strange room and…" begins one.
    if (after.length > WAKING_TAIL_WORDS || before.length <= after.length) return Infinity;
    // "…and fell back to sleep" begins another dream; "a refund on that sleep" does not.
    // "…annoyed I had spent my first lucid dream in months on it": the dream just told, named again, is none.
    const toldDream = (k: number) =>
      /^(dream|dreams|lucid)$/.test(after[k]?.normal ?? '') &&
      after.slice(Math.max(0, k - 3), k).some((t) => /^(my|the|this|that|whole)$/.test(t.normal));
    if (
      after.some(
        (t, k) =>
          (DREAMING_AGAIN.test(t.normal) && !toldDream(k)) || (t.normal === 'sleep' && after[k - 1]?.normal === 'to'),
      )
    )
      return Infinity;
    return wokenBy(doc, h.token);
  }
  return Infinity;
}

/** A remark on what the dream means ("it means…", "I think this represents…"), not a question asked in it ("I ask what it means"). */
const MEANING_COMMENTARY =
  /(?<!\b(?:what|whether|if|ask|asked|wonder|wondered)\s+)\b(?:it|this|that|the dream|this dream|that dream)\s+(?:probably\s+|must\s+|might\s+|could\s+|maybe\s+|obviously\s+|clearly\s+)?(?:means|mean|symboli[sz]es|represents|stands for)\b/i;

/** "Mummy's phone call woke me up", "…until the alarm woke me": what woke the dreamer belongs to the waking. */
function wokenBy(doc: DreamDocument, wake: number): number {
  const t = doc.tokens[wake];
  if (!t || !/^(me|us)$/.test(doc.tokens[wake + 1]?.normal ?? '')) return wake;
  let k = wake;
  while (k > 0) {
    const prev = doc.tokens[k - 1];
    if (!prev || prev.sentence !== t.sentence || /^(,|;|and|then|until|till|when|before|but|so)$/.test(prev.normal))
      break;
    k -= 1;
  }
  return k;
}

/**
 * Someone only spoken of, asked after or phoned is not in the scene: "we talked about my mum", "she
 * reminded me of my grandmother", "I tried to phone my brother", "I asked where my husband was", "she
 * called me by my sister's name".
 */
function spokenOf(doc: DreamDocument, hit: SymbolHit): boolean {
  const at = (i: number) => {
    const t = doc.tokens[i];
    return t && t.sentence === hit.sentence ? t : undefined;
  };
  const after = at(hit.token + Math.max(1, hit.length));
  if (after && /^['’]s$/.test(after.text) && at(after.index + 1)?.normal === 'name') return true;
  const word = wordBeforePhrase(doc, hit);
  if (!word || word.negated) return false;
  const verbBefore = (verbs: ReadonlySet<string>) => {
    let j = word.index - 1;
    while (at(j) && (OBJECT_PRONOUNS.has(at(j)?.normal ?? '') || at(j)?.pos === 'ADV')) j -= 1;
    const verb = at(j);
    return !!verb && [verb.normal, ...verb.forms].some((f) => verbs.has(f));
  };
  if (word.normal === 'about' || word.normal === 'of') return verbBefore(TOPIC_VERBS) || aboutTopic(doc, word);
  if (word.normal === 'where' || word.normal === 'whether') return verbBefore(ASKING_VERBS);
  return word.pos === 'VERB' && [word.normal, ...word.forms].some((f) => CALL_VERBS.has(f));
}

/**
 * The word just before the noun phrase a hit ends ("about" in "about my little brother", "phone" in
 * "phone Anna's mum"), skipping at most four words of the phrase: possessives, determiners, adjectives,
 * numbers and an owner's "'s".
 */
function wordBeforePhrase(doc: DreamDocument, hit: SymbolHit): Token | undefined {
  const at = (i: number) => {
    const t = doc.tokens[i];
    return t && t.sentence === hit.sentence ? t : undefined;
  };
  let i = hit.token - 1;
  for (let skipped = 0; skipped < 4; skipped += 1) {
    const t = at(i);
    if (!t) return undefined;
    const partOfPhrase =
      POSSESSIVE_WORDS.has(t.normal) ||
      DETERMINER_WORDS.has(t.normal) ||
      /^['’]s$/.test(t.text) ||
      t.pos === 'ADJ' ||
      t.pos === 'DET' ||
      t.pos === 'NUM' ||
      (/^['’]s$/.test(at(i + 1)?.text ?? '') && t.isWord);
    if (!partOfPhrase) break;
    i -= 1;
  }
  return at(i);
}

/** Whether a hit is the subject of a book, film or talk ("a book about old ships"). */
function toldAbout(doc: DreamDocument, hit: SymbolHit): boolean {
  const word = wordBeforePhrase(doc, hit);
  return word?.normal === 'about' && aboutTopic(doc, word);
}

/** "a book about ships", "a documentary about sharks": the subject of something told, not a thing in the scene. */
function aboutTopic(doc: DreamDocument, about: Token): boolean {
  if (about.normal !== 'about') return false;
  const noun = doc.tokens[about.index - 1];
  return noun?.sentence === about.sentence && [noun.normal, ...noun.forms].some((f) => TOPIC_NOUNS.has(f));
}

/** "the mum", "a father", "my host mum": a relation that is nobody's in particular, or not the dreamer's own. */
const ANYONES = new Set(['the', 'a', 'an', 'another', 'host']);

/**
 * Someone else's partner, mother or brother, not the dreamer's: "her husband", "Anna's mum", "the mother",
 * and the bare word "partner" unless it is "my/our partner" ("every sock has a partner", "my dance partner").
 */
function someoneElses(doc: DreamDocument, hit: SymbolHit): boolean {
  const token = doc.tokens[hit.token];
  const prev = doc.tokens[hit.token - 1]?.normal ?? '';
  // ("the wife" is the dreamer's own.)
  if (OTHERS_POSSESSIVES.has(prev) || (ANYONES.has(prev) && hit.symbol.name !== 'partner')) return true;
  return !!token?.normal.startsWith('partner') && prev !== 'my' && prev !== 'our';
}

/**
 * "my ex's brother", "my mum's friend": the possessor is named only to say whose the person is; they are
 * not in the scene for it ("the neighbour's cat" is left alone: writers count that neighbour).
 */
function relationOnly(tokens: Token[], hit: SymbolHit, hits: SymbolHit[]): boolean {
  const end = hit.token + Math.max(1, hit.length);
  if (!isOwnerMark(tokens[end])) return false;
  let k = end + 1;
  while (tokens[k]?.pos === 'ADJ') k += 1;
  return hits.some((o) => o.source === 'narrative' && o.token === k && o.symbol.category === PEOPLE_CATEGORY);
}

/**
 * "the sewing box my mother left me", "the brown duffel Mam made me wear", "the record my dad used to play": a
 * person named in a clause that says what a thing is, not someone in the scene. Not after a preposition ("in the
 * kitchen my mum cooked" is where she was).
 */
function describesAThing(tokens: Token[], hit: SymbolHit): boolean {
  const end = hit.token + Math.max(1, hit.length);
  const verb = tokens[end];
  const person = tokens[hit.token];
  if (!verb || !person || verb.sentence !== person.sentence) return false;
  const past =
    verb.normal === 'used' || (verb.pos === 'VERB' && verb.normal !== verb.lemma && !verb.normal.endsWith('ing'));
  if (!past) return false;
  let k = hit.token - 1;
  if (POSSESSIVE_WORDS.has(tokens[k]?.normal ?? '')) k -= 1;
  if (/^(that|which)$/.test(tokens[k]?.normal ?? '')) k -= 1;
  const noun = tokens[k];
  // (The tagger often reads the head noun before such a clause as a verb: "the sewing box/VERB my mother left me".)
  const inPhrase =
    ['DET', 'NOUN', 'ADJ'].includes(tokens[k - 1]?.pos ?? '') || POSSESSIVE_WORDS.has(tokens[k - 1]?.normal ?? '');
  if (!noun || !(noun.pos === 'NOUN' || (noun.pos === 'VERB' && inPhrase)) || noun.sentence !== person.sentence)
    return false;
  let b = k - 1;
  while (
    tokens[b] &&
    tokens[b]?.sentence === noun.sentence &&
    ['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(tokens[b]?.pos ?? '')
  )
    b -= 1;
  const det = tokens[b];
  if (!det || det.sentence !== noun.sentence || !(det.pos === 'DET' || POSSESSIVE_WORDS.has(det.normal))) return false;
  const before = tokens[b - 1];
  return !before || before.sentence !== det.sentence || before.pos !== 'ADP';
}

/** "Sister Abena", "Father Tom", "Brother Michael": a capitalised title directly before a name. */
function titleBeforeName(tokens: Token[], hit: SymbolHit): boolean {
  const t = tokens[hit.token];
  const next = tokens[hit.token + 1];
  return (
    !!t &&
    hit.length <= 1 &&
    /^(sister|brother|father|mother)$/.test(t.normal) &&
    /^[A-Z][a-z]/.test(t.text) &&
    next?.sentence === t.sentence &&
    /^[A-Z][a-z]/.test(next.text) &&
    next.pos === 'PROPN'
  );
}

/** Whether a body part is followed, in its clause, by a state of fear ("my legs wouldn't move"). */
function bodilyState(doc: DreamDocument, hit: SymbolHit): boolean {
  // "Her hand was cold in mine", "his face went white": someone else's body is seen, not the dreamer's fear felt.
  const owner = doc.tokens[hit.token - 1];
  if (owner && (/^(her|his|their|its)$/.test(owner.normal) || isOwnerMark(owner))) return false;
  const start = hit.token + Math.max(1, hit.length);
  for (let i = start; i < start + BODILY_STATE_REACH; i += 1) {
    const t = doc.tokens[i];
    if (!t || t.sentence !== hit.sentence || t.pos === 'CCONJ' || t.normal === ',') return false;
    if (t.pos === 'NOUN' && !BODILY_STATES.has(t.normal)) return false;
    if ([t.normal, ...t.forms].some((f) => BODILY_STATES.has(f))) return true;
  }
  return false;
}

function spanOf(tokens: Token[]): TextSpan | null {
  const first = tokens[0];
  const last = tokens.at(-1);
  return first && last ? { sentence: first.sentence, start: first.startChar, end: last.endChar } : null;
}

/** Bodily and behavioural signs of fear: "screaming", "shaking", "frozen", "my heart hammering". */
function fearCues(doc: DreamDocument): Array<{ cue: string; token: Token }> {
  const out: Array<{ cue: string; token: Token }> = [];
  for (const sentence of doc.sentences) {
    const tokens = doc.tokens.slice(sentence.start, sentence.end);
    const heart = tokens.some((t) => !t.negated && t.forms.includes('heart'));
    const gut = tokens.some((t) => !t.negated && /^(stomach|gut|belly|tummy)$/.test(t.normal));
    for (const [k, t] of tokens.entries()) {
      // "I thought my heart would stop": a heart that only seemed about to stop is fear all the same.
      const hyperbole =
        heart &&
        /^(stop|burst|explode)$/.test(t.lemma) &&
        !tokens.some((x) => x.normal === 'not' || x.normal === "n't");
      if (!t.isWord || (t.negated && !hyperbole)) continue;
      const next = tokens[k + 1];
      const forms = [t.normal, ...t.forms];
      if (forms.some((f) => FEAR_CUES.has(f))) {
        // "a frozen lake", "shaking hands", "cry for help" still count; "frozen" before a noun describes the noun.
        if ((t.normal === 'frozen' || t.normal === 'numb') && next && next.pos === 'NOUN') continue;
        if (forms.includes('shake') && next && /^(hand|hands|head)$/.test(next.normal)) continue;
        out.push({ cue: t.text.toLowerCase(), token: t });
      } else if (heart && forms.some((f) => HEART_FEAR_VERBS.has(f)) && t.pos !== 'NOUN') {
        out.push({ cue: `heart ${t.text.toLowerCase()}`, token: t });
      } else if (gut && GUT_FEAR_VERBS.has(t.normal)) {
        out.push({ cue: `stomach ${t.text.toLowerCase()}`, token: t });
      }
    }
  }
  return out;
}

/** The pronoun the dream uses for a person mentioned at `token`: from the word itself, else the next he/she/they. */
function pronounFor(doc: DreamDocument, token: Token, words: string[]): Pronoun | null {
  if (words.some((w) => FEMALE.has(w))) return 'she';
  if (words.some((w) => MALE.has(w))) return 'he';
  for (let k = token.index + 1; k < doc.tokens.length; k += 1) {
    const t = doc.tokens[k];
    if (!t || t.sentence > token.sentence + 1) break;
    if (t.normal === 'he' || t.normal === 'him' || t.normal === 'his') return 'he';
    if (t.normal === 'she' || t.normal === 'her' || t.normal === 'hers') return 'she';
    if (t.normal === 'they' || t.normal === 'them' || t.normal === 'their') return 'they';
  }
  return null;
}

/** Symbols named by an adjective, a state one is in: "being naked", "being underwater". */
const STATE_NAMES = new Set(['naked', 'underwater']);

/** How a detected symbol can be referred to in a sentence of the interpretation. */
function mentionFor(symbol: KbSymbol, hit: SymbolHit, doc: DreamDocument | null): string {
  const name = symbol.name;
  const first = doc?.tokens[hit.token];
  if (hit.source === 'tag' || !doc || !first) return symbol.category === 'Actions' ? gerund(name) : `the ${name}`;
  const span = doc.tokens.slice(hit.token, hit.token + hit.length);
  const lower = hit.surface.toLowerCase();
  if (hit.typo) return symbol.category === 'Actions' ? gerund(hit.term) : `the ${hit.term}`;
  if (symbol.category === 'Actions') return span.length === 1 && lower === gerund(hit.term) ? lower : gerund(name);
  // A title such as "Lucid ferry", or a realisation in the dreamer's words ("Ha. Dreaming.", "I know is
  // dream"), is named as what it is.
  if (symbol.name === LUCID_SYMBOL && (lower === 'lucid' || !lower.includes('lucid'))) return 'the lucid dream';
  // "Taylor Swift", "beyonce": a famous person is named, capitalised, without an article.
  if (FAMOUS_NAMES.has(lower)) return lower.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
  if (symbol.category === 'Colors') return `the colour ${span.length > 1 ? name : lower}`;
  if (symbol.category === 'Numbers') return `the number ${lower.replace(/^number\s+/, '')}`;
  // A phrase such as "snake bit" is referred to by the word in it that names the symbol.
  const terms = new Set([name, ...symbol.synonyms]);
  const head = span.length > 1 ? span.find((t) => t.forms.some((f) => terms.has(f)) && t.pos !== 'VERB') : undefined;
  const token = head ?? first;
  if (span.length > 1 && !head) {
    // A phrase such as "realised I was dreaming" or "car crashed" is referred to by the symbol's name; a symbol
    // the story implies without its word by its name too, and a state as being in it ("nothing on but my
    // socks": being naked).
    if (
      first.pos === 'VERB' ||
      first.pos === 'ADP' ||
      (hit.via === 'hypernym' && hit.term === name) ||
      span.some((t) => t.forms.some((f) => terms.has(f)))
    )
      return STATE_NAMES.has(name) ? `being ${name}` : `the ${name}`;
    return `the ${lower}`;
  }
  // "a bright light" tagged adverb + adjective: a phrase ending in the symbol's word is that thing.
  if (head && head === span.at(-1) && head.pos === 'ADJ' && symbol.category !== 'Emotions') return `the ${lower}`;
  const text = token.text;
  // The word as the dreamer wrote it: wink's normal form americanises spellings ("grey" → "gray").
  const written = text.toLowerCase();
  // "a brass key": an adjective-tagged word at the end of a noun phrase is the thing itself.
  const endsPhrase =
    doc.tokens[token.index + 1]?.sentence !== token.sentence ||
    !['NOUN', 'PROPN', 'ADJ'].includes(doc.tokens[token.index + 1]?.pos ?? '');
  const prevTag = doc.tokens[token.index - 1]?.pos ?? '';
  if (
    token.pos === 'ADJ' &&
    symbol.category !== 'Emotions' &&
    endsPhrase &&
    ['DET', 'ADJ', 'NOUN', 'PRON'].includes(prevTag)
  )
    return `the ${written}`;
  if (token.pos === 'ADJ') return symbol.category === 'Emotions' ? `feeling ${written}` : `being ${written}`;
  if (token.pos === 'ADV' && symbol.category === 'Emotions') return `feeling ${written}`;
  if (token.pos === 'VERB' || token.pos === 'AUX')
    return symbol.category === 'Emotions' ? `feeling ${written}` : `the ${name}`;
  const prev = doc.tokens[token.index - 1];
  if (/^\p{Lu}/u.test(text) && !isSentenceStart(doc, token)) return prev?.normal === 'the' ? `the ${text}` : text;
  const adjective =
    prev &&
    prev.pos === 'ADJ' &&
    !prev.negated &&
    prev.isWord &&
    !STOPWORDS.has(prev.normal) &&
    prev.sentence === token.sentence
      ? `${prev.text.toLowerCase()} `
      : '';
  // "my husband" becomes "your husband": the reading speaks to the dreamer.
  const owner =
    !adjective && prev && (prev.normal === 'my' || prev.normal === 'our') && prev.sentence === token.sentence
      ? 'your'
      : 'the';
  return `${owner} ${adjective}${written}`;
}

/** A few words of the dream around a hit, kept within its clause: "flew over the rooftops". */
function excerptFor(hit: SymbolHit, doc: DreamDocument | null): string {
  if (!doc || hit.token < 0) return hit.surface;
  const t = doc.tokens[hit.token];
  const sentence = t ? doc.sentences.find((s) => s.index === t.sentence) : undefined;
  if (!t || !sentence) return hit.surface;
  const surfaceLength = Math.max(1, hit.length);
  const breaks = (x: Token | undefined) =>
    !x || x.pos === 'PUNCT' || x.pos === 'SYM' || x.pos === 'CCONJ' || x.pos === 'SCONJ';
  let start = hit.token;
  while (start > sentence.start && hit.token - start < 3 && !breaks(doc.tokens[start - 1])) start -= 1;
  let end = hit.token + surfaceLength;
  while (end < sentence.end && end - hit.token < surfaceLength + 3 && !breaks(doc.tokens[end])) end += 1;
  // Do not end on a word that needs a next one ("at my old school and could").
  while (end > hit.token + surfaceLength && WEAK_ENDS.has(doc.tokens[end - 1]?.normal ?? '')) end -= 1;
  return surfaceOf(doc.tokens.slice(start, end));
}

/** Whether the mention reads as plural ("the stars", "the teeth"). */
function pluralFor(symbol: KbSymbol, hit: SymbolHit, doc: DreamDocument | null): boolean {
  if (hit.typo || hit.source === 'tag' || !doc || symbol.category === 'Actions') return false;
  const span = doc.tokens.slice(hit.token, hit.token + Math.max(1, hit.length));
  const terms = new Set([symbol.name, ...symbol.synonyms]);
  const head = span.find((t) => t.forms.some((f) => terms.has(f)) && t.pos !== 'VERB') ?? span.at(-1);
  if (!head || (head.pos !== 'NOUN' && head.pos !== 'PROPN')) return false;
  return head.normal !== head.lemma && head.normal !== symbol.name && !/(ss|us|is)$/.test(head.normal);
}

function isSentenceStart(doc: DreamDocument, token: Token): boolean {
  const sentence = doc.sentences.find((s) => s.index === token.sentence);
  const firstWord = sentence ? doc.tokens.slice(sentence.start, sentence.end).find((t) => t.isWord) : undefined;
  return firstWord?.index === token.index;
}

/** Noun phrases in the dream's own words: optional adjectives and a run of nouns, not negated. */
function keyPhrases(doc: DreamDocument, limit = 8): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let run: Token[] = [];
  const flush = () => {
    const nouns = run.filter((t) => t.pos === 'NOUN');
    const head = nouns.at(-1);
    if (head && !GENERIC_NOUNS.has(head.lemma) && !STOPWORDS.has(head.normal) && head.normal.length > 2) {
      const start = run.findIndex((t) => t.pos === 'ADJ' || t.pos === 'NOUN');
      const phrase = run
        .slice(Math.max(0, start), run.indexOf(head) + 1)
        .map((t) => t.normal)
        .join(' ');
      if (!seen.has(phrase)) {
        seen.add(phrase);
        out.push(phrase);
      }
    }
    run = [];
  };
  for (const t of doc.tokens) {
    if (t.isWord && !t.negated && (t.pos === 'NOUN' || (t.pos === 'ADJ' && !STOPWORDS.has(t.normal)))) run.push(t);
    else flush();
    if (out.length >= limit) break;
  }
  flush();
  return out.slice(0, limit);
}

/** People the dream mentions: person symbols and capitalised names, with the pronoun the dream gives them. */
function peopleOf(
  doc: DreamDocument,
  hits: SymbolHit[],
  isKnown: (word: string) => boolean,
): NonNullable<DreamAnalysis['people']> {
  const out: NonNullable<DreamAnalysis['people']> = [];
  const seen = new Set<string>();
  for (const h of hits) {
    if (h.source !== 'narrative' || h.symbol.category !== PEOPLE_CATEGORY) continue;
    const span = doc.tokens.slice(h.token, h.token + Math.max(1, h.length));
    const first = span[0];
    const where = spanOf(span);
    if (!first || !where || seen.has(h.symbol.name)) continue;
    seen.add(h.symbol.name);
    const words = span.flatMap((t) => [t.normal, ...t.forms]);
    out.push({ ...where, mention: h.surface, symbol: h.symbol.name, pronoun: pronounFor(doc, first, words) });
  }
  const firstWords = new Set(doc.sentences.map((s) => doc.tokens.slice(s.start, s.end).find((t) => t.isWord)?.index));
  for (const t of doc.tokens) {
    if (!t.isWord || t.pos !== 'PROPN' || !/^\p{Lu}\p{Ll}/u.test(t.text)) continue;
    // At the start of a sentence every word has a capital: only a word no dictionary knows is a name there.
    if (firstWords.has(t.index) && isKnown(t.normal)) continue;
    const prev = doc.tokens[t.index - 1];
    // "Elm Street": a name of several capitalised words is a place or thing, not a person.
    const next = doc.tokens[t.index + 1];
    if (
      (prev && /^\p{Lu}/u.test(prev.text) && prev.isWord && prev.normal !== 'i') ||
      (next && /^\p{Lu}/u.test(next.text))
    )
      continue;
    if (prev && LOCATIVE_NAMES.has(prev.normal)) continue;
    if (seen.has(t.text)) continue;
    const pronoun = pronounFor(doc, t, [t.normal]);
    if (!pronoun) continue;
    seen.add(t.text);
    out.push({ sentence: t.sentence, start: t.startChar, end: t.endChar, mention: t.text, symbol: null, pronoun });
  }
  return out.sort((a, b) => a.start - b.start);
}

export class DreamAnalyser {
  private readonly matcher: SymbolMatcher;
  private corrector: Promise<TypoCorrector> | null = null;

  constructor(private readonly deps: AnalyserDeps) {
    this.matcher = new SymbolMatcher({
      kb: deps.kb,
      wordnet: deps.wordnet,
      kbWordNet: deps.kbWordNet,
      verbUses: deps.verbUses,
    });
  }

  /** The typo corrector's vocabulary is built once, in slices, on first use (the runtime's warm-up read). */
  private typos(): Promise<TypoCorrector> {
    this.corrector ??= TypoCorrector.build(this.deps.wordnet, this.deps.kb.words.keys());
    return this.corrector;
  }

  /** Reads unknown words of four letters or more as the word meant ("snaek" → snake). */
  private async correct(doc: DreamDocument, corrector: TypoCorrector): Promise<void> {
    const timer = new SliceTimer(8);
    const firstWords = new Set(
      doc.sentences.map((s) => doc.tokens.slice(s.start, s.end).find((t) => t.isWord)?.index ?? -1),
    );
    // A short word spelt the same way twice is spelt so on purpose ("mi inna mi granny yard inna Mocho").
    const seen = new Map<string, number>();
    for (const t of doc.tokens) if (t.isWord) seen.set(t.normal, (seen.get(t.normal) ?? 0) + 1);
    for (const token of doc.tokens) {
      if (!token.isWord || token.idiom >= 0 || !/^[a-z]+$/.test(token.normal)) continue;
      // A capitalised word inside a sentence is a name ("Sarah", "Elm"); one that opens a sentence is
      // read only as a slip of a closed-class word ("Beign chased…"), which no name resembles.
      const capitalised = /^\p{Lu}/u.test(token.text);
      if (capitalised && !firstWords.has(token.index)) continue;
      const onlyClosedClass = capitalised && token.pos === 'PROPN';
      // "mr okafor", "mrs patel": the word after a title is a surname; "coudnt" is a negative, not "count".
      const before = doc.tokens[token.index - 1];
      if (before && HONORIFICS.has(before.normal.replace(/\.$/, ''))) continue;
      if (NEGATIVE_TYPO.test(token.normal)) continue;
      // "beyonce", "zendaya", "taylor swfit": a famous name, or its first name, is not a typo.
      if (FAMOUS_NAMES.has(token.normal) || FAMOUS_FIRST_NAMES.has(token.normal)) continue;
      if (token.normal.length <= SHORT_TYPO_WORD && (seen.get(token.normal) ?? 0) > 1) continue;
      // "ferris wheel": the first word of a phrase the knowledge base knows is no slip.
      if (this.opensPhrase(doc, token)) continue;
      // "i coud see", "we shoud go": between a subject and a verb stands an auxiliary, not a thing.
      const prev = doc.tokens[token.index - 1];
      const next = doc.tokens[token.index + 1];
      if (
        prev &&
        SUBJECT_PRONOUNS.has(prev.normal) &&
        next?.sentence === token.sentence &&
        (next.pos === 'VERB' || next.pos === 'AUX')
      )
        continue;
      // A three-letter slip is read only where a noun stands: after "a", "the", "my", a count or an adjective
      // ("a lak", "the dor", "my bos", "ten eys"), never as part of a hyphened word ("hi-vis").
      if (
        token.normal.length < MIN_TYPO_LENGTH &&
        !(
          prev &&
          prev.sentence === token.sentence &&
          prev.text !== '-' &&
          (prev.pos === 'DET' || prev.pos === 'NUM' || prev.pos === 'ADJ' || POSSESSIVE_WORDS.has(prev.normal))
        )
      )
        continue;
      const fix = await corrector.correct(token.normal, token.forms);
      if (!fix || (onlyClosedClass && !FUNCTION_WORDS.has(fix.word))) continue;
      token.corrected = fix.word;
      token.normal = fix.word;
      token.lemma = fix.word;
      // A closed-class word keeps only its closed-class forms: "being" is be, never a bee.
      const forms = [...new Set([fix.word, ...baseForms(fix.word)])];
      token.forms = FUNCTION_WORDS.has(fix.word) ? forms.filter((f) => f === fix.word || FUNCTION_WORDS.has(f)) : forms;
      await timer.maybeYield();
    }
  }

  /** Whether the words from `token` on spell a multi-word term of the knowledge base ("ferris wheel"). */
  private opensPhrase(doc: DreamDocument, token: Token): boolean {
    const words = (k: number) => doc.tokens.slice(token.index, token.index + k).filter((t) => t.isWord);
    return (this.deps.kb.phrases.get(token.normal) ?? []).some((p) => {
      const next = words(p.words.length * 2).slice(0, p.words.length);
      return next.length === p.words.length && p.words.every((w, k) => next[k]?.normal === w);
    });
  }

  /**
   * What kind of thing the subject just before the verb at `at` is: 'animal' ("the bird flew",
   * "kangaroos swimming"), 'living' (a person or figure), 'thing' ("the whole town was gone under"),
   * or null when there is no noun subject there.
   */
  private async subjectKind(doc: DreamDocument, at: number): Promise<'animal' | 'living' | 'thing' | null> {
    const verb = doc.tokens[at];
    if (!verb || (verb.pos !== 'VERB' && !/(ing|ed)$/.test(verb.normal))) return null;
    const subject = wordBeforeVerb(doc.tokens, at);
    if (!subject || subject.sentence !== verb.sentence || (subject.pos !== 'NOUN' && subject.pos !== 'PROPN'))
      return null;
    const k = subject.index;
    if (subject.pos === 'PROPN' || subject.name) return 'living';
    // "my dad was at the bottom yelling": a thing in a prepositional phrase is no subject ("a tank with
    // one goldfish swimming" still has its swimmer).
    let j = k - 1;
    while (doc.tokens[j] && ['DET', 'ADJ', 'PRON', 'NUM'].includes(doc.tokens[j]?.pos ?? '')) j -= 1;
    const inPhrase = doc.tokens[j]?.pos === 'ADP' && doc.tokens[j]?.sentence === verb.sentence;
    const kind = await this.nounKind(subject);
    return inPhrase && kind === 'thing' ? null : kind;
  }

  /**
   * "the roof fell in", "the glass is falling on the street", "my teeth start to fall": a thing that falls is
   * no fall of the dreamer's (a person or an animal falling still is).
   */
  private thingFalls(tokens: Token[], at: number): boolean {
    const subject = subjectBefore(tokens, at, /^(start|begin|keep|continue)$/);
    if (!subject) return false;
    if (/^(it|everything|something|things)$/.test(subject.normal)) return true;
    if (subject.pos !== 'NOUN') return false;
    const living = [subject.lemma, subject.normal, ...subject.forms].some((f) => {
      const ref = this.deps.kb.words.get(f);
      return !!ref && SPOKEN_OF_CATEGORIES.has(ref.symbol.category);
    });
    return !living && !PERSON_NOUNS.test(subject.normal);
  }

  /** Whether the subject of the verb at `at` is a vehicle or "it": "the bus is driving perfectly", "it drove off". */
  private vehicleDrives(doc: DreamDocument, at: number): boolean {
    const subject = wordBeforeVerb(doc.tokens, at);
    if (!subject || subject.sentence !== doc.tokens[at]?.sentence) return false;
    if (subject.normal === 'it') return true;
    const ref = [subject.lemma, subject.normal, ...subject.forms].map((f) => this.deps.kb.words.get(f)).find(Boolean);
    return ref?.symbol.category === 'Vehicles and Travel';
  }

  /** What kind of being a noun names, by the knowledge base or else WordNet. */
  private async nounKind(subject: Token): Promise<'animal' | 'living' | 'thing' | null> {
    for (const form of [subject.lemma, subject.normal, ...subject.forms]) {
      const ref = this.deps.kb.words.get(form);
      if (ref)
        return ref.symbol.category === 'Animals'
          ? 'animal'
          : BODIED_CATEGORIES.has(ref.symbol.category)
            ? 'living'
            : 'thing';
      const first = this.deps.wordnet.lookup(form, 'noun')?.offsets[0];
      if (first !== undefined) {
        const lexName = (await this.deps.wordnet.synset(first, 'noun')).lexName;
        // ("the crew were screaming", "people running": a group is of people, so its kind is left open.)
        if (lexName === 'noun.group') return null;
        return lexName === 'noun.animal' ? 'animal' : lexName === 'noun.person' ? 'living' : 'thing';
      }
    }
    return null;
  }

  /** Whether a word names someone whose death a dreamer mourns: someone close, or a pet. */
  private mournable(t: Token): boolean {
    return [t.lemma, t.normal, ...t.forms].some((form) => {
      if (PET_WORDS.has(form)) return true;
      const ref = this.deps.kb.words.get(form);
      return !!ref && ref.symbol.category === PEOPLE_CATEGORY && CLOSE_PEOPLE.has(ref.symbol.name);
    });
  }

  /**
   * Who a death told at token `i` is of, when the words tell it as a fact of waking life rather than an
   * event of the dream: "he passed in September", "she's been gone since 1998", "Kev who's been dead two
   * years", "you're dead, Frank", "God rest him", "we buried him in 2009". Undefined for a death in the
   * dream ("she died and I cried"), a body found, the dreamer ("I nearly died"), a thing ("my phone
   * died") and figures of speech ("dead on my feet", "dead quiet").
   */
  private deathToldOf(doc: DreamDocument, i: number): Token | undefined {
    const { tokens } = doc;
    const t = tokens[i];
    // ("God rest him" is a figure of speech, and a death told all the same.)
    if (
      !t ||
      !t.isWord ||
      t.negated ||
      (t.idiom >= 0 && t.normal !== 'rest') ||
      t.quoted ||
      t.reported ||
      t.likeness ||
      t.told
    )
      return undefined;
    // Only a word that can tell a death; every word of the dream is asked, so the rest stops here.
    if (!DEATH_FORMS.has(t.normal) && !DEATH_TOLD_WORDS.has(t.normal)) return undefined;
    const sentence = doc.sentences[t.sentence];
    if (!sentence) return undefined;
    const words = tokens.slice(sentence.start, sentence.end).filter((x) => x.isWord);
    const at = words.indexOf(t);
    const next = words[at + 1];
    // "She told me about Derek, how he had died": a death someone tells of. ("I said Grandma, you passed in March"
    // is said to the one who died.)
    // ("I told her about the bees, that I'd kept them going after she passed": told to her, of her own death.)
    const subject = words[at - 1]?.normal;
    const listener = subject === 'she' ? 'her' : subject === 'he' ? 'him' : undefined;
    const toTheDead =
      words.slice(Math.max(0, at - 3), at).some((x) => x.normal === 'you') ||
      (listener !== undefined &&
        words.some((x, k) => k < at && /^(told|tell)$/.test(x.normal) && words[k + 1]?.normal === listener));
    if (
      !toTheDead &&
      words.slice(0, at).some((x) => /^(told|tell|tells|telling|said|says|talked|talking|spoke)$/.test(x.normal))
    )
      return undefined;
    // "I knew he'd died, even in the dream": the dreamer knows the death as a fact of waking life.
    const pronoun = tokens[t.index - 2];
    const known =
      /^(died|passed|gone)$/.test(t.normal) &&
      /^(['’]d|d|had|would)$/.test(tokens[t.index - 1]?.normal ?? '') &&
      !!pronoun &&
      /^(he|she)$/.test(pronoun.normal) &&
      tokens
        .slice(Math.max(0, t.index - 5), t.index - 2)
        .some((x) => /^(knew|know|remembered|remember|realised|realized)$/.test(x.normal));
    const dated =
      words.some(
        (x, k) =>
          DEATH_DATES.test(x.normal) ||
          DEATH_DATING.has(x.normal) ||
          // "in '82", "Died in '09"
          (/^'?\d\d$/.test(x.normal) && words[k - 1]?.normal === 'in') ||
          // "who we lost on Tuesday"
          (/^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/.test(x.normal) &&
            words[k - 1]?.normal === 'on'),
      ) ||
      // "the old house we sold after she passed", "like she used to before she passed": the death as a time of
      // waking life (only "passed", which no dream event is told with).
      (t.normal === 'passed' &&
        /^(before|after|since)$/.test(words[at - 2]?.normal ?? '') &&
        /^(she|he)$/.test(subject ?? '')) ||
      known;
    const person = (x: Token | undefined): Token | undefined => {
      if (!x) return undefined;
      // "Kev who's been dead", "Mr Pryce, who we lost on Tuesday": the one the clause is about.
      if (x.normal === 'who' || x.normal === 'that') {
        let k = x.index - 1;
        // "my gran, the one that passed in March": the one the phrase before the clause names.
        const theOne = tokens[k]?.normal === 'one' && tokens[k - 1]?.normal === 'the';
        if (theOne) k -= 2;
        while (tokens[k] && !tokens[k]?.isWord && tokens[k]?.sentence === x.sentence) k -= 1;
        const named = person(tokens[k]?.sentence === x.sentence ? tokens[k] : undefined);
        if (named || tokens[(theOne ? x.index - 2 : x.index) - 1]?.text !== ',') return named;
        // "My nan sat down in the chair at work, the one that passed in March", "my buwa was there by the fire, in
        // his old topi, who died eight years ago": after a comma, the clause is of the person the sentence began with.
        return words
          .filter((w) => w.index < x.index && (w.pos === 'NOUN' || w.pos === 'PROPN'))
          .map((w) => person(w))
          .find((w) => w !== undefined);
      }
      if (/^(he|she|you|him|her)$/.test(x.normal) || x.pos === 'PROPN' || this.mournable(x)) return x;
      // "my avo", "my harabeoji": a word of kin the knowledge base does not know, after my or our.
      const before = tokens[x.index - 1];
      if (x.pos === 'NOUN' && /^(my|our)$/.test(before?.normal ?? '') && !this.deps.kb.words.has(x.normal)) return x;
      return undefined;
    };
    // "Dad rang me from heaven", "Nan wrote to me from heaven": one of the dreamer's own, reaching out from there.
    if (t.normal === 'heaven')
      return words[at - 1]?.normal === 'from'
        ? words.find((x) => x.index < t.index && !x.negated && this.mournable(x))
        : undefined;
    // "God rest him"
    if (t.normal === 'rest')
      return words[at - 1]?.normal === 'god' && /^(him|her|his)$/.test(next?.normal ?? '') ? next : undefined;
    // "the stroke took him", "before the cancer took her": an illness that took someone.
    if (/^(took|taken)$/.test(t.normal) && next && /^(him|her)$/.test(next.normal))
      return words.slice(Math.max(0, at - 3), at).some((x) => ILLNESSES.test(x.normal)) ? next : undefined;
    // "we buried him in 2009", "who we lost on Tuesday", "We lost him outside Goose Green in '82", "who we put
    // in the ground"
    const inTheGround =
      t.normal === 'put' &&
      /^in the ground\b/.test(
        words
          .slice(at + 1, at + 5)
          .map((x) => x.normal)
          .filter((w) => !/^(him|her|them|ourselves|myself)$/.test(w))
          .join(' '),
      );
    if (/^(buried|burried|bury|lost)$/.test(t.normal) || inTheGround) {
      const subject = wordBeforeVerb(tokens, t.index);
      if (!subject || !/^(we|they|i)$/.test(subject.normal) || (t.normal === 'lost' && !dated)) return undefined;
      if (next && (/^(him|her)$/.test(next.normal) || next.pos === 'PROPN')) return next;
      const who = tokens[subject.index - 1];
      return who?.normal === 'who' ? person(who) : undefined;
    }
    const be = (x: Token | undefined) => !!x && /^(be|is|was|are|were|been|'s|s|has|have|had)$/.test(x.normal);
    // "Dai Jenkins, my old touch judge, gone since the pandemic, came and sat", "old Mr Pryce, dead the winter
    // before last, was sat at the back": a dated death set off by commas is said of the one the sentence began with.
    // (Also ", been gone twenty years", ", been dead since 2011".)
    if (afterAsideComma(tokens, t.index) && (t.normal === 'gone' || isDeathWord(tokens, t.index))) {
      const since =
        t.normal !== 'gone' ||
        /^(since|for|a|an|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty)$/.test(
          next?.normal ?? '',
        ) ||
        next?.pos === 'NUM';
      if (dated && since) {
        const first = words.find((x) => x.index < t.index && (x.pos === 'PROPN' || this.mournable(x)));
        if (first) return first;
      }
    }
    // "she's been gone since 1998", "he has been gone four winters now"; "my father, three years gone now"
    if (t.normal === 'gone') {
      const span = words[at - 1];
      if (span && DEATH_SPANS.test(span.normal) && next?.normal === 'now') {
        const count = words[at - 2];
        if (count && (count.pos === 'NUM' || /^(a|few|many|some|two|three|four|five|six|ten)$/.test(count.normal))) {
          const subject = subjectBefore(tokens, count.index, CATENATIVE);
          if (subject && (/^(he|she)$/.test(subject.normal) || be(subject)))
            return person(subjectBefore(tokens, subject.index, CATENATIVE) ?? subject);
          // The person the sentence began with: "My father came into the shop, three years gone now".
          const first = words.find((x) => x.sentence === t.sentence && (x.pos === 'PROPN' || this.mournable(x)));
          return first && first.index < t.index ? first : undefined;
        }
      }
      if (!be(words[at - 1]) || !next) return undefined;
      if (!(
        DEATH_DATING.has(next.normal) ||
        next.pos === 'NUM' ||
        /^(for|since|now|ago|a|many|some|nearly|almost|over)$/.test(next.normal)
      ))
        return undefined;
      return person(subjectBefore(tokens, t.index, CATENATIVE));
    }
    if (!isDeathWord(tokens, t.index) || t.normal === 'death' || t.normal === 'dying') return undefined;
    // "dead quiet", "dead nice", "dead on my feet", "dead in the water"
    if (t.normal === 'dead' && next && (next.pos === 'ADJ' || next.pos === 'ADV' || /^(on|in)$/.test(next.normal)))
      if (!(next.normal === 'in' && dated)) return undefined;
    // A body found in the dream is no visit.
    if (words.slice(Math.max(0, at - 4), at).some((x) => /^(found|find|finds|lying|lay|saw|see|body)$/.test(x.normal)))
      return undefined;
    const stative = t.normal === 'dead' && be(words[at - 1]);
    if (!(dated || stative || t.backstory)) return undefined;
    if (known) return pronoun;
    const told = person(subjectBefore(tokens, t.index, CATENATIVE));
    if (told) return told;
    // "Jock Mackie in the crew room, making tea. Been dead since 1971.": a dated death with no subject, opening its
    // sentence, is of the one the sentence before named.
    const before = doc.sentences[t.sentence - 1];
    if (dated && before && (at === 0 || (at === 1 && be(words[0]))))
      return tokens
        .slice(before.start, before.end)
        .find((x) => x.isWord && !x.negated && !x.backstory && (x.pos === 'PROPN' || this.mournable(x)));
    return undefined;
  }

  /**
   * The sentence where someone whose death the dream tells as a fact of waking life is there: another
   * sentence where they (by name, a word of kin, or he or she) do something or are somewhere, outside the
   * dreamer's past. Undefined when none.
   */
  private visitOfTheDead(doc: DreamDocument): { told: number; seen: number } | undefined {
    const { tokens } = doc;
    for (const t of tokens) {
      const dead = this.deathToldOf(doc, t.index);
      if (!dead) continue;
      // "Dad rang me from heaven": reaching out from there is the visit.
      if (t.normal === 'heaven') return { told: t.sentence, seen: t.sentence };
      // Named in the sentence before the death ("Jock in the crew room, making tea. Been dead since 1971."): there.
      if (dead.sentence < t.sentence) return { told: t.sentence, seen: dead.sentence };
      // Named, they must be named again ("Cody's been gone eleven years… Dreamed I was…" is no visit); as he
      // or she, or a word of kin, someone close there will do.
      const named = dead.pos === 'PROPN';
      const kin = !named && !/^(he|she|you|him|her)$/.test(dead.normal);
      const seen = tokens.find((x) => {
        // "Nain was in the kitchen, she's been gone since 1998, and she put the kettle on", "My husband Seamus
        // was at the range, God rest him": in the sentence of the death, another clause.
        if (
          x.sentence === t.sentence &&
          !tokens.slice(Math.min(x.index, t.index), Math.max(x.index, t.index)).some((y) => y.text === ',')
        )
          return false;
        if (x.index === dead.index || !x.isWord || x.negated || x.backstory || x.quoted || x.told) return false;
        if (isPossessor(tokens, x.index, 1)) return false;
        if ((named || kin) && x.normal === dead.normal) return true;
        if (named) return false;
        const there = ['VERB', 'AUX'].includes(tokens[x.index + 1]?.pos ?? '');
        if (/^(he|she)$/.test(x.normal)) return there;
        // "Him smell of Bay Rum same way": in Patois "him" and "her" open a sentence as its subject.
        if (/^(him|her)$/.test(x.normal) && doc.sentences[x.sentence]?.start === x.index) return there;
        return (x.pos === 'PROPN' || this.mournable(x)) && there;
      });
      if (seen) return { told: t.sentence, seen: seen.sentence };
      // "Sgt Kenny Hollis, who we buried in 2019, was stood at the kennels": the clause after the one of the
      // death puts them in the scene.
      // Or "my gran, the one that passed in March, sat down", "My father came in, three years gone now, and sat".
      const between = tokens.slice(dead.index, t.index);
      const aside =
        (t.normal === 'gone' && DEATH_SPANS.test(tokens[t.index - 1]?.normal ?? '')) ||
        afterAsideComma(tokens, t.index);
      // "My nan sat down in the chair at work, the one that passed in March": the clause the person opens puts
      // them in the scene before the aside of their death.
      const clause = tokens.slice(dead.index + 1, t.index);
      const clauseEnd = clause.findIndex((x) => x.text === ',');
      const doing = clauseEnd > 0 ? clause.slice(0, clauseEnd) : [];
      if (
        dead.sentence === t.sentence &&
        (aside || between.some((x) => x.normal === 'who' || x.normal === 'that')) &&
        doing.some((x) => ['VERB', 'AUX'].includes(x.pos) && !x.backstory && !x.negated)
      )
        return { told: t.sentence, seen: t.sentence };
      if (dead.sentence !== t.sentence || !(aside || between.some((x) => x.normal === 'who' || x.normal === 'that')))
        continue;
      const after = tokens.slice(t.index + 1, doc.sentences[t.sentence]?.end ?? t.index);
      const comma = after.findIndex((x) => x.text === ',');
      if (
        comma >= 0 &&
        after.slice(comma + 1).some((x) => ['VERB', 'AUX'].includes(x.pos) && !x.backstory && !x.negated)
      )
        return { told: t.sentence, seen: t.sentence };
    }
    return undefined;
  }

  get kb(): KnowledgeBase {
    return this.deps.kb;
  }

  /** Reads any short text (an intention, a search term) with the same tokenizer. */
  readText(text: string): DreamDocument {
    return readDocument(this.deps.nlp, text);
  }

  /** Symbols of a free text (used for intentions). */
  async symbolsOf(text: string): Promise<SymbolHit[]> {
    return this.matcher.matchDocument(this.readText(text), 'narrative', []);
  }

  async read(dream: DreamForEngine): Promise<DreamReading> {
    const { nlp } = this.deps;
    const corrector = await this.typos();
    const narrative = await readDocumentSliced(nlp, dream.narrative);
    const title = readDocument(nlp, dream.title);
    const tags = dream.tags.map((t) => t.trim()).filter(Boolean);
    const tagDocs = tags.map((t) => readDocument(nlp, t.replace(/[-_]/g, ' ')));
    // Another language or no language at all: nothing in it is read as an English image.
    const words = narrative.tokens.filter((t) => t.isWord && !/^\d/.test(t.normal));
    const functionWords = words.filter((t) => FUNCTION_POS.has(t.pos)).length;
    const language = readLanguage(
      words.map((t) => t.normal),
      dream.narrative,
      (w) => corrector.isKnown(w),
      words.length ? functionWords / words.length : undefined,
      this.deps.kb.wordPairs ? readPairs(dream.narrative, this.deps.kb.wordPairs) : undefined,
    );
    const readable = language.language === 'en' && !language.nonsense;
    // Names of several capitalised words; a title repeating one ("Ocean Drive") names the same place.
    const names = markNames(narrative);
    for (const t of title.tokens) if (t.isWord && names.has(t.normal)) t.name = true;
    // A title that echoes a figure of speech of the dream ("Eggshells") means it the same way.
    const idiomWords = new Map<string, (typeof narrative.idioms)[number]>();
    for (const m of narrative.idioms)
      for (const t of narrative.tokens.slice(m.start, m.end))
        if (t.isWord && !STOPWORDS.has(t.normal)) idiomWords.set(t.normal, m);
    for (const t of title.tokens) {
      const m = idiomWords.get(t.normal);
      if (!m || !t.isWord) continue;
      t.idiom = title.idioms.length;
      title.idioms.push({ entry: m.entry, start: t.index, end: t.index + 1 });
    }
    const corrections: NonNullable<DreamAnalysis['corrections']> = [];
    if (readable) {
      await this.correct(narrative, corrector);
      await this.correct(title, corrector);
      for (const t of narrative.tokens)
        if (t.corrected)
          corrections.push({
            sentence: t.sentence,
            start: t.startChar,
            end: t.endChar,
            written: t.text,
            read: t.corrected,
          });
    }
    const negatedMentions: NegatedMention[] = [];
    const hits = readable
      ? [
          ...(await this.matcher.matchDocument(narrative, 'narrative', negatedMentions)),
          ...(await this.matcher.matchDocument(title, 'title', [])),
        ]
      : [];
    const tagHits = readable
      ? this.matcher.matchTags(tags, tagDocs).filter((h) => !hits.some((x) => x.symbol === h.symbol))
      : [];
    // "…and then I woke up": waking at the end is how the dream ended, not one of its images.
    const tailStart = wakingTailStart(narrative, hits);
    // "Woke at 5, read my notes, back to bed.": a practice log's preface is waking life.
    const dreamStart = prefaceEnd(narrative);
    // "My dad says it means he's ok in hamster heaven": what the dream means, said awake, is no image of it.
    const commentary = new Set(narrative.sentences.filter((s) => MEANING_COMMENTARY.test(s.text)).map((s) => s.index));
    // "my heart was pounding", "my stomach lurched" are fear told by the body, not images of a heart or a belly.
    const bodyCues = fearCues(narrative);
    const cueSentences = (organ: string) =>
      new Set(bodyCues.filter((c) => c.cue.startsWith(`${organ} `)).map((c) => c.token.sentence));
    const heartCueSentences = cueSentences('heart');
    const gutCueSentences = cueSentences('stomach');
    // "to ask the driver … there's no driver": denied in the same sentence, the thing is not there.
    const deniedIn = new Set(negatedMentions.map((n) => `${n.symbol}@${n.sentence}`));
    // "the chair's loose leg": a thing's part, neither an image nor a cue of a motif.
    const thingsParts = new Set(
      hits.filter((h) => h.source === 'narrative' && h.symbol.category === 'Body' && thingsPart(narrative, h, hits)),
    );
    // Tokens that are no cue of a motif either ("the midwife didn't come" calls no birth to mind).
    const noCue = new Set<Token>();
    for (const t of narrative.tokens)
      if ((t.pos === 'NOUN' || t.pos === 'PROPN') && didNotCome(narrative.tokens, t.index, 1))
        if (t.pos === 'PROPN' || (await this.nounKind(t)) === 'living') noCue.add(t);
    for (const h of thingsParts)
      for (const t of narrative.tokens.slice(h.token, h.token + Math.max(1, h.length))) noCue.add(t);
    // "I ran till my lungs burned", "legs were burning": a body burning with effort sets nothing on fire.
    for (const t of narrative.tokens) {
      if (!t.isWord || !/^burn/.test(t.normal)) continue;
      const before = narrative.tokens
        .slice(Math.max(0, t.index - 4), t.index)
        .filter((w) => w.isWord && w.sentence === t.sentence);
      const [part, verb] = before.slice(-2);
      const last = before.at(-1);
      // "my lungs burned", or "my legs were burning" (the part just before an auxiliary).
      const burning =
        (last !== undefined && BURNING_BODY.has(last.normal)) ||
        (part !== undefined &&
          verb !== undefined &&
          BURNING_BODY.has(part.normal) &&
          /^(were|was|are|is|kept|started|still)$/.test(verb.normal));
      if (burning) noCue.add(t);
    }
    // Why a hit of the narrative is not an image of the dream, if it is not.
    const notAnImage = (h: SymbolHit): boolean => {
      const name = h.symbol.name;
      // Someone else's partner, in the narrative or the title ("Every sock has a partner").
      const doc = h.source === 'narrative' ? narrative : h.source === 'title' ? title : null;
      if (doc && OWN_ONLY_PEOPLE.has(name) && someoneElses(doc, h)) return true;
      if (h.source !== 'narrative') return false;
      return (
        // The waking that ends the dream, what follows it, and a practice log's preface before it.
        h.token >= tailStart ||
        h.token < dreamStart ||
        commentary.has(h.sentence) ||
        // "I screamed and woke up": the reaction comes with the waking.
        (WAKING_REACTIONS.has(name) && tailStart - h.token <= REACTION_REACH) ||
        (name === 'heart' && heartCueSentences.has(h.sentence)) ||
        (name === 'belly' && gutCueSentences.has(h.sentence)) ||
        (name === 'sing' && someoneElseSings(narrative.tokens, h.token)) ||
        (KIN_BY_MARRIAGE.has(name) && inLaw(narrative.tokens, h.token)) ||
        (name === 'skin' && skinOfAThing(narrative.tokens, h.token)) ||
        (name === 'foot' && footAsPlaceOrMeasure(narrative.tokens, h.token)) ||
        (name === 'scream' && voiceFails(narrative, h.token)) ||
        // "morning love", "I'd love to know": a word of address or a wish is no love in the dream.
        (name === 'love' &&
          /^(morning|night|evening|thanks|ta|cheers|hello|hiya|hi|bye|alright|one|yes|no|sorry|would|d|'d|’d)$/.test(
            narrative.tokens[h.token - 1]?.normal ?? '',
          )) ||
        // "the head walked in", "the head said": the head teacher, not a head.
        (name === 'head' &&
          narrative.tokens[h.token - 1]?.normal === 'the' &&
          ['VERB', 'AUX'].includes(narrative.tokens[h.token + 1]?.pos ?? '')) ||
        // "ring the dentist", "the bell rings", "the top rung": to ring (or a ladder's rung) is no ring.
        (name === 'ring' &&
          (/^(rung|rings|ringing|rang)$/.test(narrative.tokens[h.token]?.normal ?? '') ||
            narrative.tokens[h.token]?.pos === 'VERB' ||
            /^(to|better|will|'ll|would|could|should|must|can|'d|d)$/.test(
              narrative.tokens[h.token - 1]?.normal ?? '',
            ))) ||
        // "my daughter with the shopping": the bags of it, not a shop.
        (name === 'shop' && narrative.tokens[h.token]?.normal === 'shopping') ||
        // "candles lit", "lit the ovens": lighting a thing names the thing, not a light.
        (name === 'light' && narrative.tokens[h.token]?.normal === 'lit') ||
        // "couldn't find the keys", "trying to find a toilet": looking is no finding ("I found a key" is).
        (name === 'find' && narrative.tokens[h.token]?.normal === 'find') ||
        // "a spelling test": to spell a word is no magic.
        (name === 'magic' && /^(spelling|spelled|spelt|spells)$/.test(narrative.tokens[h.token]?.normal ?? '')) ||
        // "my parents' street in Dayton", "back up to Toronto": a named city that locates another place or
        // is only where one is headed is no scene of its own ("I was lost in Tokyo" is).
        (name === CITY && namedCityAside(narrative.tokens, h, hits)) ||
        // "at a conference in Leeds": a city named only by its name is where, not a city scene (2 of 13 labelled).
        // ("I was lost in Tokyo", "wandering through Lisbon" are city scenes.)
        (name === CITY &&
          h.via === 'hypernym' &&
          /^\p{Lu}/u.test(narrative.tokens[h.token]?.text ?? '') &&
          !/^(lost|wandering|walking|stranded|trapped|stuck|alone|exploring|roaming)$/.test(
            narrative.tokens[h.token - 2]?.normal ?? '',
          )) ||
        // "since I was a child", "as a kid": the dreamer's own childhood, no child in the scene.
        (name === CHILD && ownChildhood(narrative.tokens, h.token)) ||
        // "hand over bed 4", "hand books", "the nurse hands me the baby": a body word used as a verb is an
        // act, not the body.
        (h.symbol.category === 'Body' &&
          h.length <= 1 &&
          BODY_VERBS.test(narrative.tokens[h.token]?.normal ?? '') &&
          (narrative.tokens[h.token]?.pos === 'VERB' || bodyVerbWithObject(narrative.tokens, h.token))) ||
        // "the phone face down on the table": which way a thing lies, not a face.
        (name === 'face' && /^(down|up)$/.test(narrative.tokens[h.token + 1]?.normal ?? '')) ||
        // "the exam hall", "the hall was full of balloons": a hall is mostly a big room; it is a hallway when
        // walked along ("down the hall to the kitchen").
        (name === 'hallway' && hallIsARoom(narrative.tokens, h)) ||
        // "heavy lifting", "lifting the box": to lift is no lift.
        (name === 'elevator' && liftingVerb(narrative.tokens, h.token)) ||
        // "snow was falling", "night fell": what falls from the sky or comes down on a place is no fall.
        (name === 'fall' && (fallingThing(narrative.tokens, h.token) || this.thingFalls(narrative.tokens, h.token))) ||
        // "running a load", "running the hook": to run something is to operate it, not to run.
        (name === RUN && runsSomething(narrative.tokens, h.token)) ||
        // "the taps were running", "every sink in the lab running", "my nose was running": a thing that runs is
        // flowing or working, nobody running ("something was running at me" still runs).
        (name === RUN &&
          (thingRuns(narrative.tokens, h.token) ||
            runFails(narrative, h.token) ||
            runAsRound(narrative.tokens, h.token))) ||
        // "after nights", "a run of nights": nights in the plural are shifts or a span, not a night scene.
        (name === NIGHT && narrative.tokens[h.token]?.normal === 'nights') ||
        // "my mum didn't ring", "the midwife didn't come": someone who did not come or call is not there.
        (h.symbol.category === PEOPLE_CATEGORY && didNotCome(narrative.tokens, h.token, Math.max(1, h.length))) ||
        // "Cliff, my ex's brother": a person named only to say whose someone is.
        (h.symbol.category === PEOPLE_CATEGORY && relationOnly(narrative.tokens, h, hits)) ||
        // "Sister Abena", "Father Tom": a title before a name, no sibling or parent.
        (h.symbol.category === PEOPLE_CATEGORY && titleBeforeName(narrative.tokens, h)) ||
        (h.symbol.category === PEOPLE_CATEGORY && describesAThing(narrative.tokens, h)) ||
        // "Biscuit died in March": a death dated in waking life is no event of the dream.
        ((name === 'die' || name === 'death') && datedDeathSentence(narrative, h.sentence)) ||
        // "my heart sank", "my heart was hammering": the heart telling fear, not an image. Other parts in such a
        // state are still seen ("my legs were heavy", "my hands were shaking": in the training sets and dev halves
        // labelled 150 times to 23 where the part is not the heart, 0 to 23 for the heart).
        (h.symbol.category === 'Body' &&
          ((BODY_TELLS_FEAR.has(name) && bodilyState(narrative, h)) || thingsParts.has(h))) ||
        deniedIn.has(`${name}@${h.sentence}`) ||
        (SPOKEN_OF_CATEGORIES.has(h.symbol.category) && spokenOf(narrative, h)) ||
        toldAbout(narrative, h) ||
        // "my ex texted me", "Mum rang me": someone who only reaches the dreamer from elsewhere.
        (h.symbol.category === PEOPLE_CATEGORY && callerOnly(narrative.tokens, h.token + Math.max(1, h.length))) ||
        // "a way I find hard to convey": finding something hard is a judgement, nothing found.
        (name === 'find' && judgedAs(narrative.tokens, h.token)) ||
        // "came home from a party", "Crystal Brooks from high school": where someone has been or is from.
        ((PLACE_CATEGORIES.has(h.symbol.category) || h.symbol.category === 'Events and Occasions') &&
          cameFrom(narrative.tokens, h.token)) ||
        // "He said, 'You've let the roses go'": what is said is not in the scene.
        narrative.tokens[h.token]?.quoted === true ||
        narrative.tokens[h.token]?.reported === true
      );
    };
    const images = hits.filter((h) => !notAnImage(h));
    // A famous name heard or shown, not met: "the radio plays that Fleetwood Mac song", "some Abba", "Chopin
    // waltzes", "Harry Styles on the telly", "a Schumacher poster on the wall".
    for (let i = images.length - 1; i >= 0; i -= 1) {
      const h = images[i];
      if (
        h?.source === 'narrative' &&
        h.symbol.name === CELEBRITY &&
        h.term === CELEBRITY &&
        playedOrShown(narrative, h)
      )
        images.splice(i, 1);
    }
    // Someone else's singing is music in the scene.
    const othersSinging = hits.find(
      (h) => h.source === 'narrative' && h.symbol.name === 'sing' && someoneElseSings(narrative.tokens, h.token),
    );
    if (othersSinging) {
      const music = this.deps.kb.byName.get('music');
      if (music && !images.some((h) => h.symbol === music))
        images.push({ ...othersSinging, symbol: music, via: 'hypernym', term: 'music' });
    }
    // "a big bird flew in", "kangaroos swimming laps": an animal's action, not the dreamer's.
    for (let i = images.length - 1; i >= 0; i -= 1) {
      const h = images[i];
      if (h?.source !== 'narrative') continue;
      const own = OWN_ACTIONS.has(h.symbol.name);
      const living = LIVING_ACTIONS.has(h.symbol.name);
      if (!own && !living) continue;
      // "a disaster film on the telly, people running from the wave": others' cries and flight on a screen.
      // (Cries stay: the news reader in tears, the family shouting at the telly.)
      if (SCREEN_ACTIONS.has(h.symbol.name) && ON_SCREEN.test(narrative.sentences[h.sentence]?.text ?? '')) {
        const subject = wordBeforeVerb(narrative.tokens, h.token);
        if (subject && !/^(i|we|me|us)$/.test(subject.normal)) {
          images.splice(i, 1);
          continue;
        }
      }
      const kind = await this.subjectKind(narrative, h.token);
      // "the whole town was gone under": what only the living do, done by a thing, is no event of it.
      if (own && kind === 'animal') images.splice(i, 1);
      else if (living && kind === 'thing') {
        images.splice(i, 1);
        for (const t of narrative.tokens.slice(h.token, h.token + Math.max(1, h.length))) noCue.add(t);
      }
    }
    // A symbol the dream implies at the words of another hit ("we drove": a driver).
    const implySymbol = (
      list: SymbolHit[],
      name: string,
      from: Omit<SymbolHit, 'symbol' | 'via' | 'term'> | undefined,
    ) => {
      const symbol = this.deps.kb.byName.get(name);
      if (symbol && from && !list.some((h) => h.symbol === symbol))
        list.push({ ...from, symbol, via: 'hypernym', term: name });
    };
    // ("the bus drove through the village", "it drove off": a vehicle driving implies no driver seen.)
    const driving = images.find((h) => h.source === 'narrative' && h.symbol.name === DRIVING.action);
    // Only someone driving: not a driveway ("rolling down the drive") or nobody at the wheel ("there was
    // nobody driving").
    const drove = driving && narrative.tokens[driving.token];
    const nobody = drove && /^(nobody|noone|no-one)$/.test(narrative.tokens[drove.index - 1]?.normal ?? '');
    const driveway =
      drove?.pos === 'NOUN' &&
      /^(the|a|our|my|his|her|their|gravel|long|front)$/.test(narrative.tokens[drove.index - 1]?.normal ?? '');
    const atWheel = !!drove && !driveway && !nobody;
    if (driving && atWheel && !this.vehicleDrives(narrative, driving.token))
      implySymbol(images, DRIVING.actor, driving);
    const lucidity = readLucidity(
      readable ? narrative.sentences.map((s) => ({ index: s.index, text: s.text, startChar: s.startChar })) : [],
      tags,
    );
    // A realisation stated in words the knowledge base's phrases do not cover ("I realised I was still dreaming").
    const lucidSymbol = this.deps.kb.byName.get(LUCID_SYMBOL);
    const evidence = lucidity.evidence;
    if (evidence && lucidSymbol && !images.some((h) => h.symbol === lucidSymbol)) {
      const span = narrative.tokens.filter((t) => t.startChar >= evidence.start && t.endChar <= evidence.end);
      const first = span[0];
      if (first)
        images.push({
          symbol: lucidSymbol,
          via: 'phrase',
          surface: surfaceOf(span),
          term: LUCID_SYMBOL,
          source: 'narrative',
          sentence: first.sentence,
          token: first.index,
          length: span.length,
          typo: false,
        });
    }
    const allHits = [...images, ...tagHits.filter((h, i) => tagHits.findIndex((x) => x.symbol === h.symbol) === i)];

    const motifInput = {
      docs: [
        { doc: title, source: 'title' as const },
        { doc: narrative, source: 'narrative' as const },
      ],
      hits: allHits,
      tags: tagDocs,
      ignored: noCue,
    };
    const motifs = (readable ? await detectMotifs(this.deps.kb, motifInput) : []).map((m) => ({
      id: m.motif.id,
      name: m.motif.name,
      sentence: m.sentence,
    }));
    const triggered = new Set(motifs.map((m) => m.id));
    // Motifs the whole reading implies, whatever words the triggers know.
    const implied = (id: string, sentence: number) => {
      const motif = this.deps.kb.motifs.find((m) => m.id === id);
      if (motif && !motifs.some((m) => m.id === id)) motifs.push({ id, name: motif.name, sentence });
    };
    // "Flying low over a motorway.": a telling without its subject is the dreamer's.
    for (const sentence of readable ? narrative.sentences : []) {
      const words = narrative.tokens.slice(sentence.start, sentence.end).filter((t) => t.isWord);
      // "Me fly. Arms out, over town": a learner's or signer's "me" before the verb is the dreamer too.
      const start = words[0]?.normal === 'me' && words.length > 1 ? 1 : 0;
      const first = words[start];
      const second = words[start + 1];
      // "Flying saucers filled the sky" names a thing, not the dreamer flying.
      if (!first || first.negated || second?.pos === 'NOUN') continue;
      if (!first.forms.some((f) => f === 'fly' || f === 'soar' || f === 'glide')) continue;
      implied('flying', sentence.index);
      if (words.some((t) => /^(low|lower|skim|skimming|barely|touching|scraping)$/.test(t.normal)))
        implied('flying-too-low', sentence.index);
    }
    // A famous person in the scene is a meeting ("Taylor swfit was my teacher"); one only heard or shown on a
    // screen is no longer among the images (playedOrShown). (Only a famous name: "famous for her lasagne" meets nobody.)
    const celebrity = images.find(
      (h) => h.source === 'narrative' && h.symbol.name === CELEBRITY && h.term === CELEBRITY,
    );
    if (celebrity) implied('meeting-a-celebrity', celebrity.sentence);
    // "then im at the stop again n its pulling away again": the same moment coming round again, twice
    // in one telling ("again and again" is only emphasis).
    for (const sentence of readable ? narrative.sentences : []) {
      const agains = narrative.tokens
        .slice(sentence.start, sentence.end)
        // "Again it went down further, again the bulb flickered" opens clauses: the dream recurring.
        .filter(
          (t) =>
            t.normal === 'again' &&
            !t.negated &&
            !t.quoted &&
            !t.backstory &&
            t.index > sentence.start &&
            narrative.tokens[t.index - 1]?.pos !== 'PUNCT',
        );
      const emphatic = agains.some((t) => narrative.tokens[t.index + 1]?.normal === 'and');
      if (agains.length >= 2 && !emphatic) implied('time-loop', sentence.index);
    }
    // A recurring dream set in a family's own place ("the house of my grandparents", "our village", "my
    // parents' street") is a place that recurs.
    if (readable && isRecurring(narrative, tags)) {
      const owned = images.find(
        (h) =>
          h.source === 'narrative' &&
          PLACE_CATEGORIES.has(h.symbol.category) &&
          familyOwned(
            narrative.tokens,
            h.token,
            (t) => this.mournable(t) || /^(parents?|family|folks)$/.test(t.normal),
          ),
      );
      if (owned) implied('recurring-place', owned.sentence);
    }
    // A realisation read as lucid is the dreamer becoming lucid; so is a dream its dreamer tagged lucid.
    if (lucidity.evidence) implied(LUCID_MOTIF, lucidity.evidence.sentence);
    else if (lucidity.lucid && readable) implied(LUCID_MOTIF, 0);
    // Someone close whose death is told as waking-life past, and who is there in the dream: a visit.
    const deathIn = (past: boolean) =>
      narrative.tokens.some(
        (t) => t.isWord && !t.negated && t.backstory === past && isDeathWord(narrative.tokens, t.index),
      );
    // Someone close in the scene, not only the owner of something in it ("dad's old Volvo", "the house
    // of my grandparents").
    const kin = images.find(
      (h) =>
        h.source === 'narrative' &&
        h.symbol.category === PEOPLE_CATEGORY &&
        CLOSE_PEOPLE.has(h.symbol.name) &&
        !isPossessor(narrative.tokens, h.token, Math.max(1, h.length)),
    );
    if (kin && deathIn(true) && !deathIn(false)) implied('deceased-visitor', kin.sentence);
    // "Our dog passed away two years ago. She ran across the beach to me.": the one whose death is
    // told, back in a later sentence as he or she.
    const mournedIn = narrative.sentences.find((s) => {
      const ts = narrative.tokens.slice(s.start, s.end);
      return (
        petPutDown(ts) ||
        (ts.some((t) => t.isWord && !t.negated && t.backstory && isDeathWord(narrative.tokens, t.index)) &&
          ts.some((t) => t.isWord && this.mournable(t)))
      );
    });
    if (mournedIn && !deathIn(false)) {
      const back = narrative.tokens.find(
        (t, i) =>
          t.sentence > mournedIn.index &&
          !t.backstory &&
          !t.quoted &&
          (t.normal === 'he' || t.normal === 'she') &&
          ['VERB', 'AUX'].includes(narrative.tokens[i + 1]?.pos ?? ''),
      );
      if (back) implied('deceased-visitor', back.sentence);
    }
    // "Biscuit came back! … Biscuit died in March.": someone named whose death is dated in waking life,
    // named again elsewhere in the dream.
    const namedDead = datedDeathNames(narrative);
    const namedAgain = narrative.tokens.find(
      (t) => t.isWord && !t.negated && namedDead.has(t.normal) && !datedDeathSentence(narrative, t.sentence),
    );
    if (namedAgain) implied('deceased-visitor', namedAgain.sentence);
    // "since we had to put Biscuit down": a pet put to sleep, and an animal in the dream, is its visit.
    const animal = images.find((h) => h.source === 'narrative' && h.symbol.category === 'Animals');
    if (animal && petPutDown(narrative.tokens)) implied('deceased-visitor', animal.sentence);
    // "my late grandad was sitting in his chair": someone close called late is someone who has died.
    const late = images.find((h) => {
      if (h.source !== 'narrative' || h.symbol.category !== PEOPLE_CATEGORY || !CLOSE_PEOPLE.has(h.symbol.name))
        return false;
      const before = narrative.tokens[h.token - 1];
      return before?.normal === 'late' && POSSESSIVE_WORDS.has(narrative.tokens[h.token - 2]?.normal ?? '');
    });
    if (late) implied('deceased-visitor', late.sentence);
    // "Mr Okafor came to Tuesday bingo. He passed in September.", "my avo died in march. in the dream she is
    // in the kitchen", "Nain was in the kitchen, she's been gone since 1998", "my husband Paddy, God rest him":
    // someone's death told as a fact of waking life, and that someone in the scene.
    // A death read as someone dying in the dream where the words tell it as that fact ("my oma is dead
    // since 2019. she is in the kitchen") is the visit instead.
    const visit = readable ? this.visitOfTheDead(narrative) : undefined;
    const dying = motifs.findIndex((m) => m.id === 'loved-one-dying');
    if (visit && dying >= 0 && motifs[dying]?.sentence === visit.told) motifs.splice(dying, 1);
    if (visit && !motifs.some((m) => m.id === 'loved-one-dying')) implied('deceased-visitor', visit.seen);
    // "Back at the bottle depot where I worked before I went self employed", "I was working at the cinema
    // again, the one I was at in sixth form", "a student nurse again": a return told with the past work or study
    // it returns to.
    const returnedTo = readable ? returnToFormerWork(narrative) : undefined;
    if (returnedTo !== undefined) implied('back-at-former-job-or-school', returnedTo);
    // Motifs told in words no trigger knows, weighed by the learnt model. Lucidity is never learnt: a
    // realisation counts only as lucidity.ts reads it.
    const features: MotifFeatures = readable
      ? motifFeatures(
          narrative,
          tags,
          images.map((h) => ({
            name: h.symbol.name,
            category: h.symbol.category,
            sentence: h.source === 'narrative' ? h.sentence : -1,
          })),
        )
      : new Map();
    const model = this.deps.kb.motifModel;
    const learnt = model ? learntMotifs(model, features).filter((m) => m.id !== LUCID_MOTIF) : [];
    if (learnt.length) {
      // A motif the dream tells only in denied, figurative or quoted words is withheld, not learnt.
      const withheld = new Set(
        (await detectMotifs(this.deps.kb, motifInput, true)).map((m) => m.motif.id).filter((id) => !triggered.has(id)),
      );
      for (const m of learnt)
        if (
          !withheld.has(m.id) &&
          (m.id !== FALSE_AWAKENING || toldAsFalseAwakening(narrative)) &&
          (m.id !== UNABLE_TO_SPEAK || hasWordOf(narrative, SPEECH_WORDS)) &&
          (m.id !== SHADOW_FIGURE || hasWordOf(narrative, BEING_WORDS))
        )
          implied(m.id, m.sentence);
    }

    // What a motif rules out (`excludes` in kb/motifs.json): breathing under water is no drowning, motif or
    // image (0 of 72 such training and dev dreams count one).
    const excluded = motifs.flatMap((m) => this.deps.kb.motifs.find((x) => x.id === m.id)?.excludes ?? []);
    const noMotif = new Set(excluded.flatMap((e) => e.motifs));
    const noSymbol = new Set(excluded.flatMap((e) => e.symbols));
    for (let k = motifs.length - 1; k >= 0; k -= 1) if (noMotif.has(motifs[k]?.id ?? '')) motifs.splice(k, 1);
    for (let k = allHits.length - 1; k >= 0; k -= 1)
      if (noSymbol.has(allHits[k]?.symbol.name ?? '')) allHits.splice(k, 1);
    // Flying something ("flying a kite", "flew her at a lure") or flying somewhere by plane ("flying to Spain
    // for Kev's stag", "flying home for Christmas"), and no other flight in the dream: the dreamer does not fly.
    // And a motif read in a sentence that watches it on a screen or hears it on the news ("on the TV the news is
    // showing flood in Cagayan, people on the roof") happened to others, not in the dream.
    const noFlight = motifs.some((m) => FLYING_MOTIFS.has(m.id)) && !flownSelf(narrative);
    for (let k = motifs.length - 1; k >= 0; k -= 1) {
      const m = motifs[k];
      if (m && ((noFlight && FLYING_MOTIFS.has(m.id)) || watched(narrative, m.sentence, m.id))) motifs.splice(k, 1);
    }
    // A symbol told without its word, at a sentence of the story: anchored on the sentence's first verb, else
    // noun or adjective, and quoted as the few words that tell it ("Kept going, up past the barre"), not one word.
    // Only where the symbol's word is not written at all: where it is written but was set aside ("a wedding dress",
    // "flying a kite", "the drowned town", "there was no one in the room"), that reading stands.
    const impliedAt = (name: string, index: number, word?: string) => {
      const sentence = narrative.sentences[index];
      if (!sentence) return;
      const words = narrative.tokens.slice(sentence.start, sentence.end).filter((t) => t.isWord);
      const at =
        (word !== undefined ? words.find((t) => (t.lemma || t.normal).toLowerCase() === word) : undefined) ??
        words.find((t) => t.pos === 'VERB') ??
        words.find((t) => t.pos === 'NOUN' || t.pos === 'ADJ') ??
        words[0];
      if (!at) return;
      const symbol = this.deps.kb.byName.get(name);
      const terms = new Set([name, ...(symbol?.synonyms ?? [])]);
      if (narrative.tokens.some((t) => t.isWord && (terms.has(t.lemma) || t.forms.some((f) => terms.has(f))))) return;
      const told: Token[] = [];
      let count = 0;
      for (const t of narrative.tokens.slice(at.index, Math.min(sentence.end, at.index + 9))) {
        if (told.length > 0 && !t.isWord && /^[.;:!?—–()]$/.test(t.text)) break;
        if (t.isWord && ++count > 6) break;
        told.push(t);
      }
      // Ending on a word that needs the next ("…could not find the"), the quote is cut back to the last that does not.
      while (told.length > 1 && (!told.at(-1)?.isWord || WEAK_ENDS.has(told.at(-1)?.normal ?? ''))) told.pop();
      implySymbol(allHits, name, {
        surface: surfaceOf(told),
        source: 'narrative',
        sentence: at.sentence,
        token: at.index,
        length: told.length,
        typo: false,
      });
    };
    // A motif's own image, told without its word: a leap that never comes down is still flying.
    for (const m of motifs) {
      const entry = this.deps.kb.motifs.find((x) => x.id === m.id);
      for (const name of entry?.implies ?? []) impliedAt(name, m.sentence);
    }
    // Symbols the story implies, weighed by the learnt model: "I couldn't move, something heavy on my chest" is
    // paralysis, "in nothing but my socks in front of the whole class" nakedness. Never one the dream denies or a
    // motif rules out, and only at a sentence of the story (not the title or a tag).
    if (model && readable) {
      const denied = new Set(negatedMentions.map((n) => n.symbol));
      // Quoted from the word that weighed most for it ("nothing on but my socks", "could not move a muscle").
      for (const s of learntSymbols(model, features))
        if (s.word && s.word.sentence >= 0 && !denied.has(s.id) && !noSymbol.has(s.id))
          impliedAt(s.id, s.word.sentence, s.word.text);
    }
    // A false awakening is a dream within a dream: the waking it tells of is one.
    if (motifs.some((m) => m.id === 'false-awakening'))
      implySymbol(
        allHits,
        NESTED_DREAM,
        images.find((h) => h.source === 'narrative' && h.symbol.name === 'wake'),
      );
    // Waking is an image only inside the experience: a false awakening, or the sleep paralysis one
    // wakes into. Any other waking is how the dream ended or the night around it ("Woke at 6:10",
    // "only when I woke up I realised").
    const wakingInside = motifs.some((m) => WAKING_INSIDE_MOTIFS.has(m.id));
    const keptHits = wakingInside ? allHits : allHits.filter((h) => h.symbol.name !== WAKE_SYMBOL);
    // "a guy in a white coat", "the woman": someone the dream does not name is a stranger (read after the
    // motifs, whose cues name strangers in their own words).
    const strangerSymbol = this.deps.kb.byName.get(STRANGER);
    if (readable && strangerSymbol && !keptHits.some((h) => h.symbol === strangerSymbol)) {
      const at = unnamedPerson(narrative.tokens, hits);
      if (at)
        keptHits.push({
          symbol: strangerSymbol,
          via: 'hypernym',
          surface: at.text,
          term: STRANGER,
          source: 'narrative',
          sentence: at.sentence,
          token: at.index,
          length: 1,
          typo: false,
        });
    }
    const bySymbol = new Map<string, { symbol: KbSymbol; hits: SymbolHit[] }>();
    for (const hit of keptHits) {
      const entry = bySymbol.get(hit.symbol.name) ?? { symbol: hit.symbol, hits: [] };
      entry.hits.push(hit);
      bySymbol.set(hit.symbol.name, entry);
    }
    const docOf = (h: SymbolHit) => (h.source === 'narrative' ? narrative : h.source === 'title' ? title : null);
    const order = (h: SymbolHit) => (h.source === 'narrative' ? h.token : h.source === 'title' ? -1 : 1e9);
    const found: DetectedSymbol[] = [...bySymbol.values()]
      .map(({ symbol, hits: hs }) => {
        const firstHit = [...hs].sort((a, b) => order(a) - order(b))[0] ?? hs[0];
        const narrativeHit = hs.find((h) => h.source === 'narrative');
        const mentionHit = narrativeHit ?? firstHit;
        const viaHit = hs.find((h) => h.via !== 'hypernym' && h.via !== 'tag') ?? firstHit;
        return {
          name: symbol.name,
          category: symbol.category,
          surface: (narrativeHit ?? firstHit)?.surface ?? symbol.name,
          via: viaHit?.via ?? 'name',
          count: hs.length,
          meaning: symbol.meaning,
          mention: mentionHit ? mentionFor(symbol, mentionHit, docOf(mentionHit)) : `the ${symbol.name}`,
          excerpt: mentionHit ? excerptFor(mentionHit, docOf(mentionHit)) : symbol.name,
          plural: mentionHit ? pluralFor(symbol, mentionHit, docOf(mentionHit)) : false,
          sentences: [...new Set(hs.filter((h) => h.source === 'narrative').map((h) => h.sentence))].sort(
            (a, b) => a - b,
          ),
          inTitle: hs.some((h) => h.source === 'title'),
          spans: hs
            .filter((h) => h.source === 'narrative')
            .map((h) => spanOf(narrative.tokens.slice(h.token, h.token + Math.max(1, h.length))))
            .filter((x): x is TextSpan => x !== null),
          ...(symbol.category === PEOPLE_CATEGORY && narrativeHit
            ? (() => {
                const token = narrative.tokens[narrativeHit.token];
                const words = narrative.tokens
                  .slice(narrativeHit.token, narrativeHit.token + Math.max(1, narrativeHit.length))
                  .flatMap((t) => [t.normal, ...t.forms]);
                const pronoun = token ? pronounFor(narrative, token, words) : null;
                return pronoun ? { pronoun } : {};
              })()
            : {}),
          _first: firstHit ? order(firstHit) : 0,
        };
      })
      .sort((a, b) => b.count - a.count || a._first - b._first)
      .map(({ _first, ...rest }) => rest);
    // The learnt last look (symbol-acceptance.ts): a symbol found the way careful readers mostly do not name
    // ("a hundred times", the fall a falling dream already tells) is left out of the reading; one read from a typo
    // is kept. One left out is not reported as denied either.
    const wordCount = narrative.tokens.filter((t) => t.isWord).length;
    const fromTypos = new Set(keptHits.filter((h) => h.typo).map((h) => h.symbol.name));
    const { kept: symbols, left: leftOut } = acceptSymbols(this.deps.kb.symbolAcceptance, found, wordCount, fromTypos);

    const cues = readable ? bodyCues : [];
    const tone = await readTone(
      narrative.sentences.map((s) => ({
        fearCues: cues.filter((c) => c.token.sentence === s.index).length,
        text: s.text,
        forms: new Set(
          narrative.tokens
            .slice(s.start, s.end)
            .filter((t) => t.isWord && !t.negated)
            .flatMap((t) => [t.lemma, t.normal]),
        ),
      })),
      this.deps.sentiment,
    );
    // The setting is the first place-like image the narrative mentions.
    const firstToken = new Map<string, number>();
    // A setting is named by a noun: "we drove" makes a driver, not a place the dream is set in.
    for (const h of allHits)
      if (h.source === 'narrative' && !firstToken.has(h.symbol.name) && narrative.tokens[h.token]?.pos !== 'VERB')
        firstToken.set(h.symbol.name, h.token);
    const settingSymbol = symbols
      .filter((s) => SETTING_CATEGORIES.has(s.category) && firstToken.has(s.name))
      .sort((a, b) => (firstToken.get(a.name) ?? 0) - (firstToken.get(b.name) ?? 0))[0];
    const detected = new Set(symbols.map((s) => s.name));
    // Without a stated realisation there is no lucid dream to name ("when I woke I realised it was a dream").
    const claimsLucidity = (name: string) => !lucidity.lucid && /\blucid/.test(name);
    const analysis: DreamAnalysis = {
      symbols: symbols.filter((s) => !claimsLucidity(s.name)),
      motifs: motifs.filter((m) => !claimsLucidity(m.id)),
      tone,
      lucid: lucidity.lucid,
      setting: settingSymbol?.mention ?? null,
      negated: [...new Set(negatedMentions.map((n) => n.symbol))].filter((n) => !detected.has(n) && !leftOut.has(n)),
      keyPhrases: readable ? keyPhrases(narrative) : [],
      sentenceCount: narrative.sentences.length,
      wordCount,
      language: language.language,
      nonsense: language.nonsense,
      sentenceSpans: narrative.sentences.map((s) => ({ start: s.startChar, end: s.endChar })),
      lucidEvidence: lucidity.evidence,
      lucidDenied: lucidity.denied,
      negatedMentions: negatedMentions
        .filter((n) => !detected.has(n.symbol) && !leftOut.has(n.symbol))
        .map((n) => ({ symbol: n.symbol, surface: n.surface, sentence: n.sentence, start: n.start, end: n.end })),
      idioms: narrative.idioms.map((m) => {
        const span = narrative.tokens.slice(m.start, m.end);
        const where = spanOf(span) ?? { sentence: -1, start: 0, end: 0 };
        return { ...where, text: surfaceOf(span), phrase: m.entry.phrase, sense: m.entry.sense };
      }),
      emotionCues: cues.map((c) => ({
        sentence: c.token.sentence,
        start: c.token.startChar,
        end: c.token.endChar,
        cue: c.cue,
        feeling: 'fear' as const,
      })),
      people: readable ? peopleOf(narrative, allHits, (w) => corrector.isKnown(w)) : [],
      corrections,
    };
    return { analysis, narrative, title, hits: allHits, motifFeatures: features };
  }
}
