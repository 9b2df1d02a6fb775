import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../index';
import type { DreamAnalysis, DreamForEngine } from '../types';
import { testDream } from '../../../test/engine';

/**
 * Issue 11, sixth round: what the eleventh set's dev half and the training sets (eval/training/) taught,
 * each as a rule a dreamer's own words would exercise.
 */

const silent = { info: () => undefined, warn: () => undefined };
const engine = createEngine({ provider: 'local', log: silent });

beforeAll(async () => {
  await engine.ready();
}, 60_000);

const analyse = (text: string, extra: Partial<DreamForEngine> = {}) => engine.analyse(testDream(text, extra));
const names = (a: DreamAnalysis) => a.symbols.map((s) => s.name);
const motifs = (a: DreamAnalysis) => a.motifs.map((m) => m.id);
/** Each text is read as lucid (with its motif) or, with `lucid` false, as neither. */
async function expectLucidity(texts: string[], lucid: boolean): Promise<void> {
  for (const text of texts) {
    const a = await analyse(text);
    expect(a.lucid, text).toBe(lucid);
    expect(motifs(a).includes('becoming-lucid'), text).toBe(lucid);
  }
}

describe('realising it is a dream, in the words people use', () => {
  it('reads a realisation said aloud, in a clause of its own or after a quotative as lucid', async () => {
    await expectLucidity(
      [
        "I said out loud 'this is a dream' and the room sharpened.",
        'I thought, quite calmly: this is a dream, therefore nothing here has consequences.',
        'The wardrobe had no back, and i thought wait wardrobes dont do that, im dreaming.',
        "and i just went, i'm dreaming.",
        'Sweeping the courtyard. So: dreaming.',
        'This keeps happening, this is a dream.',
        'The clock said 7:71. Oh this is a dream.',
        'That is when it clicked that I had not actually woken up.',
        'The wave again, and I was dreaming and I knew it.',
        'The castle was on the wrong side, and I knew: dream.',
        'I woke up, annoyed that I had spent my first lucid dream in months arguing.',
        "Eight fingers on one hand, and I thought hang on, that's not right, this is a dream.",
        "The eagle said 'you're late for the shoot', and that's when it clicked: eagles don't talk, I'm dreaming.",
        'i had like seven fingers and i was like omg im dreaming.',
        'On the third occasion I noticed it and reasoned, quite coolly, that I must be asleep and dreaming.',
        "the prices all said 0 and that's when i new i was dreaming.",
        'and i just stopped and went hang on this is a dream lol.',
        'floating over my estate at night and i went wait im dreaming rn.',
        "I knew I was dreaming and I stayed calm so I wouldn't wake.",
        "I've got a finger too many. Right, this is a dream then.",
        'i knew straight away i was dreaming because len passed in 2019 so i thought well i am going to make the most of this and we had a cup of tea on the bench and i didnt want to wake up',
      ],
      true,
    );
  });

  it('never reads someone else saying it, a question, a hedge or a realisation at waking as lucid', async () => {
    await expectLucidity(
      [
        "My mum said 'it's a dream' but I didn't believe her.",
        'He then said this is a dream.',
        'I thought, maybe this is a dream? I pinched my arm and it hurt, so it was real.',
        'I only realised it was a dream when the alarm went.',
        'Later I understood I could have known it was a dream.',
        "I didn't know, this is a dream.",
        'We went to a place where I am dreaming of the sea.',
        'It didnt even hurt, which is how i know it was a dream.',
        "He said, eagles don't talk, you're dreaming.",
        'I think, ah, this is dream, is not possible. But I pinch and it hurt, so I think is real.',
        "I thought, quite distinctly, 'this must be a dream', and then the usher handed me a note and I decided that it was not.",
        'Dreamt I was selling lucid dreaming headbands over the phone.',
      ],
      false,
    );
  });
});

describe('what is not an image of this dream', () => {
  it("reads a phone box, a salon, keeping one's head and doing something well as none of their words", async () => {
    const box = await analyse("At the end of the road there's a phone box with its door open.");
    expect(names(box)).not.toContain('box');
    expect(names(box)).not.toContain('phone');
    expect(names(await analyse('We went to the nail salon on Friday.'))).not.toContain('room');
    expect(names(await analyse('Kept my head, got a hand on the headcollar.'))).not.toContain('head');
    expect(names(await analyse('I could not lift my legs well in the water.'))).not.toContain('well');
    expect(names(await analyse('We drew water from the old stone well.'))).toContain('well');
    expect(names(await analyse('There was a door with light under it.'))).toContain('light');
    expect(names(await analyse('The bag was light as a feather.'))).not.toContain('light');
    // A state a negative subject denies.
    expect(names(await analyse("Nothing was on fire, there wasn't even smoke."))).not.toContain('fire');
    expect(names(await analyse('Nobody was chasing me, nothing on fire, just the kettle going.'))).not.toContain(
      'fire',
    );
    expect(names(await analyse('The house was on fire.'))).toContain('fire');
    // Glass that breaks is an image; glass one looks through is the window's.
    expect(names(await analyse('Heard glass go in the back door.'))).toContain('glass');
    expect(names(await analyse('I looked through the glass at the train.'))).not.toContain('glass');
    // Letters are what is written, unless they are post.
    expect(names(await analyse("it said 'see u tmrw' then 'see u never' then just letters."))).not.toContain('letter');
    expect(names(await analyse('I was in the front room sorting the letters.'))).toContain('letter');
    // A time, a measure or a guess is no number of the dream.
    for (const text of [
      "Nan's clock still stopped at twenty past four.",
      "Four am, I'm in the bakery.",
      'I get about four feet off the ground.',
      'Three or four of them in my palm.',
    ])
      expect(names(await analyse(text)), text).not.toContain('four');
    expect(names(await analyse('There were four candles on the table.'))).toContain('four');
  });

  it('reads breathing under water as no drowning', async () => {
    const a = await analyse('i was swimming in the sea and i went under and i could breathe, like proper breathing.');
    expect(motifs(a)).toContain('breathing-underwater');
    expect(motifs(a)).not.toContain('drowning');
    expect(names(a)).not.toContain('drown');
    expect(names(await analyse('I was drowning, water in my lungs.'))).toContain('drown');
    // Falling off one's chair laughing, falling over oneself and a tumble dryer are no falls.
    for (const text of [
      'I nearly fell off my chair laughing.',
      'I was falling over myself trying to get the dog dry.',
      "Behind the tumble dryer there's a whole room.",
    ])
      expect(names(await analyse(text)), text).not.toContain('fall');
    expect(names(await analyse('I fell off my chair and hit my head.'))).toContain('fall');
    // Losing is losing something.
    expect(names(await analyse('I lost my wedding ring in the compost.'))).toContain('lose');
    // A drawn section and a wedding band are no music.
    expect(names(await analyse('I was drawing the section at the bottom of the pit.'))).not.toContain('music');
    expect(names(await analyse('His watch, his wedding band and the medal were gone.'))).not.toContain('music');
    expect(names(await analyse('I found that the landing went on past the cupboard.'))).not.toContain('find');
    expect(names(await analyse('Found the key in my pocket.'))).toContain('find');
    for (const text of ['Got proper lost and a bit panicky.', 'Then I lost it and woke.', 'Lost my footing on a slab.'])
      expect(names(await analyse(text)), text).not.toContain('lose');
  });

  it('reads a cry that never came as the motif, not a scream, and floating as no flying', async () => {
    for (const text of [
      'I tried to shout for Sam and nothing came out.',
      'I scream but no sound.',
      "Couldn't lift my arms, couldn't shout for the wife.",
    ]) {
      const a = await analyse(text);
      expect(names(a), text).not.toContain('scream');
      expect(motifs(a), text).toContain('unable-to-scream-or-run');
    }
    expect(names(await analyse('I screamed and screamed at the window.'))).toContain('scream');
    const floating = await analyse('I floated up to the big chandelier and sat on it.');
    expect(motifs(floating)).not.toContain('flying');
    expect(names(floating)).not.toContain('fly');
  });

  it("reads someone else's mother, father or brother as nobody of the dreamer's own", async () => {
    expect(names(await analyse('His mother was looking at me across the ward.'))).not.toContain('mother');
    expect(names(await analyse('I was in the Aldi with my host mum Karen.'))).not.toContain('mother');
    expect(names(await analyse('Her brother wrecked the den.'))).not.toContain('sibling');
    expect(names(await analyse('My mum was there, and her mum too.'))).toContain('mother');
    // "the wife" is the dreamer's own.
    expect(names(await analyse('I could hear the wife in the kitchen.'))).toContain('partner');
  });

  it("reads someone else's dream, a film or a story the dreamer is told as neither image nor motif", async () => {
    const teeth = await analyse("Dylan's telling us his dream where all his teeth fell out at his nan's.");
    expect(names(teeth)).not.toContain('tooth');
    expect(motifs(teeth)).not.toContain('teeth-falling-out');
    const film = await analyse('She was telling me about a film where a town gets flooded and everyone drowns.');
    expect(motifs(film)).not.toContain('rising-floodwater');
    expect(names(film)).not.toContain('drown');
    // The dreamer's own "the dream where…" is theirs.
    expect(names(await analyse('I had the dream where my teeth fell out again.'))).toContain('tooth');
  });

  it('reads what would or could have happened, and what neither of us did, as not happening', async () => {
    expect(names(await analyse('Mam would have died.'))).not.toContain('die');
    expect(names(await analyse('I could have drowned in that river.'))).not.toContain('drown');
    expect(names(await analyse('We sat on the school roof. Neither of us fell.'))).not.toContain('fall');
    expect(names(await analyse('I must have fallen off the roof.'))).toContain('fall');
  });

  /** [text, symbol, whether the symbol is read]: the same word as an image and as another idea. */
  const senses: Array<[string, string, boolean]> = [
    ['Then the roof fell in and I woke up.', 'fall', false],
    ['My brother fell down the stairs.', 'fall', true],
    ['The ledge gave. Stomach up in my throat, lurching.', 'belly', false],
    ['My belly was huge and round.', 'belly', true],
    ['I was so frightened I thought my heart would stop.', 'heart', false],
    ["I'd better ring the dentist.", 'ring', false],
    ['She wore a gold ring.', 'ring', true],
    ['My daughter came in with the shopping.', 'shop', false],
    ['There were candles lit everywhere.', 'light', false],
    ['Then the head walked in for an observation.', 'head', false],
    ['I prayed in my head.', 'head', false],
    ['I hit my head on the door.', 'head', true],
    ['The exam hall was hot.', 'hallway', false],
    ['I walked down the hall to the kitchen.', 'hallway', true],
    ['She said morning love and smiled.', 'love', false],
    ["I couldn't find my keys anywhere.", 'find', false],
    ['I found a key in the sand.', 'find', true],
  ];
  it('reads a thing that falls, a stomach that drops, to ring, the shopping, "in my head" and a hall as other ideas', async () => {
    for (const [text, symbol, read] of senses) expect(names(await analyse(text)).includes(symbol), text).toBe(read);
  });

  it("reads someone else's singing as music and the dreamer's as singing", async () => {
    const grandma = names(await analyse('Grandmama was singing in the kitchen.'));
    expect(grandma).toContain('music');
    expect(grandma).not.toContain('sing');
    expect(names(await analyse('I sang at the top of my voice.'))).toContain('sing');
  });

  it('reads a likeness after a noun once the clause has its verb, and a place named with "and" as one name', async () => {
    expect(names(await analyse('I could see the cattle like ants below me.'))).not.toContain('insect');
    expect(names(await analyse('I worked behind the bar at the Fox and Hounds.'))).not.toContain('dog');
    expect(names(await analyse('I saw a fox and a dog.'))).toEqual(expect.arrayContaining(['fox', 'dog']));
  });

  it('reads a place or garment inside a phrase of its own kind once ("the town I grew up in")', async () => {
    const town = names(await analyse('I was on a bridge in the town I grew up in.'));
    expect(town).toContain('hometown');
    expect(town).not.toContain('city');
  });
});

describe('words spelt as people speak them', () => {
  it('leaves dialect spellings and a short word spelt twice uncorrected, and reads a dropped g', async () => {
    const patois = await analyse('Mi inna mi granny yard inna Mocho an she a call mi name but mi cyaan find she.');
    expect(names(patois)).not.toContain('hotel');
    expect(names(patois)).not.toContain('turquoise');
    expect(names(await analyse('Nobody neva come to the church.'))).not.toContain('river');
    const tryin = await analyse('we were tryin to find the bathrom for like an hour');
    expect(names(tryin)).not.toContain('train');
    expect(names(tryin)).toContain('bathroom');
  });

  it('never corrects the first word of a phrase the knowledge base knows', async () => {
    expect(names(await analyse('the ferris wheel wasnt turning'))).toContain('amusement park');
  });
});

describe("a motif's own image", () => {
  it('finds the symbol of a motif told without its word, quoted as the words that tell it', async () => {
    // (A flight told without a word of flying is the motif only, as the later sets' conventions have it.)
    const pursued = await analyse(
      'Something was behind me the whole way home through the woods, getting closer every time I looked back, and I ran till my lungs burned.',
    );
    const chase = pursued.symbols.find((s) => s.name === 'chase');
    expect(motifs(pursued)).toContain('being-chased');
    expect(chase?.surface.split(/\s+/).length ?? 0).toBeGreaterThan(1);
  });

  it('does not add it back where its word is written but set aside', async () => {
    expect(names(await analyse('I tried on a wedding dress.'))).not.toContain('wedding');
    expect(names(await analyse('I was flying a kite on the beach.'))).not.toContain('fly');
  });
});

describe('a visit from someone whose death the dream tells as a fact', () => {
  it('reads the death told in other words, with the one who died there', async () => {
    for (const text of [
      'Mr Ballard came to the Thursday quiz. He passed in October. In the dream he was at his usual table.',
      'My husband Seamus was at the range making porridge, God rest him.',
      "Tia was in the garden, she's been gone since 2011, and she waved at me from the washing line.",
      'my oma is dead since 2019. in the dream she is in the kitchen, she make me soup.',
      'Sgt Pollard, who we buried in 2019, was stood at the gate with his flask.',
    ])
      expect(motifs(await analyse(text)), text).toContain('deceased-visitor');
  });

  it('leaves a death in the dream, a thing that died, a figure of speech and a name never seen again alone', async () => {
    for (const text of [
      'My phone died in June and I never replaced it. In the dream I was at the bus stop and she was late.',
      'I was dead on my feet by ten. He asked me for a coffee.',
      "Cody's been gone eleven years this week. I dreamed I was fishing and she called me in for tea.",
      'She told me about Derek, how he had died in the spring. She showed me his photograph.',
    ])
      expect(motifs(await analyse(text)), text).not.toContain('deceased-visitor');
  });
});

describe('a return to former work told with that past', () => {
  it('reads a return to a job or course the dream tells as the dreamer’s past', async () => {
    for (const text of [
      'Back at the tile warehouse where I worked before I went to college. Same forklift, same radio.',
      "I was a trainee again, at the branch I left in 2015, and nobody knew I'd gone.",
      'Once more on the night desk at the paper, which I quit years back. The editor wanted my copy.',
    ])
      expect(motifs(await analyse(text)), text).toContain('back-at-former-job-or-school');
  });

  it('needs both the return and the past', async () => {
    for (const text of [
      'I was at the tile warehouse. Same forklift, same radio.',
      'Back at my cousin’s flat in the rain, eating chips.',
    ])
      expect(motifs(await analyse(text)), text).not.toContain('back-at-former-job-or-school');
  });
});

describe('a place that recurs across dreams', () => {
  it('reads a dream told as coming back over weeks or years', async () => {
    expect(motifs(await analyse('The flooded town again. Fourth or fifth time now.'))).toContain('recurring-place');
  });

  it('leaves a moment repeating inside one dream, being small again and a kind of dream coming back alone', async () => {
    for (const text of [
      'The lift doors opened. Third time round I was sweating, and the doors opened again on the same floor.',
      'I was small again and we were in the kitchen of our flat in Riga, Mama cooking soup.',
      'The exam dream again, no revision, blank paper.',
    ])
      expect(motifs(await analyse(text)), text).not.toContain('recurring-place');
  });
});

describe('what the dream watches on a screen', () => {
  it('reads no flood, wave or chase that happens to others on the news or the telly', async () => {
    for (const [text, motif] of <Array<[string, string]>>[
      [
        'In the staff room the news was showing floods up north, the water rising to the roofs of the houses.',
        'rising-floodwater',
      ],
      ['We were watching a film where a man is chased by a bear through the snow.', 'being-chased'],
    ])
      expect(motifs(await analyse(text)), text).not.toContain(motif);
  });

  it('still reads them in the scene, and the end of the world the news announces', async () => {
    expect(motifs(await analyse('The water was rising up the stairs and into the bedroom.'))).toContain(
      'rising-floodwater',
    );
    expect(
      motifs(await analyse('Asteroid on the news, two hours till impact. The sky went red and the world was ending.')),
    ).toContain('apocalypse');
  });
});

describe('a driver', () => {
  it('is someone at the wheel, not a driveway, an empty seat or nobody driving', async () => {
    for (const text of [
      'The car started rolling down the drive with the kids strapped in the back.',
      'On the bus and I look up and there is nobody driving.',
    ])
      expect(names(await analyse(text)), text).not.toContain('driver');
    // "I drove": the dreamer at the wheel. ("We drove" is a driver in fewer of the labelled dreams, and the
    // acceptance model retrained in the eighteenth round leaves it out.)
    expect(names(await analyse('I drove down to the coast in the rain.'))).toContain('driver');
  });
});

describe('flying', () => {
  it('is not flying a kite or a hawk, or flying somewhere by plane', async () => {
    for (const text of [
      'We were making a kite and flying it from the roof.',
      'Flying the hawk as usual and she came straight for my face.',
      'Flying to Spain for the stag, and the queue at the gate never moved.',
    ])
      expect(motifs(await analyse(text)), text).not.toContain('flying');
    expect(motifs(await analyse('I stepped off the roof and flew out over the runway.'))).toContain('flying');
  });
});

describe('a realisation that would have come', () => {
  it('reads "I\'d have realised it was a dream" as no realisation', async () => {
    await expectLucidity(["You'd think after the fourth time I'd have realised it was a dream, but no."], false);
    await expectLucidity(['After the fourth time I realised it was a dream.'], true);
  });
});

describe("a comic's figures of speech", () => {
  it('reads dying on one’s feet, a face like a slapped arse and what one would have killed for as figures', async () => {
    expect(names(await analyse('I was dying on my feet up there.'))).not.toContain('foot');
    expect(names(await analyse('He had a face like a slapped arse.'))).not.toContain('face');
    expect(names(await analyse("I'd have killed for that reaction."))).not.toContain('kill');
    expect(names(await analyse('They have killed for money before.'))).toContain('kill');
  });
});

describe('a realisation after a reason, a vocative, or a slip of spelling', () => {
  it('reads "X can\'t be, so this is a dream" and "this is a dream mate" as lucid', async () => {
    await expectLucidity(
      [
        "I told her horses can't talk so this is a DREAM, and then I took off over the fence.",
        'Right there on the platform I went hold on, this is a dream mate.',
      ],
      true,
    );
  });
  it('reads "shoud have known", "should of known" as no realisation', async () => {
    await expectLucidity(
      [
        'sat the maths paper again, i shoud have known it was a dream i finished school years ago',
        'I should of known it was a dream, the stairs went on forever.',
      ],
      false,
    );
  });
});

describe('Swahili', () => {
  it('is read as Swahili, named so in the reading, not as the Tagalog the trigram detector guesses', async () => {
    const text = 'Jana usiku niliota nikiwa sokoni na mama yangu, halafu mbwa mkubwa alikuwa ananifukuza njia nzima.';
    const a = await analyse(text);
    expect(a.language).toBe('sw');
    expect(a.symbols).toEqual([]);
    const { content } = await engine.interpret({ dream: testDream(text), intention: null, history: [], previous: [] });
    expect(content).toMatch(/written in Swahili/);
  });
});

describe('Welsh', () => {
  it('is read as Welsh, which the trigram detector does not know, and gets no English reading', async () => {
    const a = await analyse('Roeddwn i ar y traeth gyda fy nhad, ac roedd y môr yn dod i mewn yn gyflym iawn.');
    expect(a.language).toBe('cy');
    expect(a.symbols).toEqual([]);
    expect(
      (await analyse('My nan was in the chapel in Llanelli singing, and the rain came down on the hill.')).language,
    ).toBe('en');
    // Its own words in a telling that also has words English spells alike ("a", "i", "at").
    for (const text of [
      "Roeddwn i'n rhedeg ar hyd y ffordd at y pentref, a daeth ceffyl gwyn ata i.",
      'Aethon ni i lawr at yr afon gyda’r plant a roedd y dŵr yn oer.',
    ]) {
      const a = await analyse(text);
      expect(a.language, text).toBe('cy');
      expect(a.symbols, text).toEqual([]);
    }
  });
});

describe('symbols the story implies without their word', () => {
  it('reads paralysis where the dreamer could not move in bed and something sat on them', async () => {
    const a = await analyse(
      'I opened my eyes in my own bed but I could not move a muscle, not even a finger, and something heavy was pressing on my chest while I lay there.',
    );
    expect(names(a)).toContain('paralysis');
  });
  it('names them in the reading by their own name, quoting the words that tell them', async () => {
    const text =
      'I was at the front of the lecture hall giving my talk and looked down: I had nothing on but my socks. The whole class was staring.';
    expect(names(await analyse(text))).toContain('naked');
    const { content } = await engine.interpret({ dream: testDream(text), intention: null, history: [], previous: [] });
    expect(content).toMatch(/being naked/);
    expect(content).not.toMatch(/\bthe naked\b|is a kind of naked/);
  });
  it('does not read it from a denial or when the dreamer moved freely', async () => {
    expect(names(await analyse('I was not paralysed at all, I got up and made tea.'))).not.toContain('paralysis');
    expect(names(await analyse('I lay in bed for a while, then got up and walked to the shop.'))).not.toContain(
      'paralysis',
    );
  });
});

describe('realisations among other people’s words, and ones known later', () => {
  it('reads the dreamer’s own saying after someone else’s, and "a proper lucid one"', async () => {
    await expectLucidity(
      [
        'Same song again, the same line Gareth sings, and I went: hang on, I’m asleep, this is a dream.',
        'Proper lucid one! The lamp posts bent down to say hello and I steered the whole street.',
      ],
      true,
    );
  });
  it('reads a dream known to be one afterwards, or only wondered about, as no realisation', async () => {
    await expectLucidity(
      [
        'Everything went perfectly at the market, which is how I knew afterwards it was a dream.',
        'I think maybe this is a dream, so I pinch my hand, and it hurts, so no, it is real.',
        'It was not a lucid one, sadly; the stairs just kept going.',
      ],
      false,
    );
  });
});

describe('famous people', () => {
  it('are met when they come into the dream, by the names people write', async () => {
    for (const text of [
      'Mary Berry came into the bakery and bought a sausage roll.',
      'Stormzy got on the bus and sat next to me.',
      'tom jones was in the queue behind me at the co-op',
    ]) {
      const a = await analyse(text);
      expect(names(a), text).toContain('celebrity');
      expect(motifs(a), text).toContain('meeting-a-celebrity');
    }
  });
  it('are not met when only their music is played or they are on a screen or a poster', async () => {
    for (const text of [
      'The radio in the van was playing that Fleetwood Mac song again.',
      'At the reception the band started playing some Elvis and everyone danced.',
      'My old bedroom, a Schumacher poster on the wall and the Scalextric on the carpet.',
      'I was in the waiting room and Taylor Swift was on the telly doing an interview.',
    ]) {
      const a = await analyse(text);
      expect(names(a), text).not.toContain('celebrity');
      expect(motifs(a), text).not.toContain('meeting-a-celebrity');
    }
  });
});

describe('figures of speech of work going well, time and pain', () => {
  it('reads "killing it", "the hours flew", "my back killing me", a flying lap as figures', async () => {
    expect(names(await analyse('We were killing it at the market, forty customers before ten.'))).not.toContain('kill');
    expect(names(await analyse('The hours flew and we laughed all afternoon.'))).not.toContain('fly');
    expect(names(await analyse('Loading the van, my back killing me.'))).not.toContain('kill');
    expect(names(await analyse('Hamilton put in a flying lap.'))).not.toContain('fly');
    expect(names(await analyse('I watched flying fish skip beside the boat.'))).toContain('fish');
  });
  it('still reads them literally where they are', async () => {
    expect(names(await analyse('I was killing it with a rolled-up newspaper, the wasp.'))).toContain('kill');
    expect(names(await analyse('The day I flew over the rooftops.'))).toContain('fly');
  });
});

describe('drowning in anything but water', () => {
  it('reads drowning in work, things or "it" with no water before it as a figure', async () => {
    for (const text of [
      'I was at my desk drowning in lab reports, my laptop open.',
      'I was drowning in courgettes like every August, giving them away at the gate.',
      'Mountains of washing on the bed and I was properly drowning in it.',
      'The switchboard lit up red and I was drowning in them, call after call.',
    ]) {
      const a = await analyse(text);
      expect(names(a), text).not.toContain('drown');
      expect(motifs(a), text).not.toContain('drowning');
    }
  });
  it('still reads drowning in water, in what holds it, and in "it" after water', async () => {
    for (const text of [
      'I was drowning in the black water under the pier.',
      'The car went off the bridge and I was drowning in the car.',
      'I fell through the ice on the lake and was drowning in it.',
    ]) {
      const a = await analyse(text);
      expect(names(a), text).toContain('drown');
      expect(motifs(a), text).toContain('drowning');
    }
  });
  it('reads flying through a queue of work as doing it fast, keeping the work', async () => {
    const a = await analyse('We flew through the exam and I was happy.');
    expect(names(a)).not.toContain('fly');
    expect(names(a)).toContain('exam');
    expect(names(await analyse('I was flying through the clouds over the town.'))).toContain('fly');
  });
});

describe('languages the trigram detector does not know', () => {
  const interpret = async (text: string) =>
    (await engine.interpret({ dream: testDream(text), intention: null, history: [], previous: [] })).content;
  it('reads isiZulu, Yoruba, Igbo, Hausa, Somali and Punjabi as themselves, named in the reading', async () => {
    for (const [text, code, name] of [
      [
        'Ngiphuphe ngihamba emgwaqweni omude ebusuku, kwakumnyama kakhulu futhi ngangesaba. Umama wami wayengibiza kodwa angimboni.',
        'zu',
        'isiZulu',
      ],
      [
        'Mo lá àlá pé mo ń rìn ní ọ̀nà gígùn ní alẹ́, ó ṣókùnkùn gan-an, ẹ̀rù sì ń bà mí. Ìyá mi ń pè mí ṣùgbọ́n n kò rí i.',
        'yo',
        'Yoruba',
      ],
      [
        "Arọrọ m nrọ na m na-eje ije n'ụzọ dị ogologo n'abalị, ọ gbara ọchịchịrị nke ukwuu, egwu na-atụ m. Nne m na-akpọ m mana ahụghị m ya.",
        'ig',
        'Igbo',
      ],
      [
        'Na yi mafarki cewa ina tafiya a kan doguwar hanya da dare, duhu ne sosai kuma ina jin tsoro. Mahaifiyata tana kirana amma ban gan ta ba.',
        'ha',
        'Hausa',
      ],
      [
        'Waxaan ku riyooday inaan habeenkii ku socdo waddo dheer, aad bay u mugdi ahayd waanan baqay. Hooyaday ayaa i soo wacaysay laakiin ma aan arkin.',
        'so',
        'Somali',
      ],
      ['ਰਾਤ ਨੂੰ ਸੁਪਨਾ ਆਇਆ ਕਿ ਮੈਂ ਆਪਣੇ ਪਿੰਡ ਦੇ ਖੇਤਾਂ ਵਿੱਚ ਤੁਰ ਰਹੀ ਸੀ ਅਤੇ ਮੇਰੀ ਮਾਂ ਮੈਨੂੰ ਬੁਲਾ ਰਹੀ ਸੀ।', 'pa', 'Punjabi'],
    ] as const) {
      const a = await analyse(text);
      expect(a.language, text).toBe(code);
      expect(a.nonsense, text).toBe(false);
      expect(a.symbols, text).toEqual([]);
      expect(await interpret(text), text).toContain(`written in ${name}`);
    }
  });
  it('keeps a language the trigram detector is sure of, and keyboard mashing with held-down keys is no language', async () => {
    expect(
      (
        await analyse(
          'Bhí brionglóid agam go raibh mé ag siúl ar bhóthar fada san oíche, bhí sé an-dorcha agus bhí eagla orm.',
        )
      ).language,
    ).toBe('ga');
    expect((await analyse('Snívalo sa mi, že idem v noci po dlhej ceste, bola veľká tma a bál som sa.')).language).toBe(
      'sk',
    );
    // Norwegian is "no" to tinyld, Bokmål and Nynorsk to franc: neither is a language tinyld lacks.
    expect(
      (
        await analyse(
          'Jeg drømte at jeg gikk langs en lang vei om natten, det var veldig mørkt og jeg var redd. Mamma ropte på meg, men jeg så henne ikke.',
        )
      ).language,
    ).toBe('no');
    for (const text of [
      'asdjkl;; aasdf lkjjj GG EZ qwertyyyy 777 uuuuuuuuu',
      'fjfjfj aaaaa sdsdsd qweqwe lololol hahaha mmmm',
    ]) {
      const mash = await analyse(text);
      expect(mash.nonsense, text).toBe(true);
      expect(mash.language, text).toBe('und');
      expect(mash.symbols, text).toEqual([]);
    }
  });
});

describe('a dream jotted as a list', () => {
  it('is notes, not word salad', async () => {
    const a = await analyse('- pregnant again (aged 61)\n- scan shows two puppies\n- midwife: perfectly fine');
    expect(a.nonsense).toBe(false);
    expect(a.language).toBe('en');
    expect(names(a)).toContain('dog');
    expect(names(a)).toContain('pregnancy');
  });
});

describe('a flat, and shops and restaurants by name', () => {
  it('reads a flat at the end of a noun phrase as a home, not the adjective', async () => {
    for (const text of [
      'The whole flat was burning and I could not find the door.',
      'I turned our flat upside down looking for the passport.',
      'I was lying in the flat above the chip shop.',
    ])
      expect(names(await analyse(text)), text).toContain('house');
    for (const text of [
      'The sea was flat as glass.',
      'The tyre was flat again.',
      'The heart monitor went flat.',
      'He wore the same flat cap.',
    ])
      expect(names(await analyse(text)), text).not.toContain('house');
  });
  it('reads a shop or restaurant chain as a shop or a restaurant, a dictionary word only as a name', async () => {
    expect(names(await analyse('We were pushing a trolley round Aldi at midnight.'))).toContain('shop');
    expect(names(await analyse('I was queueing in the Co-op with my old teacher.'))).toContain('shop');
    expect(names(await analyse('We went to Target for wrapping paper.'))).toContain('shop');
    expect(names(await analyse('We had chips at Nandos with my cousins.'))).toContain('restaurant');
    expect(names(await analyse('The arrow missed the target.'))).not.toContain('shop');
    expect(names(await analyse('My boots were full of water.'))).not.toContain('shop');
    expect(names(await analyse('Next thing I knew I was falling.'))).not.toContain('shop');
    expect(names(await analyse('We took the subway downtown.'))).not.toContain('restaurant');
  });
});

describe('garments', () => {
  it('reads a garment WordNet files under clothing as clothes, not an apron, a nappy or a skirting board', async () => {
    expect(names(await analyse('I was back at the garage in my blue overalls.'))).toContain('clothes');
    expect(names(await analyse('He turned up in a waistcoat and nothing else.'))).toContain('clothes');
    expect(names(await analyse('She had her apron on and flour everywhere.'))).not.toContain('clothes');
    expect(names(await analyse('I was changing nappies all night.'))).not.toContain('clothes');
    expect(names(await analyse('Water was coming up over the skirting boards.'))).not.toContain('clothes');
  });
});

describe('motifs whose image labellers do not read into the story', () => {
  it('reads drowning told without its word as the motif only, not the drown symbol', async () => {
    const a = await analyse('The water closed over my head and I could not get back up, my lungs burning.');
    expect(motifs(a)).toContain('drowning');
    expect(names(a)).not.toContain('drown');
  });
});

describe('Scots and Irish words for people and crying', () => {
  it('reads a bairn, a maw, a faither, greetin and the polis as the child, mother, father, crying and police', async () => {
    expect(names(await analyse('The bairn was greetin in the close.'))).toEqual(
      expect.arrayContaining(['child', 'cry']),
    );
    expect(names(await analyse('My maw and my faither were at the door.'))).toEqual(
      expect.arrayContaining(['mother', 'father']),
    );
    expect(names(await analyse('My maw and my faither were at the door.'))).not.toContain('mouth');
    expect(names(await analyse('Then the polis turned up at the party.'))).toContain('police');
  });
});

describe('a brew, and more figures of speech', () => {
  it('reads a brew and a cuppa as tea, not alcohol', async () => {
    const a = await analyse('We sat on the Portakabin steps having a brew in the sun.');
    expect(names(a)).toContain('tea');
    expect(names(a)).not.toContain('alcohol');
  });
  it('reads a bun in the oven and a concrete jungle as what they stand for', async () => {
    const bun = names(await analyse('In the dream my sister had a bun in the oven.'));
    expect(bun).toContain('pregnancy');
    expect(bun).not.toContain('bread');
    expect(names(await analyse('I was lost in the concrete jungle again.'))).toContain('city');
  });
});

describe('the language table', () => {
  it('is the ISO 639 codes and names scripts/make-language-names.ts writes, for every language tinyld or franc names', async () => {
    const { iso6393 } = await import('iso-639-3');
    const { supportedLanguages } = await import('tinyld');
    const { data } = await import('franc/data.js');
    const { LANGUAGE_TABLE } = await import('../nlp/language');
    const byCode = new Map(iso6393.map((l) => [l.iso6393, l]));
    for (const [iso3, iso1, name] of LANGUAGE_TABLE) {
      expect(byCode.get(iso3)?.name, iso3).toBe(name);
      expect(byCode.get(iso3)?.iso6391 ?? null, iso3).toBe(iso1);
    }
    const listed = new Set(LANGUAGE_TABLE.map(([iso3]) => iso3));
    for (const code of [...supportedLanguages, ...Object.values(data).flatMap((s) => Object.keys(s))])
      if (byCode.has(code)) expect(listed.has(code), code).toBe(true);
    expect(LANGUAGE_TABLE.filter(([, iso1]) => iso1).length).toBe(iso6393.filter((l) => l.iso6391).length);
  });
});

/** Issue 11, eleventh round: what the training sets and dev halves taught (each case fails on the tenth round's engine). */
describe('real words, names and negatives that are no typos', () => {
  it('keeps words WordNet lacks, a surname after a title and a misspelt negative as written', async () => {
    expect(names(await analyse('I had a biro in my hand.'))).not.toContain('bird');
    expect(names(await analyse('We drank chai in the kitchen.'))).not.toContain('chair');
    expect(names(await analyse('We drank chai in the kitchen.'))).toContain('tea');
    expect(names(await analyse('She wore her wellies in the yard.'))).not.toContain('radio');
    expect(names(await analyse('my friend says shes lucid all the time'))).not.toContain('shoe');
    const teacher = await analyse('mr okafor was writing on the board');
    expect(teacher.corrections ?? []).toEqual([]);
    const lost = await analyse('i coudnt find the way out');
    expect((lost.corrections ?? []).map((c) => c.read)).not.toContain('count');
  });
});

describe('words spelt from another idea', () => {
  it('reads no bus in busy, no slipper in slippery, no tub in tubes, no train in training', async () => {
    expect(names(await analyse('The shop was busy.'))).not.toContain('bus');
    expect(names(await analyse('The floor was slippery.'))).not.toContain('shoe');
    expect(names(await analyse('They ran tubes into my arm.'))).not.toContain('bath');
    expect(names(await analyse('My hands were dirty.'))).not.toContain('earth');
    expect(names(await analyse('I was training for the marathon.'))).not.toContain('train');
    expect(names(await analyse('We went fishing off the pier.'))).not.toContain('fish');
    expect(names(await analyse('The skirting board was painted.'))).not.toContain('clothes');
  });

  it('reads no kind a dreamer does not mean: gravel, a jaw, a lectern, an assembly, a cab of a crane', async () => {
    expect(names(await analyse('There was gravel on the drive.'))).not.toContain('rock');
    expect(names(await analyse('My jaw ached.'))).not.toContain('bone');
    expect(names(await analyse('He stood at the lectern.'))).not.toContain('table');
    expect(names(await analyse('The school assembly went on for ever.'))).not.toContain('machine');
    const crane = await analyse('I sat up in the cab of the crane.');
    expect(names(crane)).not.toContain('taxi');
    expect(names(crane)).not.toContain('room');
    expect(names(await analyse('Had a fare in the back of the cab.'))).toContain('taxi');
  });

  it("reads flat after a noun as describing it, and a flat of one's own as a home", async () => {
    expect(names(await analyse('I put my hand flat on the glass.'))).not.toContain('house');
    expect(names(await analyse('Honestly felt a bit flat after.'))).not.toContain('house');
    expect(names(await analyse('Flat out all dream, church flowers.'))).not.toContain('house');
    expect(names(await analyse('The council flat was on fire.'))).toContain('house');
  });
});

describe('denials, figures of speech and cries never made', () => {
  it('reads a yes-or-no question answered "No." as denied', async () => {
    const a = await analyse('Was anyone chasing me? No. Did I fall? No. Then why was I so tired?');
    expect(names(a)).not.toContain('chase');
    expect(names(a)).not.toContain('fall');
    expect(names(await analyse('Was the dog chasing me? Yes, it was.'))).toContain('chase');
  });

  it('reads figurative chasing, God rest him and waters breaking for their sense', async () => {
    expect(names(await analyse('The gaffer was chasing me for the timesheets again.'))).not.toContain('chase');
    expect(names(await analyse('Sandra kept chasing me up about the mince pies.'))).not.toContain('chase');
    expect(names(await analyse('I went on tilt, chasing losses.'))).not.toContain('chase');
    expect(names(await analyse('A dog chased me for miles down the road.'))).toContain('chase');
    expect(names(await analyse('The bull chased me up the hill.'))).toContain('chase');
    const hassan = await analyse('And my husband Hassan is there, God rest him, in his good suit.');
    expect(names(hassan)).not.toContain('god');
    expect(motifs(hassan)).toContain('deceased-visitor');
    expect(names(await analyse('Then my waters went all over the salon floor.'))).not.toContain('water');
    expect(names(await analyse('I dream about that corridor every night.'))).not.toContain('night');
    expect(names(await analyse('It was night and the stars were out.'))).toContain('night');
  });

  it('reads no scream in a cry held back, overtaken, or that came out as nothing', async () => {
    expect(names(await analyse('I tried to shout for the dogs and nothing.'))).not.toContain('scream');
    expect(names(await analyse('Before I could shout, it had my arm.'))).not.toContain('scream');
    expect(names(await analyse("I wanted to shout but I didn't want to be rude."))).not.toContain('scream');
    expect(names(await analyse('I screamed at the top of my lungs.'))).toContain('scream');
  });

  it("reads someone else's hand as seen and a thing that runs as no running", async () => {
    expect(names(await analyse('Her hand was cold in mine. She looked at me.'))).toContain('hand');
    expect(names(await analyse('The taps were running.'))).not.toContain('run');
    expect(names(await analyse('I was running down the road.'))).toContain('run');
    expect(names(await analyse('the sewing box my mother left me was gone from the sideboard.'))).not.toContain(
      'mother',
    );
    expect(names(await analyse('My mum walked in and hugged me.'))).toContain('mother');
  });

  it('reads "I ought to have known I was dreaming" and a realisation taken back as not lucid', async () => {
    await expectLucidity(
      [
        "I ought to have known I was dreaming; I didn't; I kept walking.",
        'I think, this must be dream, this cannot happen. But I pinch myself and it hurt so I believe it is real.',
      ],
      false,
    );
  });
});

describe('more ways of knowing, and teeth that come away', () => {
  it('reads "which means I\'m dreaming" and "I am sleeping" said in the dream as lucid', async () => {
    await expectLucidity(
      [
        "I thought: people can't do this, which means I'm dreaming.",
        'In cab I see two moons and think: aha, I am sleeping. So I drive lorry up into sky.',
      ],
      true,
    );
    await expectLucidity(
      ['I thought I was sleeping but I was awake.', "I didn't know which means I'm dreaming."],
      false,
    );
  });

  it('reads teeth that came away as the teeth motif', async () => {
    expect(motifs(await analyse('Brushed my teeth, and two of them came away in the brush.'))).toContain(
      'teeth-falling-out',
    );
  });
});

describe('Catalan', () => {
  it('reads a Catalan dream as Catalan, not its Portuguese or French neighbour, and leaves those alone', async () => {
    const ca = [
      'Vaig somiar que era a la platja amb la meva germana. L’aigua era molt calenta i hi havia un vaixell vermell molt a prop.',
      'Aquesta nit he somiat que tornava a l’escola. Tothom em mirava i jo no sabia què dir. Era tot molt estrany però no tenia por.',
    ];
    for (const text of ca) expect((await analyse(text)).language, text).toBe('ca');
    expect((await analyse('Sonhei que estava na praia com a minha irmã. A água estava muito fria.')).language).toBe(
      'pt',
    );
    expect((await analyse('Soñé que estaba en la playa con mi hermana. El agua estaba muy fría.')).language).toBe('es');
  });
});

describe('numbers that are times, parts of larger numbers or ages', () => {
  it('reads no number in "ten past", "two hundred", "aged seven" or "a lad of nine", and keeps a number seen', async () => {
    const numbers = async (text: string) =>
      (await analyse(text)).symbols.filter((s) => s.category === 'Numbers').map((s) => s.name);
    expect(await numbers('The bus was due at quarter to six and my watch said ten past, so I ran.')).toEqual([]);
    expect(await numbers('The clock in the hall said five to and then it stopped.')).toEqual([]);
    expect(await numbers('Two hundred people were waiting on the platform in their coats.')).not.toContain('two');
    expect(await numbers('My brother was aged seven again and kept hiding in the shed.')).toEqual([]);
    expect(await numbers('I was running down the beach like a lad of nine, shouting at the gulls.')).toEqual([]);
    expect(await numbers('The number seven was painted on every door.')).toContain('seven');
    expect(await numbers('I gave two to the woman at the till.')).toContain('two');
  });
});

describe('words that name something else in these phrases', () => {
  it('reads no cow in "my calf", no colour in oranges, no crash in a crash team, no freedom in duty free', async () => {
    expect(names(await analyse('The dog went for me and got my calf before I reached the gate.'))).not.toContain('cow');
    expect(names(await analyse('A cow stood in the lane with her calf.'))).toContain('cow');
    expect(names(await analyse('I was carrying a net of oranges up the hill.'))).not.toContain('orange');
    expect(names(await analyse('The whole sky turned orange.'))).toContain('orange');
    expect(names(await analyse('I put out a crash call and the crash team ran past me.'))).not.toContain('crash');
    expect(names(await analyse('I wandered round duty free looking at perfume.'))).not.toContain('freedom');
  });

  it('reads threats, flops and dates as figures: no killing, dying or war', async () => {
    expect(names(await analyse('I lost the van keys in the dream and thought, Jo will kill me.'))).not.toContain(
      'kill',
    );
    expect(names(await analyse('I died on my arse at the open mic, not one laugh.'))).not.toContain('die');
    expect(names(await analyse("My uncle Reg was there, he'd been gone since the war."))).not.toContain('war');
    expect(names(await analyse('There was a war and the tanks came down our street.'))).toContain('war');
  });
});

describe('a death told in other words, and the visit that follows', () => {
  it('reads a visit from the dead after "the one that passed", "years gone now", "the stroke took him", "put in the ground"', async () => {
    const visits = [
      'My gran, the one that passed in March, sat down in the chair by the window and asked for a biscuit.',
      'My grandad walked into the garage, four years gone now, and picked up his old spanner.',
      'Dad was on the pier, same as before the stroke took him. He pointed out to sea and smiled.',
      'Old Bill, who we put in the ground last spring, was leaning on the gate with his pipe.',
    ];
    for (const text of visits) expect(motifs(await analyse(text)), text).toContain('deceased-visitor');
    expect(motifs(await analyse('The cancer took her in 2019 and I miss her every day.'))).not.toContain(
      'deceased-visitor',
    );
  });
});

describe('a realisation reasoned out or said in one word', () => {
  it('reads "so it had to be a dream" and "OK so dreaming." as lucid, not a guess made after waking', async () => {
    await expectLucidity(
      [
        'The lift went sideways through the car park. So it had to be a dream, and I steered it over the river.',
        'Checked my watch twice, 14:71 both times. Right so dreaming. I jumped off the balcony and floated down.',
      ],
      true,
    );
    await expectLucidity(['When I woke up I thought, well, so it had to be a dream after all.'], false);
  });
});

describe('light the tagger takes for an adjective', () => {
  it('reads light after a colour, a count or "warm", and not light as weight', async () => {
    for (const text of [
      'The hallway filled with orange light coming up from the cellar.',
      'One light on a pole at the end of the pier, nothing else.',
      'I swam down towards warm light, like a lantern under the water.',
    ])
      expect(names(await analyse(text)), text).toContain('light');
    for (const text of ['I felt so light on my feet, like I could float.', 'She wore a light blue coat.'])
      expect(names(await analyse(text)), text).not.toContain('light');
  });
});

describe('heads that are there', () => {
  it('reads the head of a shaken head and of a full head of hair, and still no leg in "the leg of the old table"', async () => {
    expect(names(await analyse('My old teacher stood at the gate and shook his head at me.'))).toContain('head');
    expect(names(await analyse('The baby came out with a full head of black hair.'))).toContain('head');
    expect(names(await analyse('The leg of the old table snapped under me.'))).not.toContain('leg');
  });
});

describe('typos: one slip before two', () => {
  it('never reads a word as a knowledge-base word two slips away when a word one slip away is there', async () => {
    expect(names(await analyse('We sat under the marula tree and shared the fruit.'))).not.toContain('painting');
    expect(names(await analyse('The proviseur called me into his office.'))).not.toContain('teacher');
    expect(names(await analyse('A big snaek was under the bed.'))).toContain('snake');
  });
});

describe('runs that never came, and runs that are rounds', () => {
  it('reads no running in "I wanted to run but my legs were like stone" or "the early run", and keeps real running', async () => {
    for (const text of [
      'The footsteps got closer. I wanted to run but my legs were like stone.',
      'I tried to run up the stairs and my legs would not move.',
      'I was doing the early run in the van with the bread.',
      'We spent the whole dream skiing down the blue run.',
    ])
      expect(names(await analyse(text)), text).not.toContain('run');
    for (const text of ['I ran and ran until the road ended.', 'I went for a run along the beach at dawn.'])
      expect(names(await analyse(text)), text).toContain('run');
  });
});

describe('fourteenth round: groups, in-laws, named places, "there was", hyphens and screens', () => {
  it('reads a crew or a crowd screaming as a scream, and still no scream from a kettle', async () => {
    expect(names(await analyse('Out on the sea I could hear the crew screaming.'))).toContain('scream');
    expect(names(await analyse('People were screaming on the deck.'))).toContain('scream');
    expect(names(await analyse('The kettle screamed on the stove.'))).not.toContain('scream');
  });

  it('reads no parent or sibling in kin by marriage', async () => {
    expect(names(await analyse('My brother-in-law came round with a ladder.'))).not.toContain('sibling');
    expect(names(await analyse('My father in law sat by the stove.'))).not.toContain('father');
    expect(names(await analyse('My brother came round with a ladder.'))).toContain('sibling');
  });

  it('reads what "there was" brings in, even where the tagger took it for a verb', async () => {
    expect(names(await analyse('There was water on the floor.'))).toContain('water');
    expect(names(await analyse('There was fire in the hall.'))).toContain('fire');
  });

  it('reads figures of skin, the shipping forecast and a number in words as none of their images', async () => {
    expect(names(await analyse('We were soaked to the skin.'))).not.toContain('skin');
    expect(names(await analyse('Just a skin of it at first on the lino.'))).not.toContain('skin');
    expect(names(await analyse('The skin of my arms went cold.'))).toContain('skin');
    expect(names(await analyse('The radio was on, the shipping forecast.'))).not.toContain('ship');
    const steps = names(await analyse('I had to climb the hundred and twelve steps.'));
    expect(steps).not.toContain('hundred');
    expect(steps).not.toContain('twelve');
    expect(names(await analyse('Her skin was grey.'))).toContain('skin');
  });

  it('reads phrases through a tight hyphen and through "thru"', async () => {
    expect(names(await analyse('She was stood outside a wedding-dress shop.'))).toContain('wedding dress');
    expect(names(await analyse('The herd came at a gallop through the dark.'))).toContain('darkness');
    const surfaces = (await analyse('He wore a t-shirt.')).symbols.map((s) => s.surface);
    expect(surfaces).toContain('t-shirt');
  });

  it('reads no foot at the foot of the bed or in a length, and keeps feet that are feet', async () => {
    for (const text of [
      'Something stood at the foot of the bed.',
      'He was six foot tall and grey.',
      'The water was a foot deep on the lino.',
      'It dropped a hundred feet into the sea.',
    ])
      expect(names(await analyse(text)), text).not.toContain('foot');
    expect(names(await analyse('My feet were bare on the cold tiles.'))).toContain('foot');
    expect(names(await analyse('I cut my foot on a shell.'))).toContain('foot');
  });

  it('reads a three-letter slip with a letter left out only where a noun stands', async () => {
    const lake = names(await analyse('I was swiming in a lak with my freind and a huge fsh jumpd out.'));
    expect(lake).toEqual(expect.arrayContaining(['lake', 'fish']));
    expect(names(await analyse('the dor wouldnt open and i was stuck'))).toContain('door');
    expect(names(await analyse('I was doing the obs on bay 4 all night.'))).not.toContain('astral body');
    expect(names(await analyse('He had a hi-vis on and a clipboard.'))).not.toContain('passport');
    expect(names(await analyse('he sed the bus was late'))).not.toContain('seed');
  });

  it('reads a visit from the dead told in an aside, in the bare "pass", or with no subject after the visit', async () => {
    for (const text of [
      'Dai Jenkins, my old touch judge, gone since the pandemic, came and sat in the changing room with me.',
      'Mama come into mi kitchen and stir the rice. She pass in 2019. She say, Yuh too thin.',
      'Old Mr Pryce who trained me, dead the winter before last, was sat at the back clapping.',
      'Jock Mackie in the crew room, making tea. Been dead since 1971. He said, You took your time.',
      'My nan sat down in the dental chair at work, the one that passed in March.',
      'And my buwa was there squatting by the fire, in his old brown topi, who died eight years ago.',
      'Old Sully was in the gym, my first coach, been gone twenty years.',
    ])
      expect(motifs(await analyse(text)), text).toContain('deceased-visitor');
    for (const text of [
      'I pass the shop every day and the baker waved.',
      'I was at the station. Been dead tired since Monday.',
      'I went to the shop, the one that closed in March.',
    ])
      expect(motifs(await analyse(text)), text).not.toContain('deceased-visitor');
  });

  it('reads lucidity that struck the dreamer, a bare "im dreamin", and "so I know: dream"', async () => {
    for (const text of [
      'I noticed the clock had no hands, and it struck me, quite calmly, that this must be a dream.',
      'Kanji on the shop sign is wrong, so I know: dream.',
      'The sign was wrong. im dreamin. so i flew.',
    ])
      expect((await analyse(text)).lucid, text).toBe(true);
    expect((await analyse('It struck me that I was late for work.')).lucid).toBe(false);
    expect((await analyse('It occurred to me that it was a dream when I woke up.')).lucid).toBe(false);
  });

  it('reads teeth that stay in what was bitten as teeth falling out', async () => {
    expect(motifs(await analyse('Bit into an apple and my front teeth stayed in it.'))).toContain('teeth-falling-out');
    expect(motifs(await analyse('I bite a date at iftar and my front tooth stays in the date.'))).toContain(
      'teeth-falling-out',
    );
  });

  it('reads no number in a time of day, and a team leader as the boss', async () => {
    expect(names(await analyse('Two in the morning and somebody was working the mixer.'))).not.toContain('two');
    expect(names(await analyse('I saw two crows on the wire.'))).toContain('two');
    expect(names(await analyse('My team leader was stood by the lifts.'))).toContain('boss');
    expect(names(await analyse('Forty minutes into a recital at Ely and I needed the loo.'))).toContain('music');
  });

  it("reads no one's flight on a screen as running, and keeps a crowd running in the dream", async () => {
    expect(
      names(await analyse('We were watching a disaster film on the telly, a wave over a city and people running.')),
    ).not.toContain('run');
    expect(names(await analyse('The crowd was running and I ran with them.'))).toContain('run');
  });
});

describe('fifteenth round: what one dream teaches the tokenizer does not change the next', () => {
  it('reads a possessive at the end of a sentence, and the same word in a later dream, as the person', async () => {
    const before = names(await analyse("We walked to my grandmother's summer cottage."));
    expect(before).toContain('grandparent');
    expect(names(await analyse("I stayed the night at my grandmother's."))).toContain('grandparent');
    expect(names(await analyse("The dog in the yard was my brother's, I think."))).toEqual(
      expect.arrayContaining(['dog', 'sibling']),
    );
    // Read again after the dreams above: the same text gives the same symbols.
    expect(names(await analyse("We walked to my grandmother's summer cottage."))).toEqual(before);
    // A hyphen after the possessive taught the tokenizer the same ("the Nan's-garden dream").
    await analyse("Dear bean, the Nan's-garden dream again.");
    expect(names(await analyse("The farm again, Nan's farm near Cley."))).toContain('grandparent');
    const a = await analyse("It was my uncle's. He said so.");
    expect(a.symbols.every((s) => !/uncle's/.test(s.surface))).toBe(true);
  });
});

describe('fifteenth round: breeds, gaffers, named pets, a count before a noun, a visit from heaven', () => {
  it('reads dog breeds, a gaffer and a terrifying night as what they are', async () => {
    expect(names(await analyse('The Alsatian growled at me from the yard.'))).toContain('dog');
    expect(names(await analyse('A big Staffie and a lurcher ran up the lane.'))).toContain('dog');
    expect(names(await analyse('My gaffer was stood by the forklift.'))).toContain('boss');
    expect(names(await analyse('Terrifying one. The lights went out.'))).toContain('fear');
    // "The Golden Dragon" at the start of a sentence is still a name, not a dragon.
    expect(names(await analyse('The Golden Dragon was shut.'))).not.toContain('dragon');
  });

  it('reads a capitalised word after "called" or "named" as a name', async () => {
    const a = await analyse('A woman brought in a hamster called Tiger.');
    expect(names(a)).toContain('mouse');
    expect(names(a)).not.toContain('tiger');
    expect(names(await analyse('We saw a tiger at the zoo.'))).toContain('tiger');
  });

  it('reads "one key" as a key, and "walking on eggshells" as no anxiety', async () => {
    expect(names(await analyse('In the drawer was one key.'))).toContain('key');
    expect(names(await analyse('That was the key point.'))).not.toContain('key');
    expect(names(await analyse('I was walking on eggshells around my dad.'))).not.toContain('anxiety');
  });

  it('reads the h of a digraph left out before a vowel as a slip ("scool"), not at a word\'s end ("cras")', async () => {
    expect(names(await analyse('I was back at scool again.'))).toContain('school');
    expect(names(await analyse('There were two parked cras outside.'))).not.toContain('crash');
  });

  it('reads a manner denied ("not in a frightening way") as no fear', async () => {
    expect(names(await analyse('She smiled at me, not in a frightening way, more amused.'))).not.toContain('fear');
    expect(names(await analyse('She smiled at me in a frightening way.'))).toContain('fear');
  });

  it('reads a death told to the dead, or as a time of waking life, and a call from heaven, as a visit', async () => {
    for (const text of [
      'My grandma came to the warehouse and asked me to drive her to the lake. I said Grandma, you passed in March.',
      "Mum was in the garden. I told her about the bees, that I'd kept them going after she passed. She smiled.",
      'Dad rang me from heaven on my old Nokia. Bad line.',
    ])
      expect(motifs(await analyse(text)), text).toContain('deceased-visitor');
    expect(motifs(await analyse('He told me you died, which was a lie. I was at work.'))).not.toContain(
      'deceased-visitor',
    );
    expect(motifs(await analyse('A choir sang like angels from heaven.'))).not.toContain('deceased-visitor');
  });

  it('reads no inability to speak from a tap that gave nothing', async () => {
    expect(motifs(await analyse('I tried the tap but nothing came out, so I drank juice.'))).not.toContain(
      'unable-to-speak',
    );
    expect(motifs(await analyse('I tried to shout but nothing came out.'))).toContain('unable-to-speak');
  });
});

describe('fifteenth round: more famous names', () => {
  it('reads a comedian, a surfer and a historian met in a dream as meeting someone famous', async () => {
    for (const text of [
      'Lenny Henry was on my round, helping me push the trolley.',
      'Kelly Slater was in my beginners class and could not stand up on the board.',
      'Mary Beard was marking my essay in the kitchen.',
    ])
      expect(motifs(await analyse(text)), text).toContain('meeting-a-celebrity');
    // A pub is no celebrity.
    expect(motifs(await analyse('We had a pint in the Prince of Wales.'))).not.toContain('meeting-a-celebrity');
  });
});

describe('fifteenth round: kinds the labelled dreams do not count', () => {
  it('reads no wave in a swell, no thunder in a roar, no road in a bypass', async () => {
    const a = await analyse('We queued on the pier while the swell rolled in and the crowd gave a roar.');
    expect(names(a)).not.toContain('wave');
    expect(names(a)).not.toContain('thunder');
    expect(names(await analyse('I drove along the bypass.'))).not.toContain('road');
    expect(names(await analyse('I walked down the long hallway.'))).toContain('hallway');
  });
});

describe('fifteenth round: a Patois visit, a log line and a question answered yes', () => {
  it('reads "Him smell of Bay Rum" after "God rest him" as the dead one there', async () => {
    const text =
      'Mi husband Winston, God rest him, come sit at the foot of mi bed. Him smell of Bay Rum same way. Him say, stop fret.';
    expect(motifs(await analyse(text))).toContain('deceased-visitor');
    expect(motifs(await analyse('My husband, God rest him. Her car was red.'))).not.toContain('deceased-visitor');
  });

  it('reads "- two moons = dream" on a list line as lucid, and no other "= dream"', async () => {
    expect(
      (await analyse('- a door in the wardrobe\n- two moons = dream, knew straight away\n- made a third')).lucid,
    ).toBe(true);
    for (const text of ['bad day = bad dream', '- work = dream job', '- 2 moons = not a dream'])
      expect((await analyse(text)).lucid, text).toBe(false);
  });

  it('reads "Did I know I was dreaming? Yes" as lucid, and a no or a yes after waking as not', async () => {
    expect((await analyse('Did I know I was dreaming? Yes, I said so out loud, over the rooftops.')).lucid).toBe(true);
    for (const text of [
      'Did I know I was dreaming? No.',
      'Did I know I was dreaming? Yes, but only after I woke up.',
      'Was I dreaming? Yes.',
    ])
      expect((await analyse(text)).lucid, text).toBe(false);
  });
});

describe('sixteenth round: known deaths, name particles, swapped letters, lofts and harmoniums', () => {
  it('reads "I knew he\'d died, even in the dream" with him there as a visit', async () => {
    const text =
      "Dad was on the old survey with me, holding the staff. I knew he'd died, even in the dream, and I said nothing. He called out the reading.";
    expect(motifs(await analyse(text))).toContain('deceased-visitor');
    expect(motifs(await analyse('I knew he would die if I let go of the rope.'))).not.toContain('deceased-visitor');
  });

  it('reads capitals joined by a particle as one name ("Portage la Prairie")', async () => {
    expect(names(await analyse('Stopped at the garage in Portage la Prairie, then on to the farm.'))).not.toContain(
      'meadow',
    );
    expect(names(await analyse('We walked across the prairie.'))).toContain('meadow');
  });

  it('reads no treasure in "lsot", and an organ loft as no attic', async () => {
    expect(names(await analyse('We got lsot in the estate, every street the same.'))).not.toContain('treasure');
    expect(names(await analyse('I climbed up to the organ loft.'))).not.toContain('attic');
    expect(names(await analyse('I climbed up into the loft.'))).toContain('attic');
    expect(names(await analyse('Each little room had a harmonium in it.'))).toContain('instrument');
  });
});

describe('sixteenth round: a forecast-style telling and a realisation disowned', () => {
  it('reads a telling in short fragments as English, and word salad still as nonsense', async () => {
    const a = await analyse("Sunny spells. Nan's garden. Cheese scones. Fair, becoming fairer.");
    expect(names(a)).toContain('garden');
    const salad = await analyse('window ocean carpet whenever green ladder soft yesterday spoon orbit sideways');
    expect(salad.nonsense).toBe(true);
    expect(salad.symbols).toEqual([]);
  });

  it('reads no lucidity where the dreamer says it was never known in the dream', async () => {
    expect(
      (
        await analyse(
          'The foghorn would not sound. I only twigged over my breakfast that none of it was real. Never knew in the dream at all.',
        )
      ).lucid,
    ).toBe(false);
    expect(
      (
        await analyse(
          'I realised I was dreaming when the sky went green. I did not know at the time how long it lasted.',
        )
      ).lucid,
    ).toBe(true);
  });
});

describe('seventeenth round: realisations in Scots, after a clock time, and told across two sentences', () => {
  it('reads a realisation said to oneself in Scots or Shetland, with the g dropped', async () => {
    for (const text of [
      'The bus came by floating, no wheels. I says oot loud, Moira, hen, ye’re dreamin. So I went up over the city.',
      "The clock said twenty-five past twenty-five. Ah thought, haud oan Tam, ye're dreamin, son. So I flew the bus.",
      "Her name on the bow kept changing. I stood on the pier an said oot lood, 'Magnus, du's dreamin, boy.' I walked on the water.",
      'The sign kept changing and that is when I kent I was dreamin.',
    ])
      expect((await analyse(text)).lucid, text).toBe(true);
    // Someone else saying it, a question, and a denial stay unlucid.
    for (const text of [
      "My gran said, ye're dreamin, hen, go back to sleep. I didn't.",
      "I thought, ye're dreamin? No, it was all real.",
      'I never kent I was dreamin till the alarm.',
    ])
      expect((await analyse(text)).lucid, text).toBe(false);
  });

  it('reads "at four in the morning" as the time of the dream, not a waking', async () => {
    const text =
      'walking the canal at four in the morning / the moon had a seam / and that is how i knew / i was dreaming / so i picked at the thread';
    expect((await analyse(text)).lucid).toBe(true);
    // A morning after the dream still places the realisation after waking.
    expect((await analyse('In the morning I realised I was dreaming about the canal again.')).lucid).toBe(false);
  });

  it('reads the knowing and what was known in two sentences, and cites the second', async () => {
    const text = 'The clock said 25:25. And I knew. I was dreaming. I floated up to the ceiling.';
    const a = await analyse(text);
    expect(a.lucid).toBe(true);
    expect(text.slice(a.lucidEvidence?.start, a.lucidEvidence?.end)).toBe('I was dreaming');
    for (const other of [
      'The clock said 25:25. I never knew. I was dreaming the whole time.',
      'I woke up and I knew. It was a dream.',
      "That's how I know. It was a dream.",
    ])
      expect((await analyse(other)).lucid, other).toBe(false);
  });
});

describe('eighteenth round: everyday British words for things the knowledge base knows', () => {
  it('reads an allotment, a café, a pint, a bunk, wellies and a loch as the images they are', async () => {
    const cases: Array<[string, string]> = [
      ['I was digging potatoes up at the allotment and the soil kept moving.', 'garden'],
      ['We were sat in a little café by the station, waiting for someone who never came.', 'restaurant'],
      ['My dad bought me a pint and we talked like we never did when he was alive.', 'alcohol'],
      ['I was on the top bunk of a ship and the water was coming up the ladder.', 'bed'],
      ['I walked through the flooded field in my wellies and they filled up with fish.', 'boot'],
      ['We rowed out on the loch at night and the oars would not go in.', 'lake'],
    ];
    for (const [text, symbol] of cases) expect(names(await analyse(text)), text).toContain(symbol);
  });

  it('folds accents, so "café" and "cafe" read alike', async () => {
    expect(names(await analyse('I worked my old shift at the café. The cups were full of sand.'))).toContain(
      'restaurant',
    );
    expect(names(await analyse('I worked my old shift at the cafe. The cups were full of sand.'))).toContain(
      'restaurant',
    );
  });

  it('leaves the singular "trainer" a person and "boxer" a fighter', async () => {
    expect(names(await analyse('My new trainers were bright green and I ran faster than the bus.'))).toContain('shoe');
    expect(names(await analyse('The trainer shouted at me to keep running round the track.'))).not.toContain('shoe');
    expect(names(await analyse('The boxer came at me in the ring but I could not lift my arms.'))).not.toContain(
      'underwear',
    );
  });
});

describe('eighteenth round: figures of speech of busy days, rising prices and being pressed', () => {
  it('reads none of their literal images', async () => {
    const cases: Array<[string, string]> = [
      ['The shop was bleeding money every week.', 'blood'],
      ['I absolutely killed it at karaoke.', 'kill'],
      ['He went round the houses before answering.', 'house'],
      ['The deadline was chasing me all day.', 'chase'],
      ['Prices went through the roof at the market.', 'roof'],
      ['She was a fly on the wall at the meeting.', 'fly'],
      ['The kids were bouncing off the walls.', 'wall'],
      ['My head was spinning with all the numbers.', 'head'],
    ];
    for (const [text, symbol] of cases) expect(names(await analyse(text)), text).not.toContain(symbol);
    expect(motifs(await analyse('The garage was chasing me about overtime.'))).not.toContain('being-chased');
  });

  it('still reads the literal scene', async () => {
    expect(names(await analyse('A man was chasing me for miles through the woods.'))).toContain('chase');
    expect(names(await analyse('I fell through the roof into a room full of water.'))).toContain('roof');
    expect(names(await analyse('There was a spider in the bath and I killed it.'))).toContain('kill');
    // The money a shop bleeds is still money.
    expect(names(await analyse('The shop was bleeding money every week.'))).toContain('money');
  });
});

describe('eighteenth round: realisations clocked, reasoned or said as "that\'s a dream", and ones taken back', () => {
  it('reads the realisation in these voices', async () => {
    await expectLucidity(
      [
        'I clocked that I was asleep and dreaming, and from then on I could pull any answer out of the air.',
        "Destination board: TOLLCROSS, then TELLCROSS, then TOLLCRASH. Ah thought, that's a dream, that. Drove the bus right up intae the clouds.",
        'Why could I breathe at the bottom of the lake? I asked myself that in the dream, and the answer came straight away: because this is a dream.',
        "The wine kept coming out of the decanter. That's when I got it: I haven't woken up at all. So I stayed and talked to the wine.",
        'I was in a taxi and the sign kept changing, and I think, this is not real, I am dreming! After I know it, I am not scared more.',
        'I looked at my watch and it had no numbers on, and I thought, this only happens in dreams. Then I knew. I told myself, make it daytime.',
        "It wasn't a lucid dream at first, but then the clock melted and I realised I was dreaming, so I flew.",
        'Maps do not do that. I therefore concluded, calmly, that I was dreaming. I walked up to the ridge.',
        "Ah look up and de sky purple. Ah say to mihself, 'Boy, dis is a dream, yuh sleeping.' So ah kick off and ah lift.",
      ],
      true,
    );
  });

  it('claims no lucidity the dreamer takes back, denies, or came to only later', async () => {
    await expectLucidity(
      [
        "For a second I thought this is a dream, Danny's in Estonia. But I thought no, it's real, he's come home early.",
        "For a second I thought this is a dream, Danny's in Estonia. It wasn't lucid or anything, I believed every bit of it.",
        "Margaret was weeding beside me. It was only at breakfast that it hit me: she's dead, of course it was a dream. But I didn't know, not in it.",
        'I only clocked it was a dream when I was stood in the shower at home laughing about it.',
        'I thought this only happens in dreams, but it was real, the flood was real.',
        'My nan always said this only happens in dreams.',
      ],
      false,
    );
  });
});

describe('nineteenth round: everyday words, flight without its word, realisations in dialect, and salad in grammar', () => {
  it('reads these words as their symbols', async () => {
    expect(names(await analyse('We took the Land Rover up the track to the top field.'))).toContain('car');
    expect(names(await analyse('There was an old yew in the churchyard with a swing on it.'))).toContain('tree');
    expect(names(await analyse('I was peeling a satsuma on the bus and the peel would not end.'))).toContain('fruit');
    expect(names(await analyse('The vending machine only had one Twix left and it was stuck.'))).toContain('candy');
    expect(names(await analyse('The organ played the same hymn over and over while we waited.'))).toContain(
      'instrument',
    );
    expect(names(await analyse('Gannets were diving into the harbour all around the boat.'))).toContain('bird');
    expect(
      names(await analyse('We were at the gurdwara for my cousin’s wedding and the langar never ended.')),
    ).toContain('church');
  });

  it('reads flight told without a word of it as the motif, not the symbol of flying', async () => {
    const told = await analyse(
      'I stepped off the end of the pier and just kept going up, over the rooftops and the chimney pots, the whole town small below me.',
    );
    expect(told.motifs.map((m) => m.id)).toContain('flying');
    expect(names(told)).not.toContain('fly');
    expect(
      names(await analyse('I flew over the rooftops and the chimney pots, the whole town small below me.')),
    ).toContain('fly');
  });

  it('denies the activity gone to with the going ("I didn\'t go flying")', async () => {
    const didNot = await analyse(
      "I didn't go flying over the mop bucket like I did last week. Just me and the custard.",
    );
    expect(names(didNot)).not.toContain('fly');
    expect(motifs(didNot)).not.toContain('flying');
    expect(names(await analyse('We never went dancing after that night.'))).not.toContain('dance');
    expect(names(await analyse('I went flying over the rooftops, the town small below me.'))).toContain('fly');
  });

  it('reads no house on fire from a body burning with effort', async () => {
    const ran = await analyse(
      'Something was behind me the whole way home through the woods, getting closer every time I looked back, and I ran till my lungs burned.',
    );
    expect(motifs(ran)).toContain('being-chased');
    expect(motifs(ran)).not.toContain('house-on-fire');
    expect(
      motifs(await analyse('I got home and the whole house was on fire, flames out of the bedroom window.')),
    ).toContain('house-on-fire');
  });

  it('reads the realisation in these voices', async () => {
    await expectLucidity(
      [
        'The runner beans were growing down into the soil. Beans do not do that. Therefore I am dreaming, and I pulled one up to see.',
        "The pit cage went sideways, not down. Tha's dreaming, lad. So ah stepped out into the air.",
        'Every sign on the market said the same price and it kept changing. Mi dreaming. So mi start to float.',
        'The sweets in my hand kept turning into buttons and I thought, hang on, this is a dream innit, and I ate the lot.',
        "My watch said 25 o'clock and I said out loud, you're dreaming again, lad, and I went straight up through the ceiling.",
        'The teacups were floating round the staffroom. Cups do not float; I am asleep. Once I knew, I swam up through the ceiling.',
        'the bus went up the stairs of our flats and i went hang on buses cant climb this is a dream and as soon as i knew it i steered it out the window',
        '- canteen, queue never moves\n- clock: 13:71\n- DREAMING.\n- walked through the serving hatch',
        'LUCID DREAM #4! The allotment gnome winked at me so I asked it for the lottery numbers.',
        'Told the ground crew I was dreaming, which they took well, and lifted off without the glider.',
        'The cards all came up aces, so I said to the dealer, very quietly, I think we are both in my dream.',
        'Same corridor, same green doors. Hang on, this is that dream, this is my head doing it. So I opened the last door on purpose.',
      ],
      true,
    );
  });

  it('claims no lucidity for another person telling the dreamer they are dreaming, whatever is known after', async () => {
    await expectLucidity(
      [
        "I told my husband about the pay rise and he said you're dreaming, love, and went back to his paper.",
        "My mum said you're dreaming, love, and once I knew the house was sold I cried.",
        "Someone came to the bedroom door and I lay still, barely breathing, so they'd think I'm asleep.",
        'In the morning I told my husband I was dreaming about his mother again.',
      ],
      false,
    );
  });

  it('reads grammatical word salad as nonsense, and odd dreams, notes and dialect as English', async () => {
    const salad = await analyse(
      'Gravel thinks purple under the resigning kettle, and Thursday argues its arithmetic with a polite elbow of vowels, because spoon.',
    );
    expect(salad.nonsense).toBe(true);
    expect(salad.symbols).toEqual([]);
    for (const text of [
      "The lamp in my gran's kitchen was talking to me about the weather, and then the kettle started singing hymns while we had our tea and nobody thought it was strange.",
      'The sky tasted of pennies and the hedges were knitting themselves jumpers, while Dad argued with a lamppost about cricket.',
      'Me fly. Arms out, over town, morning. People down small, wave me. Me high, cloud touch, wet cold. Then me low low, roof almost hit.',
      'Mi dream seh mi deh a di market an everybody a sell fish, but di fish dem a talk to mi an tell mi fi go home quick before di rain come down.',
    ]) {
      const read = await analyse(text);
      expect(read.nonsense, text).toBe(false);
      expect(read.language, text).toBe('en');
    }
  });
});

describe('twentieth round: money, family and clothes words, slips of "ck" and "-er", and realisations told or checked', () => {
  it('reads these words as their symbols', async () => {
    expect(names(await analyse('The man gave me a tenner and told me to keep the change.'))).toContain('money');
    expect(names(await analyse('DSS was crying at the school gates and I could not reach him.'))).toContain('child');
    expect(names(await analyse('Nain was calling me in from the top field for my tea.'))).toContain('grandparent');
    expect(names(await analyse('We were eating cawl at the long table in the chapel vestry.'))).toContain('soup');
    expect(names(await analyse('I was waiting at Heathrow with a sign with my own name on it.'))).toContain('airport');
    expect(names(await analyse('Auntie was wearing her best sari to the hospital.'))).toContain('clothes');
    expect(names(await analyse('The priests were all in white albs at the altar rail.'))).toContain('clothes');
    expect(names(await analyse('The whole day at work was stressful and the printer kept jamming.'))).toContain(
      'anxiety',
    );
  });

  it('reads a synonym of several words as one thing, with no colour or place inside it', async () => {
    const coffee = await analyse('I was steaming milk for a flat white for hours and nobody said thank you.');
    expect(names(coffee)).toContain('coffee');
    expect(names(coffee)).not.toContain('white');
    expect(names(coffee)).not.toContain('house');
    expect(names(await analyse('I was steaming milk for hours in a white flat.'))).toEqual(
      expect.arrayContaining(['white', 'house']),
    );
  });

  it('reads "ck" written "k" and a noun with "-er" as slips, and a real trade word as no slip', async () => {
    const clock = await analyse('She kept tapping the clok on the wall.');
    expect(names(clock)).not.toContain('coat');
    expect(names(await analyse('My old maths techer was there marking our books.'))).toContain('teacher');
    expect(names(await analyse('I was up on the scaff in the rain tying in a ledger.'))).not.toContain('scarf');
  });

  it('reads the realisation in these voices', async () => {
    await expectLucidity(
      [
        'The pipes went on sounding after I had lifted my hands. No organ does that. So: a dream. I said so aloud, and the bench rose.',
        'I was floating down my street and it hit me that people cannot do that, so obviously this is a dream, and I went up high.',
        "Dat's when mi know seh a dream, cause a Routemaster don't leave di road. So mi tek her up.",
        "An old woman looked up and said, you know you're asleep, don't you, love. And I did know, suddenly, like a light going on.",
        "She said, 'You know this is your dream, don't you?' I looked at my hands and there were too many fingers, and yes, I knew.",
        "I thought: hang on, beans don't do that, I must be dreaming. So I stepped off the water butt and flew.",
        'something in my head goes Beto, tickets dont do that, youre dreaming bro. So Im like ok then and I made it snow.',
        'I said it out loud — this is a dream — and the cockpit went totally quiet.',
        'Clock said 3:12, then 88:88. Conclusion: environment is a dream. Confirmed lucid.',
        'So I pinched my nose and breathed in and air still came in. That did it. I KNEW. I went out of the window and up.',
        "The cut was running uphill and water doesn't do that, so: dream. I said it out loud to the dog.",
      ],
      true,
    );
  });

  it('claims no lucidity for a realisation made afterwards, a check that failed or a telling denied', async () => {
    await expectLucidity(
      [
        'I was not in pain at all, which is how I knew it was a dream afterwards, because everyone says it hurts.',
        'I did a reality check and it failed. I knew.',
        "He said you know you're dreaming, don't you. I didn't believe him.",
        'I tried to stay lucid but woke up straight away.',
        'I looked at my hands. They were normal. I knew it was Tuesday.',
      ],
      false,
    );
  });
});
