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

describe('realising it is a dream, in the words people use', () => {
  it('reads a realisation said aloud, in a clause of its own or after a quotative as lucid', async () => {
    for (const text of [
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
    ]) {
      const a = await analyse(text);
      expect(a.lucid, text).toBe(true);
      expect(motifs(a), text).toContain('becoming-lucid');
    }
  });

  it('never reads someone else saying it, a question, a hedge or a realisation at waking as lucid', async () => {
    for (const text of [
      "My mum said 'it's a dream' but I didn't believe her.",
      'He then said this is a dream.',
      'I thought, maybe this is a dream? I pinched my arm and it hurt, so it was real.',
      'I only realised it was a dream when the alarm went.',
      'Later I understood I could have known it was a dream.',
      "I didn't know, this is a dream.",
      'We went to a place where I am dreaming of the sea.',
    ]) {
      const a = await analyse(text);
      expect(a.lucid, text).toBe(false);
      expect(motifs(a), text).not.toContain('becoming-lucid');
    }
  });
});

describe('what is not an image of this dream', () => {
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

  it('reads a thing that falls, a stomach that drops and a heart that would stop as no fall, belly or heart', async () => {
    expect(names(await analyse('Then the roof fell in and I woke up.'))).not.toContain('fall');
    expect(names(await analyse('My brother fell down the stairs.'))).toContain('fall');
    expect(names(await analyse('The ledge gave. Stomach up in my throat, lurching.'))).not.toContain('belly');
    expect(names(await analyse('My belly was huge and round.'))).toContain('belly');
    expect(names(await analyse('I was so frightened I thought my heart would stop.'))).not.toContain('heart');
  });

  it('reads other senses of ring, shopping, lit, head, hall, love and find as other ideas', async () => {
    expect(names(await analyse("I'd better ring the dentist."))).not.toContain('ring');
    expect(names(await analyse('She wore a gold ring.'))).toContain('ring');
    expect(names(await analyse('My daughter came in with the shopping.'))).not.toContain('shop');
    expect(names(await analyse('There were candles lit everywhere.'))).not.toContain('light');
    expect(names(await analyse('Then the head walked in for an observation.'))).not.toContain('head');
    expect(names(await analyse('I prayed in my head.'))).not.toContain('head');
    expect(names(await analyse('I hit my head on the door.'))).toContain('head');
    expect(names(await analyse('The exam hall was hot.'))).not.toContain('hallway');
    expect(names(await analyse('I walked down the hall to the kitchen.'))).toContain('hallway');
    expect(names(await analyse('She said morning love and smiled.'))).not.toContain('love');
    expect(names(await analyse("I couldn't find my keys anywhere."))).not.toContain('find');
    expect(names(await analyse('I found a key in the sand.'))).toContain('find');
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
    const leap = await analyse(
      "I did the grand jeté in the studio and just didn't come down. Kept going, up past the barre, out through the skylight, and then I was over the whole city at night.",
    );
    const fly = leap.symbols.find((s) => s.name === 'fly');
    expect(motifs(leap)).toContain('flying');
    expect(fly?.surface.split(/\s+/).length ?? 0).toBeGreaterThan(1);
  });

  it('does not add it back where its word is written but set aside', async () => {
    expect(names(await analyse('I tried on a wedding dress.'))).not.toContain('wedding');
    expect(names(await analyse('I was flying a kite on the beach.'))).not.toContain('fly');
  });
});
