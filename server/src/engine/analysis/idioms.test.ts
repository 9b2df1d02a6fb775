import { describe, expect, it } from 'vitest';
import type { IdiomEntry } from '../kb/lexicon';
import { IdiomIndex, type IdiomToken } from './idioms';

/** Tokens as the document reader gives them: "word/POS/form,form" (POS defaults to NOUN, forms to the word). */
function tokens(text: string): IdiomToken[] {
  return text.split(' ').map((raw) => {
    const [normal = '', pos = 'NOUN', forms] = raw.split('/');
    return { normal, pos, forms: forms ? forms.split(',') : [normal], isWord: /^[a-z]/.test(normal) };
  });
}

function find(entries: Array<Partial<IdiomEntry> & { phrase: string }>, text: string): string[] {
  const index = new IdiomIndex(entries.map((e) => ({ sense: 'sense', ...e })));
  const t = tokens(text);
  return index.find(t, 0, t.length).map(
    (m) =>
      `${m.entry.phrase}: ${t
        .slice(m.start, m.end)
        .map((x) => x.normal)
        .join(' ')}`,
  );
}

describe('figure-of-speech patterns', () => {
  it('refuses alternatives with a space inside, which could never match', () => {
    expect(() => find([{ phrase: 'god rest {him|his soul}' }], 'god rest him')).toThrow(/single words/);
    expect(find([{ phrase: 'god rest {him|her}' }], 'god rest/VERB him')).toEqual(['god rest {him|her}: god rest him']);
  });

  it('keeps the longest figure wherever it starts', () => {
    const entries = [{ phrase: 'have a heart' }, { phrase: 'heart of pure gold' }];
    expect(find(entries, 'she has/VERB/have a/DET heart of/ADP pure/ADJ gold .')).toEqual([
      'heart of pure gold: heart of pure gold',
    ]);
    expect(find(entries, 'have/VERB a/DET heart ,')).toEqual(['have a heart: have a heart']);
  });

  it('reads a phrasal figure with its particle before the object too', () => {
    const entries = [{ phrase: "pull one's socks up" }];
    expect(find(entries, 'pull/VERB up/ADP my/PRON socks/NOUN/socks,sock')).toEqual([
      "pull up one's socks: pull up my socks",
    ]);
    expect(find(entries, 'pull/VERB your/PRON socks/NOUN/socks,sock up/ADP')).toEqual([
      "pull one's socks up: pull your socks up",
    ]);
  });

  it("reads a possessive noun as its word and 's, with or without a leading article", () => {
    expect(find([{ phrase: "the lion's share" }], "the/DET lion 's/PART share")).toEqual([
      "the lion's share: lion 's share",
    ]);
    expect(find([{ phrase: "the lion's share" }], "a/DET lion 's/PART share")).toHaveLength(1);
    expect(find([{ phrase: "the lion's share" }], 'the/DET lion share')).toEqual([]);
  });

  it('takes any possessive for one\'s: "my", "ur", "my mother\'s", "Anna\'s"', () => {
    const entries = [{ phrase: "apple of one's eye" }];
    for (const [text, span] of [
      ['apple of/ADP his/PRON eye', 'apple of his eye'],
      ['apple of/ADP ur eye', 'apple of ur eye'],
      ["apple of/ADP my/PRON mother 's/PART eye", "apple of my mother 's eye"],
      ["apple of/ADP anna/PROPN 's/PART eye", "apple of anna 's eye"],
    ])
      expect(find(entries, text ?? '')).toEqual([`apple of one's eye: ${span}`]);
    expect(find(entries, 'apple of/ADP the/DET eye')).toEqual([]);
  });

  it("reads 's and i'm as be", () => {
    const entries = [{ phrase: 'the sky be the limit' }, { phrase: 'be over the moon' }];
    expect(find(entries, "the/DET sky 's/PART the/DET limit")).toHaveLength(1);
    expect(find(entries, "i'm/PROPN over/ADP the/DET moon")).toHaveLength(1);
    // A word that is also an object property is only a word.
    expect(find(entries, 'the/DET constructor be/AUX over/ADP hasownproperty')).toEqual([]);
  });

  it('skips a comma between the words of a figure, but not before its first word', () => {
    const entries = [{ phrase: 'blood sweat and tear' }, { phrase: 'in my book (that)' }];
    expect(find(entries, 'blood , sweat and/CCONJ tears/NOUN/tear')).toEqual([
      'blood sweat and tear: blood , sweat and tears',
    ]);
    expect(find(entries, 'in/ADP my/PRON book , that/PRON counts')).toEqual(['in my book (that): in my book']);
    expect(find(entries, 'blood sweat ; and/CCONJ tears/NOUN/tear')).toEqual([]);
    expect(find([{ phrase: 'sweat and tear' }], ', sweat and/CCONJ tears/NOUN/tear')).toEqual([
      'sweat and tear: sweat and tears',
    ]);
  });

  it('skips inserted adverbs but not other words', () => {
    const entries = [{ phrase: 'see the light' }];
    expect(find(entries, 'see/VERB the/DET light')).toHaveLength(1);
    expect(find(entries, 'see/VERB finally/ADV the/DET light')).toHaveLength(1);
    expect(find(entries, 'see/VERB both/DET the/DET light')).toHaveLength(1);
    expect(find(entries, 'see/VERB a/DET bright/ADJ light')).toEqual([]);
  });

  it('reads [a|b] as optional alternatives, and an absent optional word leaves the fillers to the next one', () => {
    expect(find([{ phrase: 'be [a] [huge|big] red flag' }], 'be/AUX a/DET huge/ADJ red/ADJ flag')).toHaveLength(1);
    expect(find([{ phrase: 'be [a] [huge|big] red flag' }], 'be/AUX a/DET big/ADJ red/ADJ flag')).toHaveLength(1);
    expect(find([{ phrase: 'fight [off] a cold' }], 'fight/VERB a/DET cold')).toEqual([
      'fight [off] a cold: fight a cold',
    ]);
  });

  it('reads "thru" as through and a word with the sentence\'s full stop on it', () => {
    expect(find([{ phrase: 'go through the roof' }], 'go/VERB thru/ADP the/DET roof')).toHaveLength(1);
    expect(find([{ phrase: 'phone it in' }], 'phone/VERB it/PRON in.')).toHaveLength(1);
  });

  it('leaves (context) words out of the figure', () => {
    expect(find([{ phrase: '(night|dusk) fall' }], 'as/SCONJ night fell/VERB/fall the/DET wolves')).toEqual([
      '(night|dusk) fall: fell',
    ]);
    expect(find([{ phrase: '(night|dusk) fall' }], 'i/PRON fell/VERB/fall')).toEqual([]);
  });

  it('reads a literal entry as written and lets it keep a shorter figure off its words', () => {
    const entries = [{ phrase: 'break the ice' }, { phrase: 'break the ice {on|under}', literal: true as const }];
    expect(find(entries, 'we/PRON broke/VERB/break the/DET ice on/ADP the/DET lake')).toEqual([]);
    expect(find(entries, 'to/PART break/VERB the/DET ice i/PRON told/VERB')).toEqual(['break the ice: break the ice']);
  });
});
