import { it } from 'vitest';
import { createEngine } from '../index';
const engine = createEngine({ provider: 'local', log: { info: () => undefined, warn: () => undefined } });
const texts = [
  'I was swimming in a dark ocean at night and something brushed my leg. I panicked and swam toward a lighthouse. When I reached the shore I felt calm.',
  'My grandad was sitting in his old chair. He told me "the garden will be fine, stop worrying". I woke up crying even though he passed away in 2019.',
  'I made coffee with oat milk and walked to work. I answered some emails.',
  'A huge dog chased me down a dark alley. I was screaming and my heart was pounding. I woke up gasping.',
  'I realised I was dreaming and flew over a city of glass, feeling completely free and happy.',
];
it('smoke', async () => {
  let id = 1;
  for (const t of texts) {
    const d = { id: id++, title: '', narrative: t, tags: [], timePeriod: null, date: null };
    const prev: string[] = [];
    for (let v = 0; v < 3; v += 1) {
      const r = await engine.interpret({ dream: d, intention: null, history: [], previous: prev });
      console.log(`=== ${JSON.stringify(r.composition)}\n${r.content}\n`);
      prev.unshift(r.content);
    }
  }
}, 120000);
it('free', async () => {
  const d = {
    id: 99,
    title: '',
    narrative: 'I realised I was dreaming and flew over a city of glass, feeling completely free and happy.',
    tags: [],
    timePeriod: null,
    date: null,
  };
  const r = await engine.interpret({ dream: d, intention: null, history: [], previous: [] });
  console.log(
    r.analysis.symbols.map((s) => s.name),
    r.content.split(/(?<=[.?!])\s/).filter((s) => /freedom/i.test(s)),
  );
});
it('which', async () => {
  const S = [
    'I was swimming in a dark ocean at night and something brushed my leg. I panicked and swam toward a lighthouse. When I reached the shore I felt calm.',
    'My teeth crumbled in my hand while I stood in front of the whole class, and everyone laughed at me.',
    'A stranger chased me through my childhood house; every door opened onto another hallway. I hid in the attic until the footsteps stopped.',
    'I realised I was dreaming and flew over a city of glass, feeling completely free and happy.',
    'I was late for an exam at my old school and could not find the classroom. The corridors kept changing.',
    'A huge snake was coiled on my bed. It did not bite me; it just watched me with golden eyes.',
    'My grandmother handed me a key in her kitchen and told me to open the red door in the garden.',
    'The car had no brakes and it rolled down a steep hill toward the river while I screamed.',
  ];
  let id = 500;
  for (const t of S) {
    const r = await engine.interpret({
      dream: { id: id++, title: '', narrative: t, tags: [], timePeriod: null, date: null },
      intention: null,
      history: [],
      previous: [],
    });
    const hits = r.content.split(/(?<=[.?!])\s/).filter((s) => /freedom/i.test(s));
    if (hits.length)
      console.log(
        'XX',
        r.analysis.symbols.map((s) => s.name),
        hits,
      );
  }
});
