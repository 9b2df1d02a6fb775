import { beforeAll, describe, expect, it } from 'vitest';
import { categoriesWith, lexicon } from './kb/lexicon';
import { createEngine } from './index';
import type { DreamAnalysis } from './types';

/**
 * Central dream images the knowledge base once missed ("violin" found nothing, a balloon dream was
 * read without its balloons), and the occasions a dream can be set at. The names are fixed: the
 * evaluation sets label dreams with them.
 */
const ADDED: Record<string, string[]> = {
  Animals: ['fox', 'mouse', 'elephant', 'monkey', 'pig', 'cow', 'deer', 'chicken', 'turtle', 'worm'],
  'People and Figures': ['clown', 'witch', 'zombie', 'vampire', 'neighbour'],
  Places: ['farm', 'museum', 'theatre', 'factory'],
  Objects: [
    'balloon',
    'table',
    'chair',
    'glass',
    'bottle',
    'toy',
    'ball',
    'bell',
    'flag',
    'blanket',
    'painting',
    'bomb',
    'rubbish',
    'music',
    'instrument',
  ],
  Actions: ['drive', 'laugh', 'hug', 'argue', 'steal', 'vomit', 'jump'],
  Water: ['shower'],
  'Events and Occasions': ['party', 'wedding', 'funeral', 'exam', 'birthday', 'war'],
};

const engine = createEngine({ provider: 'local', log: { info: () => undefined, warn: () => undefined } });
/** Each knowledge-base symbol's category, as the engine seeds the dictionary. */
const categoryOf = new Map<string, string>();

beforeAll(async () => {
  await engine.ready();
  for (const s of await engine.dictionarySeed()) categoryOf.set(s.symbol, s.category);
}, 60_000);

let dreamId = 7000;
const analyse = (narrative: string): Promise<DreamAnalysis> =>
  engine.analyse({ id: (dreamId += 1), title: '', narrative, tags: [], timePeriod: null, date: null });
const names = (a: DreamAnalysis) => a.symbols.map((s) => s.name);

describe('central dream images in the knowledge base', () => {
  it('holds each image under its fixed name and category', () => {
    for (const [category, list] of Object.entries(ADDED))
      for (const name of list) expect({ name, category: categoryOf.get(name) }).toEqual({ name, category });
  });

  it('describes the occasions category, and an occasion is where a dream can be set', () => {
    expect(lexicon.categories.get('Events and Occasions')?.guidance).toMatch(/occasion/i);
    expect(categoriesWith('setting').has('Events and Occasions')).toBe(true);
    for (const role of ['quality', 'any-pos', 'proper-place'] as const)
      expect(categoriesWith(role).has('Events and Occasions')).toBe(false);
  });

  it('finds balloons, music and instruments, and the occasion a dream is set at', async () => {
    expect(names(await analyse('I was holding a bunch of red balloons at the fair.'))).toContain('balloon');
    expect(names(await analyse('An orchestra played and a violin solo made me cry.'))).toEqual(
      expect.arrayContaining(['music', 'instrument']),
    );
    expect(names(await analyse('The band played our song.'))).toContain('music');
    const wedding = await analyse("We were at my cousin's wedding.");
    expect(names(wedding)).toContain('wedding');
    expect(wedding.setting).toMatch(/wedding/);
    // "married" is the verb of the same occasion.
    expect(names(await analyse('We got married on a cliff at sunset.'))).toContain('wedding');
    expect(names(await analyse('The fox ran across the field.'))).toEqual(expect.arrayContaining(['fox', 'field']));
    // Through WordNet, a reunion is a kind of party: the gathering, not the political party.
    const reunion = (await analyse('It was a big family reunion.')).symbols.find((s) => s.name === 'party');
    expect(reunion).toMatchObject({ via: 'hypernym', category: 'Events and Occasions' });
  });

  it('reads a maths test as an exam, and a maths problem as the puzzle it is', async () => {
    expect(names(await analyse('I failed the maths test.'))).toContain('exam');
    expect(names(await analyse('The teacher handed out a pop quiz.'))).toContain('exam');
    const problem = names(await analyse('I could not solve the maths problem on the board.'));
    expect(problem).toContain('equation');
    expect(problem).not.toContain('exam');
  });

  it('gives the images that were synonyms of broader symbols their own entries', async () => {
    const mouse = names(await analyse('A mouse ran under my chair.'));
    expect(mouse).toEqual(expect.arrayContaining(['mouse', 'chair']));
    expect(mouse).not.toContain('rat');
    const zombies = names(await analyse('Zombies and a vampire chased me through the mall.'));
    expect(zombies).toEqual(expect.arrayContaining(['zombie', 'vampire']));
    expect(zombies).not.toContain('monster');
    const witch = names(await analyse('An old witch cast a spell on me.'));
    expect(witch).toEqual(expect.arrayContaining(['witch', 'magic']));
    const war = names(await analyse('The war started and bombs fell on the town.'));
    expect(war).toEqual(expect.arrayContaining(['war', 'bomb']));
    expect(war).not.toContain('battlefield');
    expect(names(await analyse('I stood on the stage of an old theatre.'))).toEqual(
      expect.arrayContaining(['stage', 'theatre']),
    );
  });

  it('reads the new actions as actions, named by their "-ing" form, like running', async () => {
    const drove = await analyse('I drove home through the night.');
    expect(drove.symbols.find((s) => s.name === 'drive')).toMatchObject({ category: 'Actions', mention: 'driving' });
    const ran = await analyse('I ran home through the night.');
    expect(ran.symbols.find((s) => s.name === 'run')).toMatchObject({ category: 'Actions', mention: 'running' });
    expect(names(await analyse('We argued, then he stole my wallet.'))).toEqual(
      expect.arrayContaining(['argue', 'steal', 'wallet']),
    );
    expect(names(await analyse('She hugged me and we laughed until we cried.'))).toEqual(
      expect.arrayContaining(['hug', 'laugh', 'cry']),
    );
    expect(names(await analyse('I threw up and then jumped off the wall.'))).toEqual(
      expect.arrayContaining(['vomit', 'jump']),
    );
  });

  it('does not read a figure of speech or a negated image', async () => {
    const party = names(await analyse('I had a ball at the party.'));
    expect(party).toContain('party');
    expect(party).not.toContain('ball');
    expect(names(await analyse('I jumped to conclusions about my sister.'))).not.toContain('jump');
    expect(names(await analyse('There was no music in the empty hall.'))).not.toContain('music');
    // A wedding dress is its own image, not a wedding.
    expect(names(await analyse('I tried on a wedding dress.'))).not.toContain('wedding');
  });

  it('keeps words that only look like the new images apart from them', async () => {
    // A wedding band is a ring.
    expect(names(await analyse('She showed me her wedding band.'))).toContain('ring');
    // Being married, or a glassy surface, is a state or a quality, not a wedding or a glass.
    expect(names(await analyse('My married sister called me.'))).not.toContain('wedding');
    expect(names(await analyse('The lake was glassy and still.'))).not.toContain('glass');
    // A jumper is clothing and a footballer a person, not a jump and a ball.
    const jumper = names(await analyse('I wore a jumper and met a footballer.'));
    expect(jumper).toContain('clothes');
    expect(jumper).not.toContain('jump');
    expect(jumper).not.toContain('ball');
    // A drinking glass is a glass; glass as a material and spectacles are not.
    expect(names(await analyse('I poured a glass of water.'))).toContain('glass');
    for (const text of ['The woman behind the glass said no.', 'We stood under a glass roof.', 'I lost my glasses.'])
      expect(names(await analyse(text)), text).not.toContain('glass');
    // A farmer, a drummer or a bomber is not a farm, an instrument or a bomb; "darker" is still dark.
    const people = names(await analyse('The farmer waved and a drummer played.'));
    expect(people).not.toContain('farm');
    expect(people).not.toContain('instrument');
    // A sound likened to a balloon is no balloon; a sofa is not a chair.
    expect(names(await analyse('It made a squeaky noise like a balloon.'))).not.toContain('balloon');
    expect(names(await analyse('I sat on the sofa.'))).not.toContain('chair');
    // A famous person is a celebrity, named as written and not read as other symbols or as a typo.
    const swift = (await analyse('Taylor Swift was my neighbour.')).symbols.find((x) => x.name === 'celebrity');
    expect(swift?.mention).toBe('Taylor Swift');
    expect(names(await analyse('i was having dinner with beyonce'))).toContain('celebrity');
    expect(names(await analyse('Bill Gates waved at me.'))).not.toContain('gate');
    expect(names(await analyse("I didn't meet Adele."))).not.toContain('celebrity');
  });
});
