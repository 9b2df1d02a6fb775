import { readFileSync } from 'node:fs';
import { loadKnowledgeBase } from './kb/loader';
import { WordNet } from './nlp/wordnet';
import { KbWordNet } from './nlp/kb-wordnet';
const kb = await loadKnowledgeBase('/tmp/kbdev');
const wn = await WordNet.load();
const k = await KbWordNet.build(wn, kb);
const lines = readFileSync(WordNet.dictPath() + '/index.noun', 'latin1').split('\n').filter((l) => l && !l.startsWith(' '));
const out: string[] = [];
const cats = new Set(['Elements', 'Colors', 'Numbers', 'Emotions', 'Spiritual and Otherworldly']);
for (const l of lines) {
  const f = l.split(' ');
  const lemma = f[0] ?? '';
  if (lemma.includes('_') || kb.words.has(lemma)) continue;
  const p = Number(f[3]);
  const tag = Number(f[5 + p]);
  if (tag < 1) continue;
  const m = await k.nounToSymbol(lemma);
  if (m && cats.has(m.symbol.category)) out.push(`${lemma}->${m.symbol.name}(${m.depth})`);
}
console.log(out.length); console.log(out.join('  '));
