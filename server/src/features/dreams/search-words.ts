/**
 * Words that search treats as one: British and American spellings, and a small set of synonyms for
 * family and dream words. Every entry is a base form; the full-text stemmer takes care of plurals and
 * tenses ("harbours" is looked up as "harbour", and "harbor" then matches "harbors" too).
 */

/** British and American spellings of one word (first British, then American). */
const SPELLINGS: readonly (readonly string[])[] = [
  ['aeroplane', 'airplane'],
  ['ageing', 'aging'],
  ['aluminium', 'aluminum'],
  ['analyse', 'analyze'],
  ['apologise', 'apologize'],
  ['armour', 'armor'],
  ['behaviour', 'behavior'],
  ['centre', 'center'],
  ['colour', 'color'],
  ['cosy', 'cozy'],
  ['defence', 'defense'],
  ['doughnut', 'donut'],
  ['dreamt', 'dreamed'],
  ['endeavour', 'endeavor'],
  ['favour', 'favor'],
  ['favourite', 'favorite'],
  ['fibre', 'fiber'],
  ['flavour', 'flavor'],
  ['fulfil', 'fulfill'],
  ['grey', 'gray'],
  ['harbour', 'harbor'],
  ['honour', 'honor'],
  ['humour', 'humor'],
  ['jewellery', 'jewelry'],
  ['kerb', 'curb'],
  ['labour', 'labor'],
  ['leapt', 'leaped'],
  ['licence', 'license'],
  ['litre', 'liter'],
  ['manoeuvre', 'maneuver'],
  ['memorise', 'memorize'],
  ['metre', 'meter'],
  ['mould', 'mold'],
  ['moustache', 'mustache'],
  ['neighbour', 'neighbor'],
  ['odour', 'odor'],
  ['offence', 'offense'],
  ['organise', 'organize'],
  ['paralysed', 'paralyzed'],
  ['plough', 'plow'],
  ['programme', 'program'],
  ['pyjamas', 'pajamas'],
  ['realise', 'realize'],
  ['recognise', 'recognize'],
  ['rumour', 'rumor'],
  ['sceptical', 'skeptical'],
  ['smoulder', 'smolder'],
  ['spelt', 'spelled'],
  ['sombre', 'somber'],
  ['spectre', 'specter'],
  ['splendour', 'splendor'],
  ['sympathise', 'sympathize'],
  ['theatre', 'theater'],
  ['traveller', 'traveler'],
  ['travelled', 'traveled'],
  ['travelling', 'traveling'],
  ['tyre', 'tire'],
  ['vapour', 'vapor'],
  ['visualise', 'visualize'],
  ['whisky', 'whiskey'],
  ['woollen', 'woolen'],
];

/** Words a dreamer uses for the same person or thing. */
const SYNONYMS: readonly (readonly string[])[] = [
  ['grandfather', 'grandpa', 'grandad', 'granddad', 'gramps', 'granddaddy'],
  ['grandmother', 'grandma', 'granny', 'gran', 'nan', 'nana', 'nanna'],
  ['mother', 'mum', 'mom', 'mummy', 'mommy', 'mama', 'mam'],
  ['father', 'dad', 'daddy', 'papa'],
  ['brother', 'bro'],
  ['sister', 'sis'],
  ['aunt', 'auntie', 'aunty'],
  ['child', 'kid'],
  ['baby', 'infant', 'newborn'],
  ['husband', 'hubby'],
  ['friend', 'pal', 'buddy'],
  ['nightmare', 'bad dream'],
  ['house', 'home'],
  ['sea', 'ocean'],
  ['stairs', 'staircase', 'stairway', 'stairwell'],
  ['cat', 'kitten', 'kitty'],
  ['dog', 'puppy', 'pup', 'doggy'],
  ['car', 'automobile'],
  ['fly', 'flying', 'flew', 'flown', 'levitate', 'levitating', 'levitated'],
  ['fall', 'falling', 'fell', 'fallen'],
  ['tooth', 'teeth'],
  ['chase', 'chased', 'pursue', 'pursued'],
  ['death', 'dead', 'die', 'died', 'dying'],
  ['ghost', 'spirit', 'phantom', 'apparition'],
  ['snake', 'serpent'],
  ['forest', 'woods'],
  ['naked', 'nude'],
  ['exam', 'examination'],
  ['wedding', 'marriage'],
];

function index(groups: readonly (readonly string[])[]): Map<string, readonly string[]> {
  const map = new Map<string, readonly string[]>();
  for (const group of groups) {
    for (const word of group) {
      const others = group.filter((w) => w !== word);
      map.set(word, [...(map.get(word) ?? []), ...others]);
    }
  }
  return map;
}

const spellings = index(SPELLINGS);
const synonyms = index([...SYNONYMS, ...SPELLINGS]);

// Endings tried when a word is not in a table as written: "harbours" → "harbour", "realising" → "realise".
const ENDINGS = ['s', 'es', 'd', 'ed', 'ing', 'ish', 'ly'];

function lookup(table: Map<string, readonly string[]>, word: string): readonly string[] {
  const direct = table.get(word);
  if (direct) return [...direct];
  for (const ending of ENDINGS) {
    if (word.length <= ending.length + 2 || !word.endsWith(ending)) continue;
    const base = word.slice(0, -ending.length);
    for (const candidate of [base, `${base}e`]) {
      const found = table.get(candidate);
      if (found) return [candidate, ...found];
    }
  }
  return [];
}

/** Other spellings of a lower-case word (British ↔ American), base forms. */
export function spellingVariants(word: string): string[] {
  return lookup(spellings, word).filter((w) => w !== word);
}

/**
 * Every word searched for in place of one lower-case word: the word, its other spellings and its
 * synonyms (a synonym may be two words, searched as a phrase). At most 12.
 */
export function wordVariants(word: string): string[] {
  const out = new Set<string>([word]);
  for (const w of lookup(synonyms, word)) out.add(w);
  for (const w of [...out]) for (const s of spellingVariants(w)) out.add(s);
  return [...out].slice(0, 12);
}
