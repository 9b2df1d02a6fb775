import { LocalEngine } from './providers/local';
const log = { info: () => undefined, warn: (o: object, m?: string) => console.log('WARN', o, m) };
const e = new LocalEngine(log, { kbDir: '/tmp/kbdev' });
await e.ready();
const dreams = [
  { id: 1, title: 'The Flooded Kitchen', narrative: "I was standing in my grandmother's kitchen when water started rising from the floor. I felt anxious and tried to find the door, but there was no door. A black cat watched me from the window. Then the water turned warm and clear, and I floated up calmly and felt at peace.", tags: ['water'], timePeriod: 'early_childhood', date: new Date('2025-01-05') },
  { id: 2, title: 'Chased', narrative: "A huge beagle chased me through a dark forest at night. I was terrified and kept running, but my legs were heavy. I hid behind an oak tree and my teeth started falling out.", tags: [], timePeriod: null, date: new Date('2025-01-08') },
  { id: 3, title: 'Flight', narrative: "I realized I was dreaming and flew over the ocean. The stars were bright and I felt free and joyful.", tags: ['lucid'], timePeriod: 'recurring', date: new Date('2025-01-09') },
];
for (const d of dreams) {
  const t = performance.now();
  const r = await e.interpret({ dream: d, intention: d.id === 3 ? { text: 'Fly over the ocean', completed: true, notes: null } : null, history: dreams.filter((x) => x.id !== d.id), previous: [] });
  console.log('=====', d.title, (performance.now() - t).toFixed(1), 'ms', r.analysis.symbols.map((s) => s.name).join(','));
  console.log(r.content);
  const r2 = await e.interpret({ dream: d, intention: null, history: [], previous: [r.content] });
  console.log('----- regenerate');
  console.log(r2.content);
}
