import { beforeAll, describe, expect, it } from 'vitest';
import { loadKnowledgeBase, type KnowledgeBase } from '../kb/loader';
import type { MotifEntry } from '../kb/schema';
import { loadWink } from '../nlp/wink';
import { readDocument } from './document';
import { detectMotifs } from './motifs';

/** The matcher's own rules, on motifs written for the test: gap groups and phrases that state a negation. */

let kb: KnowledgeBase;
let read: (text: string) => ReturnType<typeof readDocument>;

beforeAll(async () => {
  kb = await loadKnowledgeBase();
  const wink = await loadWink();
  read = (text) => readDocument(wink.nlp, text);
}, 60_000);

function motif(id: string, all: string[][]): MotifEntry {
  return {
    id,
    name: id,
    triggers: [{ all, scope: 'sentence' }],
    reading: 'A motif written for the matcher test; its reading is never shown to anyone.',
    lucidNote: 'A motif written for the matcher test, never shown.',
    realityCheck: 'Look at your hands',
  };
}

async function found(motifs: MotifEntry[], text: string): Promise<string[]> {
  const matches = await detectMotifs(
    { ...kb, motifs },
    { docs: [{ doc: read(text), source: 'narrative' }], hits: [], tags: [] },
  );
  return matches.map((m) => m.motif.id);
}

describe('gap groups', () => {
  const kinDies = motif('kin-dies', [['sister', 'dad'], ['---'], ['die', 'pass away']]);

  it('needs the groups in order, within as many words as the gap has hyphens', async () => {
    expect(await found([kinDies], 'My sister passed away in my arms.')).toEqual(['kin-dies']);
    expect(await found([kinDies], 'My dad was suddenly very ill and died.')).toEqual([]);
    expect(await found([kinDies], 'My dad very nearly died.')).toEqual(['kin-dies']);
    // Wrong order: the words are there, the event is not.
    expect(await found([kinDies], 'I was dying of laughter at my sister.')).toEqual([]);
  });

  it('keeps the chain inside one sentence and counts punctuation as no word', async () => {
    expect(await found([kinDies], 'I saw my sister. Then the plant died.')).toEqual([]);
    const kinDiesNear = motif('kin-dies-near', [['dad'], ['-'], ['die']]);
    expect(await found([kinDiesNear], 'My dad, sadly, died.')).toEqual(['kin-dies-near']);
    expect(await found([kinDiesNear], 'My dad sadly and suddenly died.')).toEqual([]);
  });

  it('joins a chain with plain groups, which stay anywhere in the sentence', async () => {
    const selfFlies = motif('self-flies', [['i', 'we'], ['--'], ['fly'], ['over', 'above']]);
    expect(await found([selfFlies], 'Over the town I was flying.')).toEqual(['self-flies']);
    expect(await found([selfFlies], 'The birds were flying over the lake while I sat.')).toEqual([]);
    expect(await found([selfFlies], 'I was flying to Madrid.')).toEqual([]);
  });

  it('does not match negated words inside a chain', async () => {
    const chased = motif('chased', [['chase'], ['--'], ['me']]);
    expect(await found([chased], 'A dog chased me.')).toEqual(['chased']);
    expect(await found([chased], 'Nobody chased me.')).toEqual([]);
  });
});

describe('phrases that state a negation', () => {
  it('match the words their own negation covers', async () => {
    const speechless = motif('no-words', [['no word come out']]);
    expect(await found([speechless], 'I opened my mouth but no words came out.')).toEqual(['no-words']);
    expect(await found([speechless], 'The words came out wrong.')).toEqual([]);
  });

  it('leave plain words under a negation unmatched', async () => {
    const exists = motif('exists', [['attic'], ['exist']]);
    const notExists = motif('not-exists', [['attic'], ['not exist']]);
    expect(await found([exists, notExists], "There was an attic that doesn't exist.")).toEqual(['not-exists']);
  });
});

describe('comparisons', () => {
  it('count inside a phrase but not as a word of their own, in plain groups and in chains', async () => {
    const word = motif('word', [['leg'], ['jelly']]);
    const phrase = motif('phrase', [['leg'], ['like jelly']]);
    const chained = motif('chained', [['leg'], ['---'], ['jelly']]);
    expect(await found([word, phrase, chained], 'My legs felt like jelly.')).toEqual(['phrase']);
    expect(await found([word, phrase, chained], 'My legs were jelly.')).toEqual(['word', 'chained']);
  });
});
