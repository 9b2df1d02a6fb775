import { readFileSync } from 'node:fs';
import { LocalEngine } from './providers/local';
const e = new LocalEngine({ info: () => undefined, warn: () => undefined }, {});
const items = JSON.parse(readFileSync(new URL('./eval/narratives.json', import.meta.url), 'utf8')) as Array<{ id: string; title: string; narrative: string; tags: string[] }>;
const dreams = items.map((x, i) => ({ id: i + 1, title: x.title, narrative: x.narrative, tags: x.tags, timePeriod: null, date: new Date(Date.UTC(2025, 0, 1 + i)) }));
const names = (await e.dictionarySeed()).map((s) => s.symbol);
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let bad = 0; const texts = new Set<string>(); let paraBad = 0;
for (const d of dreams) {
  const history = dreams.filter((x) => x.id !== d.id).slice(0, 30);
  const r1 = await e.interpret({ dream: d, intention: null, history, previous: [] });
  const r2 = await e.interpret({ dream: d, intention: null, history, previous: [r1.content] });
  for (const r of [r1, r2]) {
    const det = new Set(r.analysis.symbols.map((s) => s.name));
    const v = names.filter((n) => !det.has(n) && new RegExp(`\\b${esc(n)}(s|es)?\\b`, 'i').test(r.content));
    if (v.length) { bad++; console.log(d.title, 'NAMES', v.join(','), '\n', r.content.split('\n\n').filter((p) => v.some((n) => new RegExp(`\\b${esc(n)}(s|es)?\\b`, 'i').test(p))).join('\n').slice(0, 600)); }
    const n = r.content.split('\n\n').length; if (n < 4 || n > 6) paraBad++;
    texts.add(r.content);
  }
  if (r1.content === r2.content) console.log('SAME', d.title);
}
console.log({ bad, paraBad, distinct: texts.size, total: dreams.length * 2 });
