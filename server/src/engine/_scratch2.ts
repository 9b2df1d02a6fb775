import { readFileSync } from 'node:fs';
import { loadKnowledgeBase } from './kb/loader';
const kb = await loadKnowledgeBase('/tmp/kbdev');
const terms = kb.symbols.flatMap((s) => [s.name, ...s.synonyms].map((t) => [t, s.name] as const));
for (const f of ['compose/paragraphs.ts', 'symbol-reading.ts', 'kb/category-guidance.ts', 'compose/context.ts']) {
  const src = readFileSync(new URL('./' + f, import.meta.url), 'utf8');
  const strings = src.match(/`[^`]*`|'[^'\n]{12,}'/g) ?? [];
  for (const str of strings) {
    const text = str.replace(/\$\{[^}]*\}/g, ' ');
    const hits = terms.filter(([t]) => new RegExp(`\\b${t}(s|es)?\\b`, 'i').test(text)).map(([t, n]) => t === n ? t : `${t}→${n}`);
    if (hits.length) console.log(f, '|', hits.join(','), '|', text.slice(0, 110));
  }
}
