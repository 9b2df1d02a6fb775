import { readFileSync } from 'node:fs';
import { LocalEngine } from './providers/local';
const e = new LocalEngine({ info: () => undefined, warn: () => undefined }, {});
const items = JSON.parse(readFileSync(new URL('./eval/narratives.json', import.meta.url), 'utf8')) as Array<{ id: string; title: string; narrative: string; tags: string[] }>;
const dreams = items.map((x, i) => ({ id: i + 1, title: x.title, narrative: x.narrative, tags: x.tags, timePeriod: null, date: new Date(Date.UTC(2025, 0, 1 + i)) }));
for (const idx of (process.argv[2] ?? '0,3,42').split(',').map(Number)) {
  const d = dreams[idx];
  if (!d) continue;
  const r = await e.interpret({ dream: d, intention: null, history: dreams.filter((x) => x.id !== d.id).reverse().slice(0, 20), previous: [] });
  console.log('=====', d.title, '|', d.narrative.slice(0, 150));
  console.log(r.content);
}
