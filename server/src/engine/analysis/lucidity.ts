/**
 * Whether the dreamer became aware of dreaming inside the dream. A lucid-dreaming journal must
 * never congratulate someone on a lucid dream they did not have, so a realisation counts only when
 * it is stated, not denied ("I didn't know I was dreaming"), not wished for ("I wish I had
 * realised"), not a failed attempt ("I tried to become lucid") and not made after waking ("when I
 * woke up I realised it had been a dream").
 */

export interface LucidSentence {
  index: number;
  text: string;
  /** Character offset of the sentence in the narrative. */
  startChar: number;
}

export interface LucidReading {
  lucid: boolean;
  /** Where the realisation is stated (characters of the narrative), when lucid through the text. */
  evidence: { sentence: number; start: number; end: number } | null;
  /** A realisation the dream mentions but denies, wishes for or places after waking. */
  denied: { sentence: number; start: number; end: number } | null;
}

const REALISATION =
  /\b((?<=\bi )new|knew|know|known|knowing|realized|realised|realize|realise|realizing|realising|understood|understand|became aware|become aware|was aware|aware|recognized|recognised|noticed|remembered|figured out|it hit me|it dawned on me|it struck me|it occurred to me|twigged|clicked|clocked|kent|concluded|deduced|reasoned|worked out)\b[^.!?;]{0,30}?\b(i was|i'm|im|i am|i was still|i wis|this was|this is|it was|it's|its|we were|that was|all this was|everything was)\s+(?:still\s+|just\s+|only\s+|all\s+)?(dreaming|dreamin|in a dream|a dream)\b/gi;
const LUCID_STATE =
  /\b(became|become|becoming|been|got|get|getting|went|going|turned|was|am|i'm|felt|feel|fully|totally|completely|suddenly|finally|instantly|confirmed|stayed|remained)\s+(?:(?:\w+ly|so|really|properly|fully|super|very|quite|kind of|sort of|a bit|a little)\s+)?lucid\b|\b(had|have|having|this was|it was|my first|another|a fully)\s+(?:\w+\s+)?lucid dream\b|\b(?:a|another|proper|full|fully|real|my first|properly)\s+lucid\s+one\b|^\s*(?:[-*•#]\s*)?lucid dream\s*(?:#|no\.?\s*|number\s+)\d+\b/gi;

/**
 * The realisation said or thought in the dreamer's own words, as a sentence of its own or after
 * "I said", "I thought": "This is a dream.", "You're dreaming.", "I said out loud, this is a dream".
 */
const SAID_REALISATION =
  /(?:^|[—–:]\s*|\s-\s+|,\s+(?=(?:(?:wait|so|oh)[,!]?\s+)?(?:this is|this'll be|this must be|i'm|im|i am|i must be|you are|you're|youre|ye['’]re|ye are|yer|du['’]s|ah['’]m)\s)|\b(?:so|therefore|hence)\s+(?:(?:obviously|clearly|surely|definitely)\s+)?(?=(?:this is|i'm|im|i am)\s)|\b(?:said|say|says|told myself|tell myself|told|tell|thought|think|thinks|shouted|shout|whispered|yelled|which means|that means)\b[^.!?;]{0,26}?[,:]?\s*['‘"“]?|\b(?:went|go|goes|was like|i'm like|im like)\s*[,:]?\s*(?=wait\b|oh\b|omg\b|hang on\b|hold on\b|this\b|i'm\b|im\b))(?:(?:so|oh|omg|ok|okay|wait|hang on|hold on|right|yes|and|because|cos|cause)[,!:]?\s+)?(this is|this'll be|this must be|it's|its|it is|that['’]s|thats|that is|dis is|i'm|im|i am|i must be|you're|youre|you are|you must be|we're|we are|ye['’]re|ye are|yer|du['’]s|ah['’]m|tha['’]s|tha art|thou art|mi)\s+(?:still\s+|just\s+|only\s+|all\s+|both\s+|obviously\s+|clearly\s+|definitely\s+|totally\s+)?(dreaming|dreamin|dreming|in a dream|in my dream|a dream|that dream|my dream|dream|asleep|sleeping)(?=\s*(?:[.!?,;:"”'’—–]|\s-\s|$|\s+(?:and|now|right now|rn|lol|haha|this|then|again|mate|man|dude|bro|pal|love|lad|lads|lass|guys|innit|init|aren['’]?t i|isn['’]?t it|you (?:daft|silly|soft|stupid|big)\b)\b))/gi;

/** "it clicked that I hadn't actually woken up": a waking realised to be false is a realisation of dreaming. */
const NOT_WOKEN_REALISATION =
  /\b(?:realized|realised|realize|realise|clicked|clocked|knew|noticed|understood|dawned on me|got it)\b[^.!?;]{0,30}?\b(?:i|we)\s+(?:(?:hadn't|had not|haven't|have not)\s+(?:actually\s+|really\s+|properly\s+)?woken(?:\s+up)?(?=\s*[,.;!]|\s+(?:at all|after all)\b)|(?:wasn't|was not|weren't|were not)\s+(?:actually\s+|really\s+|properly\s+)?awake\b)/gi;

/** "I was dreaming and I knew it", "I knew: dream.": the knowing told after the state. */
const KNEW_IT =
  /\b(?:i was|i'm|i am|we were)\s+dreaming,?\s+and\s+(?:i|we)\s+knew\s+it\b|\b(?:i|we)\s+knew\s*[:,—–-]\s*(?:a\s+)?dream(?:ing)?\b/gi;

/** "I thought, this only happens in dreams": what only dreams do, recognised in the dream. */
const DREAMS_ONLY =
  /\bi\s+(?:just\s+|suddenly\s+|then\s+)?(?:thought|think|realised|realized|knew|know|told myself)\b[^.!?;]{0,20}?\b(?:this|that|it|stuff like this|things like this)\s+(?:only\s+)?(?:happens|happen)\s+(?:only\s+)?in\s+dreams\b(?![^.!?;]*\bbut\b[^.!?;]*\breal\b)/gi;

/** "Told the tower I was dreaming": the realisation reported as told to someone in the dream. */
const TOLD_DREAMING =
  /\b(?:told|tell|telling|tells)\s+(?:[\w'’]+\s+){1,3}?(?:that\s+)?(?:i|we)\s+(?:was|were|am|are|was only|was just)\s+(?:dreaming|in a dream|asleep)\b(?!\s+(?:about|of|that|again about)\b)/gi;

/** "I am dreaming, I said aloud": the realisation said first, then who said it. */
const SAID_AFTER_REALISATION =
  /\b(this is|this must be|i'm|im|i am|i must be|you're|you are|we're|we are)\s+(?:still\s+|just\s+)?(dreaming|in a dream|a dream)\s*[,—–-]\s*(?:i|we)\s+(?:said|say|thought|think|shouted|whispered|yelled|told myself)\b/gi;

/**
 * "I realised none of this was real", "it dawned on me that I was asleep", "so I understand: I am still
 * sleeping", "I knew this must be a dream".
 */
const UNREAL_REALISATION =
  /\b(knew|know|realized|realised|realize|realise|understood|understand|noticed|figured|reasoned|concluded|deduced|thought|recognized|recognised|remembered|it hit me|it dawned on me|it struck me|it occurred to me|twigged|clicked|clocked)\b[^.!?;]{0,30}?\b(?:(?:it|this|that|everything|all this|all of this)\s+(?:wasn't|isn't|was not|is not|couldn't be|can't be|could not be|cannot be)\s+real|(?:none of (?:this|it)|nothing)\s+(?:was|is)\s+real|i(?:\s+|'|’)(?:was|am|m|must be|must have been)\s+(?:(?:still\s+)?asleep|still\s+sleeping)|(?:i|this|it)\s+must\s+be\s+(?:a\s+)?dream(?:ing)?)\b/gi;

/**
 * "I know is dream" (a learner's English), "so it had to be a dream", "a reality check finally worked", "mi know
 * seh a dream" (Jamaican "know that"), "water doesn't do that, so: dream.": the realisation said plainly or
 * reasoned out, or a reality check that succeeded.
 */
const PLAIN_REALISATION =
  /\b(?:so|which meant|that meant)\s+(?:it|this|i)\s+(?:had to be|has to be|must be)\s+(?:a\s+)?dream(?:ing)?\b|\b(knew|know|realized|realised|realize|realise|understood|understand)\s+(?:it\s+|this\s+|that\s+)?(?:is|was|'s)\s+(?:a\s+|the\s+)?dream\b|\b(?:knew|know|realized|realised)\s*[:—–]\s*(?:a\s+)?(?:dream|dreaming)\b|\breality checks?\b[^.!?;]{0,70}?\b(?:finally\s+|actually\s+)?(?:worked|passed|succeeded)\b|\b(?:know|knew)\s+(?:seh|sey|say)\s+(?:(?:it|dis|this)\s+(?:is\s+|['’]s\s+)?)?a\s+dream\b|\bso\s*[:—–]\s*(?:a\s+)?(?:dream|dreaming)\s*(?=[.!]|$)/gi;

/** "…the time said 7:61. Ha. Dreaming.", "So: a dream.": the realisation as a word of its own, after the dream has begun. */
const BARE_REALISATION =
  /^\s*(?:[-*•]\s*)?(?:(?:ha|haha|oh|ok|okay|aha|yes|yep|right|wait|so)[\s.!,:]+){0,2}(?:dreaming|dream|i'm asleep|i am asleep|i'm dreaming|im dreaming|i'm dreamin|im dreamin)\s*[.!]+\s*$|^\s*(?:(?:ha|haha|oh|ok|okay|aha|yes|yep|right|wait|so)[\s.!,:]+){1,2}a\s+dream\s*[.!]+\s*$|\b(?:said|say|thought|think)\s+(?:inside|to myself|silently)?\s*[:,]\s*(?:dreaming|dream)\s*[.!]/gi;

/**
 * A practice log's shorthand: "13:88 -> DREAM", "- two moons = dream" (the check, then what it showed; "=" only
 * on a list's line), and a line that opens on
 * the state ("- lucid maybe a minute").
 */
const LOG_REALISATION =
  /(?:->|=>|→)\s*(?:it'?s\s+|a\s+)?(?:dreaming|dream)\b(?!\s+(?:journal|diary|log|sign))|^[\s\-*•]+[^\n=<>]{1,60}=\s*(?:it'?s\s+|a\s+)?(?:dreaming|dream)\s*(?=[,.!;:]|$)|^[\s\-*•]*lucid\b(?!\s+dream)(?!\s*\?)(?![\s,.:;!—–-]*(?:no|not|nope|never|nah|hardly|almost|nearly|failed|0)\b)/gi;

/**
 * "And I knew. I was dreaming.": a sentence that ends on the knowing, and the next that says what was known. Only
 * the past of knowing ("That's how I know. It was a dream." is the telling, looking back).
 */
const KNOWING_END =
  /\b(?:knew|realised|realized|understood|kent|twigged|clicked|it hit me|it dawned on me)\s*[.!…]*\s*$/i;
const KNOWN_OPENING =
  /^\s*(?:that\s+)?(?:i was|i'm|im|i am|i wis|this is|this was|it was|it's|we were)\s+(?:still\s+|just\s+|only\s+|all\s+)?(?:dreaming|dreamin|in a dream|a dream)\b(?=\s*(?:[.!,;:/—–-]|$))/i;

/**
 * "I thought: hands don't turn into wings; I'm asleep. Once I knew, I flapped properly": the state said in any
 * words, then acted on as known. The knowing that follows vouches for it, whatever came before.
 */
const STATED =
  /\b(?:this is|this must be|it['’]s|its|it is|that['’]s|thats|i['’]m|im|i am|i must be|you['’]re|youre|you are|we['’]re|we are|tha['’]s|mi)\s+(?:still\s+|just\s+|only\s+|definitely\s+|obviously\s+|all\s+)?(?:dreaming|in a dream|a dream|asleep)\b/gi;
const ACTED_ON =
  /^[^.!?]{0,40}?(?:[.!?]\s*)?(?:and\s+)?\b(?:once|as soon as|soon as|the moment|now that|the second)\s+(?:i|ah|we)\s+(?:knew|know|kent|realised|realized|understood|clocked|twigged)\b/i;

/** The dreamer asking whether they knew it was a dream ("Did I know I was dreaming?"), and a yes after it. */
const ASKED_KNOWING =
  /^\s*(?:did|do)\s+i\s+(?:know|realise|realize|twig|clock)\s+(?:that\s+)?(?:i\s+was|i'm|i\s+am|it\s+was|this\s+was)\s+(?:a\s+)?dream(?:ing)?\s*\?\s*$/i;
const ANSWERED_YES = /^\s*(?:yes|yep|yeah|i did|of course)\b/i;

/** Someone in the dream telling the dreamer they are dreaming, and the dreamer's knowing it ("…and I did know"). */
const TOLD_YOU_KNOW =
  /\byou\s+know\s+(?:that\s+)?(?:(?:you['’]re|youre|you\s+are)\s+(?:dreaming|asleep|in\s+a\s+dream)|this\s+is\s+(?:(?:all\s+)?a|your)\s+dream)\b/i;
const DID_KNOW =
  /(?:^|[.!?]\s+|,\s+(?=(?:and\s+)?yes\b))[\s,]*(?:(?:and\s+)?yes,?\s+)?(?:and\s+)?(?:i|ah)\s+(?:did(?:\s+know)?|knew(?:\s+it)?|did,\s+too)\b(?!\s+not\b)(?!n['’]?t)/i;

/** A reality check done ("I pinched my nose and could still breathe"), then "I KNEW." on its own. */
const REALITY_CHECK_DONE =
  /\b(?:pinch(?:ed|ing)?\s+(?:my\s+)?nose|nose[\s-]+pinch|reality[\s-]+checks?|looked\s+at\s+my\s+hands|counted\s+my\s+fingers|pushed\s+my\s+finger\s+through)\b/i;
const KNEW_ALONE = /(?:^|[.!?—–:]\s*|\s-\s+|\bso\s+)(?:i|we)\s+(?:just\s+)?knew\s*[.!]*\s*$/i;

/** The dreamer saying outright that the dream was never known for one inside it ("Never knew in the dream at all"). */
const NEVER_KNEW =
  /\b(?:didn['’]?t|did not|never)\s+know\s*,?\s+not\s+in\s+(?:it|the dream)\b|\b(?:never|didn['’]?t|did not)\s+(?:knew|know|realise|realize|realised|realized|twig|twigged|clock|clocked)\s+(?:(?:that\s+)?(?:it was a dream|i was dreaming)\s+)?(?:in the dream|while dreaming|while i was dreaming)\b/i;

/**
 * The dreamer saying the dream was not lucid, or was believed ("It wasn't lucid or anything, I believed every bit
 * of it"); "it wasn't a lucid dream at first, but then…" says it became one.
 */
const SAID_NOT_LUCID =
  /\b(?:it|this|that|the dream)\s+(?:wasn['’]?t|was not|isn['’]t|is not)\s+(?:a\s+)?(?:\w+\s+)?lucid\b(?![\s,]+(?:dream[\s,]+)?(?:at first|to begin with|at the start|until|till|before|yet))|\bbelieved\s+(?:every\s+(?:bit|word)\s+of\s+it|all\s+of\s+it|it\s+all)\b/i;

/** A realisation taken back afterwards: "so I think is real", "I decided it was real after all". */
const RETRACTION =
  /\b(?:thought|think|said|decided)\s+(?:no|nah|nope)\s*[,.!—–-]\s*(?:it['’]?s|it\s+is|it\s+was|this\s+is|this\s+was|he['’]s|she['’]s|he\s+is|she\s+is)\s+(?:all\s+)?real\b|\b(?:think|decided|decide|concluded|sure|believe|believed)\b(?:(?!\b(?:not|never|none|nothing|no)\b|n['’]t\b)[^.!?;]){0,12}?\b(?:it|this|everything)?\s*(?:is|was|'s|must be)\s+(?:all\s+)?real\b(?!\s+dream)|\b(?:decided|decide|concluded|sure)\b[^.!?;]{0,10}?\b(?:it|this)\s+(?:was|is)(?:\s+not|n['’]t)\b(?!\s+(?:real|really|happening))/i;

/** Words shortly before a realisation that deny or undo it ("you'd think I'd have realised it was a dream"). */
const DENIAL =
  /n['’]t\b|\b(?:could|should|would|might|shoud|shud|shuld|coud|cud|woud|wud)(?:\s+(?:have|hav|of)|'ve|ve)\b|\b(?:shoulda|coulda|woulda|shouldve|couldve|wouldve)\b|['’]d\s+have\b|\bid\s+have\b|\bought\s+to\s+have\b|\b(not|never|no|nobody|without|wish|wished|wishing|if|whether|maybe|perhaps|unless|hardly|barely|almost|nearly|failed|fail|tried|try|trying|wanted|want|hoped|hope|hoping|until|forgot|forget|didnt|dont|doesnt|wasnt|werent|couldnt|wouldnt|hadnt|cant|isnt)\b/i;
/** Waking before or around the realisation: it was made afterwards ("awake inside the dream" is lucidity). */
const WAKING =
  /\b(woke|wake|waking|awoke|awake|awoken|woken|(?<!\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2}(?:[:.]\d\d)?)\s+(?:o['’]clock\s+)?in\s+the\s+)morning|alarm\s+(?:went|goes|go|rang|rings|sounded|buzzed))\b(?!\s+(?:inside|within|in)\s+the\s+dream)/i;

/** How far after a realisation (characters) a waking can be the moment it was made. */
const WAKING_REACH = 60;

/**
 * Whether waking told after the realisation came first: "I realised it was a dream when I woke up" was
 * made awake; "I became lucid and then woke up", "…until I woke" was made in the dream, which then ended.
 */
function wakesFirst(after: string): boolean {
  const m = WAKING.exec(after);
  // Only a waking told straight after ("…when I woke up"), and not one wished away ("so I wouldn't wake",
  // "I didn't want to wake up"): a long run-on sentence goes on to other things.
  if (!m || m.index > WAKING_REACH) return false;
  const lead = after.slice(0, m.index);
  if (/(?:n['’]?t|\bnot|\bnever|\bto)\s+$/i.test(lead)) return false;
  // "don't get excited or you'll wake": a waking only warned of has not happened.
  if (/(?:['’]ll|\bwill|\bwould|\bmight|\bcould|\bmay)\s+$/i.test(lead)) return false;
  return !/\b(?:and|then|but|before|until|till|so)\b(?:\s+(?:then|i|we|just|suddenly|finally))*\s*$/i.test(lead);
}

/** The few words before `at` in the sentence, back to the last clause break. */
function before(text: string, at: number, words = 4): string {
  const head = text.slice(0, at);
  const clause = head.split(/[,;:]|\b(?:and|but|so|then|because)\b/i).at(-1) ?? head;
  return clause.trim().split(/\s+/).slice(-words).join(' ');
}

/** People other than the dreamer who may say "this is a dream" to them. */
const OTHER_SPEAKER =
  /^(he|she|they|you|someone|somebody|everyone|everybody|nobody|mum|mom|mam|mother|dad|father|sister|brother|friend|nan|nana|gran|granny|grandma|grandad|grandpa|man|woman|guy|girl|boy|teacher|voice|stranger|doctor|nurse)$/;

/** The words before the verb of saying that introduces a realisation, or '' when none does. */
function sayingHead(text: string, at: number, match: string): string {
  if (/^\W*(said|say|says|thought|think|thinks|shouted|shout|whispered|yelled|went|go|goes)\b/i.test(match))
    return text.slice(0, at);
  const head = text.slice(0, at);
  const verb =
    /\b(said|says|told|tells|asked|shouted|yelled|whispered)\b(?!.*\b(said|says|told|tells|asked|shouted|yelled|whispered)\b)/i.exec(
      head,
    );
  if (!verb) return '';
  // "it said 'you're late', and that's when it clicked: …": words said and closed, or a realising of the
  // dreamer's own between, end the saying.
  const between = head.slice(verb.index + verb[0].length);
  if (
    /['’"”]\s*[,;]?\s+(?:and|then|but|so)\b|\b(?:clicked|realised|realized|knew|noticed|dawned|thought)\b/i.test(
      between,
    )
  )
    return '';
  return head.slice(0, verb.index);
}

/** Whether the nearest subject before a verb of saying is the dreamer ("I turned to him and said") or none is told. */
function dreamerSpeaks(head: string): boolean {
  const words = head.match(/[\p{L}'’]+/gu) ?? [];
  for (let k = words.length - 1; k >= 0; k -= 1) {
    const w = words[k] ?? '';
    // "so they'll think I'm asleep": a subject's contracted auxiliary does not change who says it.
    const lower = w.toLowerCase().replace(/['’](?:ll|d|ve|re)$/, '');
    if (/^(i|we|myself)$/.test(lower)) return true;
    if (OTHER_SPEAKER.test(lower) || (k > 0 && /^\p{Lu}/u.test(w))) return false;
  }
  return true;
}

export function readLucidity(sentences: LucidSentence[], tags: string[]): LucidReading {
  let evidence: LucidReading['evidence'] = null;
  let denied: LucidReading['denied'] = null;
  for (const s of sentences) {
    const patterns = [
      NOT_WOKEN_REALISATION,
      KNEW_IT,
      REALISATION,
      LUCID_STATE,
      SAID_REALISATION,
      SAID_AFTER_REALISATION,
      UNREAL_REALISATION,
      PLAIN_REALISATION,
      LOG_REALISATION,
      DREAMS_ONLY,
      TOLD_DREAMING,
    ];
    if (s.index > 0) patterns.push(BARE_REALISATION);
    for (const re of patterns) {
      re.lastIndex = 0;
      for (let m = re.exec(s.text); m; m = re.exec(s.text)) {
        const span = { sentence: s.index, start: s.startChar + m.index, end: s.startChar + m.index + m[0].length };
        // ", this is a dream", "— I'm dreaming": a realisation in a clause of its own has nothing before it.
        // ("I didn't know, this is a dream": a clause of knowing just before still governs it.)
        const knowingBefore =
          /\b(know|knew|realised|realized|realise|realize|noticed|notice|sure|aware|idea)\s*$/i.test(
            s.text.slice(0, m.index),
          );
        // "cats can't talk, so this is a dream": what the realisation is reasoned from is no denial of it.
        const prefix =
          /^(?:[,—–:]|so[\s:—–]|which means\b|that means\b)/i.test(m[0]) && !knowingBefore
            ? ''
            : before(s.text.slice(0, m.index).replace(/[,—–:]\s*$/, ''), m.index);
        // "My mum said 'it's a dream'", "He then said…": someone else's words are no realisation of the
        // dreamer's ("I actually said", "I turned to him and said" are the dreamer's).
        // ("…the same thing Tom says, and I went: hang on, I'm asleep": the dreamer's own saying may follow.)
        if (re === SAID_REALISATION && !dreamerSpeaks(sayingHead(s.text, m.index, m[0]))) {
          re.lastIndex = m.index + 1;
          continue;
        }
        // "I thought, this is a dream?": a question is no realisation.
        if (/^\s*\?/.test(s.text.slice(m.index + m[0].length))) {
          denied ??= span;
          continue;
        }
        // "I woke up, annoyed I had spent my first lucid dream in months on…": the dream named lucid after waking
        // is the dreamer's account of it, not a realisation made awake.
        const stillDreaming = /\bstill dreaming\b/i.test(m[0]) || (re === LUCID_STATE && /lucid dream\b/i.test(m[0]));
        const afterWaking =
          !stillDreaming && (WAKING.test(s.text.slice(0, m.index)) || wakesFirst(s.text.slice(m.index + m[0].length)));
        // "my reality check never worked": a denial inside the words of the realisation undoes it too.
        // Only the clause of the realisation itself: "it clicked: eagles don't talk, I'm dreaming", "I thought hang
        // on, that's not right, this is a dream" deny something else.
        // ("dogs can't sing so this is a dream": the reason given before "so" is another clause.)
        const lastBreak = /(?:[,:;—–]|\bso\b)(?![^]*(?:[,:;—–]|\bso\b))/i.exec(m[0]);
        const ownClause = lastBreak ? m[0].slice(lastBreak.index + lastBreak[0].length) : m[0];
        const deniedInside =
          (re !== NOT_WOKEN_REALISATION &&
            /n['’]t\b|\b(not|never|no|didnt|wasnt|couldnt)\b|\b(?:could|should|would|might)(?:\s+have|'ve)\b/i.test(
              ownClause,
            )) ||
          // "how I knew afterwards it was a dream", "I think maybe this is a dream": known later, or only wondered.
          /\b(?:afterwards|afterward|later|in hindsight|looking back|maybe|perhaps|possibly)\b/i.test(m[0]) ||
          // "which is how I knew it was a dream afterwards": the word that dates it may follow.
          /^[^.!?;,]{0,6}?\b(?:afterwards|afterward|later on|in hindsight|looking back)\b/i.test(
            s.text.slice(m.index + m[0].length),
          );
        // "which is how I know it was a dream": knowing now that it was is the telling, looking back.
        const lookingBack =
          (re === REALISATION || re === PLAIN_REALISATION) &&
          /^(know|understand|realise|realize)\b/i.test(m[0]) &&
          /\b(was|were)\b/i.test(m[0]);
        // "I only clocked it was a dream halfway through my coffee": known only later, told looking back.
        const onlyLater =
          /\bonly\s+$/i.test(s.text.slice(0, m.index)) && /\bit\s+was\s+(?:all\s+)?(?:a\s+)?dream/i.test(m[0]);
        if (
          DENIAL.test(prefix) ||
          deniedInside ||
          lookingBack ||
          onlyLater ||
          afterWaking ||
          /\bhad been\b/i.test(m[0])
        )
          denied ??= span;
        else evidence ??= span;
      }
    }
  }
  // The knowing and what was known, told in two sentences: the knowing not denied, nor after waking.
  if (!evidence)
    for (const [k, s] of sentences.entries()) {
      const next = sentences[k + 1];
      const known = next?.index === s.index + 1 ? KNOWN_OPENING.exec(next.text) : null;
      if (!next || !known || !KNOWING_END.test(s.text)) continue;
      const clause = before(s.text.replace(/[\s.!…]+$/, ''), s.text.length, 6);
      if (DENIAL.test(clause)) continue;
      if (WAKING.test(s.text) || wakesFirst(next.text.slice(known[0].length))) continue;
      const lead = known[0].length - known[0].trimStart().length;
      evidence = {
        sentence: next.index,
        start: next.startChar + lead,
        end: next.startChar + known[0].length,
      };
      denied = null;
      break;
    }
  // The state said, then acted on as known ("this is a dream and as soon as I knew it I lifted us up").
  if (!evidence)
    for (const [k, s] of sentences.entries()) {
      const next = sentences[k + 1];
      STATED.lastIndex = 0;
      for (let m = STATED.exec(s.text); m && !evidence; m = STATED.exec(s.text)) {
        const after = s.text.slice(m.index + m[0].length);
        const following = next?.index === s.index + 1 ? `${after} ${next.text}` : after;
        if (/^\s*\?/.test(after) || WAKING.test(s.text.slice(0, m.index)) || !ACTED_ON.test(following)) continue;
        // "My mum said you're dreaming, love, and once I knew the house was sold…": someone else's words.
        if (!dreamerSpeaks(sayingHead(s.text, m.index, m[0]))) continue;
        evidence = { sentence: s.index, start: s.startChar + m.index, end: s.startChar + m.index + m[0].length };
        denied = null;
      }
      if (evidence) break;
    }
  // "Did I know I was dreaming? Yes, I said so out loud": the dreamer's own question, answered yes.
  if (!evidence)
    for (const [k, s] of sentences.entries()) {
      const next = sentences[k + 1];
      if (
        next?.index === s.index + 1 &&
        ASKED_KNOWING.test(s.text) &&
        ANSWERED_YES.test(next.text) &&
        !/\b(?:woke|wake|waking|awake|after|afterwards|later|then)\b/i.test(next.text)
      ) {
        evidence = { sentence: s.index, start: s.startChar, end: s.startChar + s.text.trimEnd().length };
        denied = null;
        break;
      }
    }
  // "She said, you know you're asleep, don't you. And I did know.": told, and the telling known to be true.
  if (!evidence)
    for (const [k, s] of sentences.entries()) {
      const told = TOLD_YOU_KNOW.exec(s.text);
      if (!told) continue;
      const next = sentences[k + 1];
      const rest = s.text
        .slice(told.index + told[0].length)
        .replace(/^[^,.;!?]*(?:,\s*(?:don['’]?t|do|aren['’]?t|innit)\s+you\b[^,.;!?]*)?/i, '');
      const third = sentences[k + 2];
      const reply = /^[,;]\s*(?:and\s+)?(?:i|ah)\s/i.test(rest)
        ? rest
        : next?.index === s.index + 1
          ? `${next.text} ${third?.index === s.index + 2 ? third.text : ''}`
          : '';
      if (!DID_KNOW.test(reply) || WAKING.test(reply)) continue;
      evidence = { sentence: s.index, start: s.startChar + told.index, end: s.startChar + told.index + told[0].length };
      denied = null;
      break;
    }
  // "I pinched my nose and breathed in and air still came in. That did it. I KNEW.": a check, then the knowing.
  if (!evidence)
    for (const [k, s] of sentences.entries()) {
      const knew = KNEW_ALONE.exec(s.text);
      if (!knew || WAKING.test(s.text) || DENIAL.test(before(s.text, knew.index + knew[0].length, 4))) continue;
      const earlier = sentences.slice(Math.max(0, k - 2), k + 1).filter((p) => p.index >= s.index - 2);
      if (!earlier.some((p) => REALITY_CHECK_DONE.test(p.text) && !DENIAL.test(p.text))) continue;
      const lead = knew[0].search(/\S/);
      evidence = {
        sentence: s.index,
        start: s.startChar + knew.index + lead,
        end: s.startChar + knew.index + knew[0].length,
      };
      denied = null;
      break;
    }
  // "I think, ah, this is dream… But I pinch and it hurt, so I think is real": a realisation taken back.
  if (evidence) {
    const at = evidence;
    const later = sentences
      .filter((s) => s.index >= at.sentence && s.index <= at.sentence + 3)
      .map((s) => s.text.slice(Math.max(0, at.end - s.startChar)))
      .join(' ');
    const whole = sentences.map((s) => s.text).join(' ');
    if (RETRACTION.test(later) || NEVER_KNEW.test(whole) || SAID_NOT_LUCID.test(whole)) {
      denied = evidence;
      evidence = null;
    }
  }
  const tagged = tags.some((t) => /^lucid\b/i.test(t.trim()));
  return { lucid: tagged || evidence !== null, evidence, denied: evidence ? null : denied };
}
