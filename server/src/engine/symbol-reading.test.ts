import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from './index';
import { WordNet } from './nlp/wordnet';
import { definitionSentence } from './symbol-reading';

const engine = createEngine({ provider: 'local', log: { info: () => undefined, warn: () => undefined } });
let wordnet: WordNet;

beforeAll(async () => {
  await engine.ready();
  wordnet = await WordNet.load();
}, 60_000);

/** The first clause of a word's glosses, as WordNet writes them. */
async function glosses(word: string): Promise<string[]> {
  const entry = wordnet.lookup(word, 'noun');
  const senses = await Promise.all((entry?.offsets ?? []).map((o) => wordnet.synset(o, 'noun')));
  return senses.map((s) => (s?.gloss ?? '').split(';')[0]?.trim() ?? '').filter(Boolean);
}

describe('dictionary entries from WordNet', () => {
  it('rewrites the definition into a sentence of its own, never the raw gloss', async () => {
    for (const word of ['porcupine', 'thimble', 'wrench', 'kettle', 'stapler', 'hedgehog', 'anvil']) {
      const r = await engine.interpretSymbol(word);
      expect(r.source).toBe('wordnet');
      const first = r.meaning.split(/(?<=\.)\s/)[0] ?? '';
      // "A balloon is a kind of …" / "A defender is someone …": an article, a verb and a kind.
      expect(first).toMatch(new RegExp(`^An? ${word} is (a kind of|someone) `));
      for (const gloss of await glosses(word)) expect(r.meaning).not.toContain(`is ${gloss}`);
    }
    expect((await engine.interpretSymbol('kite')).meaning).not.toMatch(/is plaything consisting/);
    expect((await engine.interpretSymbol('porcupine')).meaning).not.toMatch(/relatively large rodents/);
  });

  it('files an entry under a category its sense allows', async () => {
    expect((await engine.interpretSymbol('thimble')).category).toBe('Objects');
    expect((await engine.interpretSymbol('porcupine')).category).toBe('Animals');
    expect((await engine.interpretSymbol('defender')).category).toBe('People and Figures');
    // A person is not asked "what it is used for".
    expect((await engine.interpretSymbol('defender')).associations).not.toContain('what it is used for');
  });

  it('builds the sentence from the kind and the qualifying clause', () => {
    expect(
      definitionSentence(
        'balloon',
        'large tough nonrigid bag filled with gas or heated air',
        'lighter-than-air craft',
        {
          instance: false,
          person: false,
        },
      ),
    ).toBe('A balloon is a kind of lighter-than-air craft, filled with gas or heated air.');
    expect(
      definitionSentence('defender', 'a person who cares for persons or property', 'preserver', {
        instance: false,
        person: true,
      }),
    ).toBe('A defender is someone who cares for persons or property.');
    expect(
      definitionSentence('Paris', 'the capital and largest city of France; and international center', 'capital', {
        instance: true,
        person: false,
      }),
    ).toBe('Paris is the capital and largest city of France.');
  });
});
