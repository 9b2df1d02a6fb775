import { beforeAll, describe, expect, it } from 'vitest';
import { splitSentences } from './kb/sentences';
import { loadKnowledgeBase } from './kb/loader';
import { createEngine } from './index';
import type { DreamAnalysis, DreamForEngine, InterpretRequest } from './types';
import { testDream } from '../../test/engine';

const silent = { info: () => undefined, warn: () => undefined };
const engine = createEngine({ provider: 'local', log: silent });
let kbNames: string[] = [];

beforeAll(async () => {
  await engine.ready();
  kbNames = (await engine.dictionarySeed()).map((s) => s.symbol);
}, 60_000);

const dream = testDream;
function request(d: DreamForEngine, extra: Partial<InterpretRequest> = {}): InterpretRequest {
  return { dream: d, intention: null, history: [], previous: [], ...extra };
}
const names = (a: DreamAnalysis) => a.symbols.map((s) => s.name);
const symbol = (a: DreamAnalysis, name: string) => a.symbols.find((s) => s.name === name);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Knowledge-base names that a text mentions (as written or in the plural). */
function namedSymbols(text: string): string[] {
  return kbNames.filter((name) => new RegExp(`\\b${escape(name)}(s|es)?\\b`, 'i').test(text));
}

const SAMPLES = [
  'I was swimming in a dark ocean at night and something brushed my leg. I panicked and swam toward a lighthouse. When I reached the shore I felt calm.',
  'My teeth crumbled in my hand while I stood in front of the whole class, and everyone laughed at me.',
  'A stranger chased me through my childhood house; every door opened onto another hallway. I hid in the attic until the footsteps stopped.',
  'I realised I was dreaming and flew over a city of glass, feeling completely free and happy.',
  'I was late for an exam at my old school and could not find the classroom. The corridors kept changing.',
  'A huge snake was coiled on my bed. It did not bite me; it just watched me with golden eyes.',
  'My grandmother handed me a key in her kitchen and told me to open the red door in the garden.',
  'The car had no brakes and it rolled down a steep hill toward the river while I screamed.',
];

describe('analysis', () => {
  it('finds symbols by name, synonym and phrase, with the surface as written', async () => {
    const a = await engine.analyse(dream('We sailed across the open sea. A tiny puppy slept in the boat.'));
    expect(symbol(a, 'ocean')).toMatchObject({ via: 'phrase', surface: 'open sea', category: 'Water' });
    expect(symbol(a, 'dog')).toMatchObject({ via: 'synonym', surface: 'puppy' });
    expect(symbol(a, 'boat')?.via).toBe('name');
  });

  it('does not detect what the dream negates', async () => {
    const none = await engine.analyse(dream('There was no door in the room. I did not see a snake anywhere.'));
    expect(names(none)).not.toContain('door');
    expect(names(none)).not.toContain('snake');
    expect(names(none)).toContain('room');
    expect(none.negated).toEqual(expect.arrayContaining(['door', 'snake']));
    const some = await engine.analyse(dream('There was a door in the room, and a snake lay by it.'));
    expect(names(some)).toEqual(expect.arrayContaining(['door', 'snake', 'room']));
    // A failed search still has its object in the dream.
    const keys = await engine.analyse(dream('I could not find my keys anywhere.'));
    expect(names(keys)).toContain('key');
    expect(names(keys)).not.toContain('find');
  });

  it('does not read negated feelings as present', async () => {
    const fearName = kbNames.find((n) => n === 'fear');
    if (!fearName) return;
    const calm = await engine.analyse(dream('I was not afraid at all.'));
    expect(names(calm)).not.toContain('fear');
    const scared = await engine.analyse(dream('I was afraid of the dark.'));
    expect(names(scared)).toContain('fear');
  });

  it('maps unknown nouns to the nearest symbol through WordNet hypernyms', async () => {
    const a = await engine.analyse(dream('A beagle followed me along the shore of the Atlantic.'));
    expect(symbol(a, 'dog')).toMatchObject({ via: 'hypernym', surface: 'beagle' });
    expect(symbol(a, 'ocean')).toMatchObject({ via: 'hypernym', surface: 'Atlantic' });
    const oak = await engine.analyse(dream('I rested under an old oak.'));
    expect(names(oak)).toContain('tree');
  });

  it('does not read a person named like a place or flower as that symbol', async () => {
    const a = await engine.analyse(dream('I talked with Jordan and my friend Rose about work.'));
    expect(names(a)).not.toContain('river');
    expect(names(a)).not.toContain('flower');
    expect(names(a)).toContain('friend');
  });

  it('forgives a one-letter slip in a long word, but not a real word', async () => {
    const a = await engine.analyse(dream('I took the elevater up to the roof.'));
    expect(symbol(a, 'elevator')?.surface).toBe('elevater');
    const b = await engine.analyse(dream('The cattle stood in the rain.'));
    expect(names(b)).not.toContain('castle');
  });

  it('reads words that only look like a symbol in another part of speech as what they are', async () => {
    const a = await engine.analyse(dream('She waved at me and we parked near the station.'));
    expect(names(a)).not.toContain('wave');
    expect(names(a)).not.toContain('park');
  });

  it('uses the title and tags', async () => {
    const a = await engine.analyse(
      dream('Something hissed in the grass behind me.', { title: 'The snake', tags: ['ocean', 'lucid'] }),
    );
    expect(symbol(a, 'snake')?.inTitle).toBe(true);
    expect(symbol(a, 'ocean')?.via).toBe('tag');
    expect(a.lucid).toBe(true);
    const b = await engine.analyse(dream('I suddenly realized I was dreaming and the sky turned purple.'));
    expect(b.lucid).toBe(true);
    expect((await engine.analyse(dream('I walked home.'))).lucid).toBe(false);
  });

  it('reads the emotional arc sentence by sentence', async () => {
    const rising = await engine.analyse(
      dream(
        'I was terrified and panicking in the dark. Everything was awful. Then the sun came out and I felt calm, safe and happy.',
      ),
    );
    expect(rising.tone.arc).toHaveLength(3);
    expect(rising.tone.movement).toBe('rising');
    const falling = await engine.analyse(
      dream(
        'It was a lovely sunny day and I was happy with my friends. Then a storm came. Everyone disappeared and I was terrified and alone.',
      ),
    );
    expect(falling.tone.movement).toBe('falling');
    const steady = await engine.analyse(dream('I walked down a street. I saw a shop. I went inside.'));
    expect(steady.tone.movement).toBe('steady');
  });

  it('finds motifs', async () => {
    const a = await engine.analyse(dream('My teeth started falling out one by one while I was talking.'));
    expect(a.motifs.length).toBeGreaterThan(0);
    expect(names(a)).toContain('tooth');
  });
});

describe('interpretation', () => {
  it('writes 3 to 6 paragraphs separated by one blank line', async () => {
    for (const text of SAMPLES) {
      const r = await engine.interpret(request(dream(text)));
      const paragraphs = r.content.split('\n\n');
      expect(paragraphs.length).toBeGreaterThanOrEqual(3);
      expect(paragraphs.length).toBeLessThanOrEqual(6);
      for (const p of paragraphs) expect(p.trim()).toBe(p);
      expect(r.content).not.toMatch(/\n{3,}/);
      expect(r.provider).toBe('local');
    }
  });

  it('names the symbols of its dream as written, and asserts no symbol the dream does not have', async () => {
    const kb = await loadKnowledgeBase();
    const meaningSentences = new Map([...kb.meanings.values()].flat().map((s) => [s.text, s.asserts]));
    for (const text of SAMPLES) {
      const r = await engine.interpret(request(dream(text)));
      const detected = new Set(names(r.analysis));
      const sentences = r.content.split(/\n\n/).flatMap((p) => splitSentences(p));
      // Knowledge-base sentences: only those whose declared references were all found.
      for (const s of sentences) for (const ref of meaningSentences.get(s) ?? []) expect(detected).toContain(ref);
      // The composer's own words (without knowledge-base sentences and associations, and quotes of the dream) name no other symbol.
      const associations = r.analysis.symbols.flatMap((s) => kb.byName.get(s.name)?.associations ?? []);
      let own = sentences
        .filter((s) => !meaningSentences.has(s))
        .join(' ')
        .replace(/“[^”]*”/g, '');
      for (const a of associations) own = own.split(a).join(' ');
      expect(namedSymbols(own).filter((n) => !detected.has(n))).toEqual([]);
      const main = r.analysis.symbols.filter((s) => s.category !== 'Emotions').slice(0, 2);
      for (const s of main) expect(r.content.toLowerCase()).toContain(s.surface.toLowerCase());
    }
  });

  it("never names, in the composer's own words, a symbol the dream lacks, whichever phrasing a dream's id picks", async () => {
    const kb = await loadKnowledgeBase();
    const meaningSentences = new Set([...kb.meanings.values()].flat().map((s) => s.text));
    const slips: string[] = [];
    for (const text of SAMPLES)
      for (let k = 0; k < 25; k += 1) {
        const r = await engine.interpret(request(dream(text)));
        const detected = new Set(names(r.analysis));
        const associations = r.analysis.symbols.flatMap((s) => kb.byName.get(s.name)?.associations ?? []);
        for (const sentence of r.content.split(/\n\n/).flatMap((p) => splitSentences(p))) {
          if (meaningSentences.has(sentence)) continue;
          let own = sentence.replace(/“[^”]*”/g, '');
          for (const a of associations) own = own.split(a).join(' ');
          for (const n of namedSymbols(own)) if (!detected.has(n)) slips.push(`${n}: ${sentence}`);
        }
      }
    expect([...new Set(slips)]).toEqual([]);
  }, 60_000);

  it('quotes the dream itself', async () => {
    const r = await engine.interpret(request(dream(SAMPLES[6] ?? '')));
    expect(r.content).toContain('My grandmother handed me a key in her kitchen');
  });

  it('never gives two different dreams the same text', async () => {
    const texts = await Promise.all(SAMPLES.map((t) => engine.interpret(request(dream(t))).then((r) => r.content)));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('is reproducible for the same request', async () => {
    const d = dream(SAMPLES[0] ?? '');
    expect((await engine.interpret(request(d))).content).toBe((await engine.interpret(request(d))).content);
  });

  it('writes a noticeably different reading on regeneration', async () => {
    const d = dream(SAMPLES[2] ?? '');
    const first = (await engine.interpret(request(d))).content;
    const second = (await engine.interpret(request(d, { previous: [first] }))).content;
    const third = (await engine.interpret(request(d, { previous: [second, first] }))).content;
    expect(second).not.toBe(first);
    expect(third).not.toBe(first);
    expect(third).not.toBe(second);
    const sentences = (t: string) => new Set(t.split(/(?<=[.?!”])\s+/));
    const a = sentences(first);
    const shared = [...sentences(second)].filter((s) => a.has(s)).length;
    expect(shared / a.size).toBeLessThan(0.5);
    // Still about the same dream.
    expect(second).toContain('stranger');
  });

  it('never repeats an earlier reading, even one it would have written', async () => {
    const d = dream(SAMPLES[3] ?? '');
    const wouldWrite = (await engine.interpret(request(d, { previous: ['x'] }))).content;
    const r = await engine.interpret(request(d, { previous: [wouldWrite] }));
    expect(r.content).not.toBe(wouldWrite);
  });

  it('mentions recurring themes only when the history supports them', async () => {
    const current = dream('I was floating in warm water in a quiet lake.');
    const lonely = await engine.interpret(request(current));
    expect(lonely.content).not.toMatch(/of your last \d+ other dreams/);
    expect(lonely.insights?.recurring).toEqual([]);

    const watery = [
      'I swam in clear water.',
      'Water poured from the ceiling.',
      'I drank cold water from a well.',
      'Dark water filled the street.',
    ];
    const dry = [
      'I was at a party.',
      'I drove a red car.',
      'My cat talked to me.',
      'I climbed a mountain.',
      'I read a book.',
      'I lost my shoe.',
    ];
    const history = [...watery, ...dry].map((t) => dream(t));
    const r = await engine.interpret(request(current, { history }));
    expect(r.content).toMatch(/the water[^.]*\b4 of your last 10 other dreams/i);
    expect(r.insights?.recurring).toContainEqual({ kind: 'symbol', key: 'water', count: 4, window: 10 });

    // One earlier dream with water is not a pattern.
    const once = await engine.interpret(
      request(current, { history: [dream('I swam in clear water.'), ...dry.map((t) => dream(t))] }),
    );
    expect(once.content).not.toMatch(/water[^.]*of your last \d+ other dreams/i);
  });

  it('says whether the dream answered the linked intention', async () => {
    const d = dream('I flew high over the ocean, and the waves sparkled below me.');
    const met = await engine.interpret(
      request(d, { intention: { text: 'Fly over the ocean', completed: false, notes: null } }),
    );
    expect(met.insights?.intention).toBe('fulfilled');
    expect(met.content).toContain('“Fly over the ocean”');
    const partly = await engine.interpret(
      request(d, { intention: { text: 'Meet my grandmother by the ocean', completed: false, notes: null } }),
    );
    expect(partly.insights?.intention).toBe('partial');
    const missed = await engine.interpret(
      request(dream('I was cooking soup in a small kitchen.'), {
        intention: { text: 'Visit the mountains', completed: false, notes: null },
      }),
    );
    expect(missed.insights?.intention).toBe('unmet');
    const lucid = await engine.interpret(
      request(dream('I realised I was dreaming and walked through a wall.'), {
        intention: { text: 'Become lucid tonight', completed: true, notes: null },
      }),
    );
    expect(lucid.insights?.intention).toBe('fulfilled');
    expect(lucid.content).toMatch(/marked it as completed|marked the intention as completed/);
  });

  it('offers a lucid-dreaming cue with a reality check where the dream has a dream sign, and a question', async () => {
    const r = await engine.interpret(request(dream(SAMPLES[1] ?? '')));
    const paragraphs = r.content.split('\n\n');
    expect(paragraphs.at(-1)).toMatch(/\?$/);
    expect(r.composition?.paragraphs).toContain('lucidity');
    expect(r.content).toMatch(/lucid|dream sign|cue/i);
    const plain = await engine.interpret(
      request(dream('I made coffee with milk and walked to work. I answered some emails.')),
    );
    expect(plain.composition?.paragraphs).not.toContain('lucidity');
    expect(plain.content).not.toMatch(/lucid|reality check|dream sign/i);
    expect(plain.content.split('\n\n').at(-1)).toMatch(/\?$/);
  });
});

describe('symbol readings', () => {
  it('reads a knowledge-base symbol, by name or synonym, in any case', async () => {
    const ocean = await engine.interpretSymbol('ocean');
    expect(ocean).toMatchObject({ symbol: 'ocean', category: 'Water', source: 'knowledge-base', shareable: true });
    expect(ocean.meaning.length).toBeGreaterThan(40);
    expect((await engine.interpretSymbol('Sea')).symbol).toBe('ocean');
    expect((await engine.interpretSymbol('my Teeth')).symbol).toBe('tooth');
  });

  it('reads a WordNet-only noun from its gloss and hypernyms', async () => {
    expect(kbNames).not.toContain('harpsichord');
    const r = await engine.interpretSymbol('harpsichord');
    expect(r.source).toBe('wordnet');
    expect(r.shareable).toBe(true);
    expect(r.meaning).toMatch(/instrument/);
    expect(r.associations.length).toBeGreaterThanOrEqual(4);
    expect(r.associations.length).toBeLessThanOrEqual(8);
    expect(r.category).not.toBe('Personal');
    const beagle = await engine.interpretSymbol('beagle');
    expect(beagle).toMatchObject({ source: 'wordnet', category: 'Animals' });
  });

  it('reads an unknown word or a private name as personal, not shareable', async () => {
    const r = await engine.interpretSymbol('zqxv');
    expect(r).toMatchObject({ symbol: 'zqxv', category: 'Personal', source: 'personal', shareable: false });
    expect(r.meaning).toMatch(/personal to you/);
    expect((await engine.interpretSymbol('Sarah')).source).toBe('personal');
  });

  it('seeds the dictionary with every knowledge-base symbol', async () => {
    const seed = await engine.dictionarySeed();
    expect(seed.length).toBe(kbNames.length);
    expect(new Set(seed.map((s) => s.symbol)).size).toBe(seed.length);
    for (const s of seed) {
      expect(s.meaning.length).toBeGreaterThan(0);
      expect(s.associations.length).toBeGreaterThanOrEqual(4);
    }
  });
});
