import { LocalEngine } from './providers/local';
const e = new LocalEngine({ info: () => undefined, warn: () => undefined }, { kbDir: '/tmp/kbdev' });
for (const w of ['accordion', 'beagle', 'zqxv', 'Paris', 'whisper', 'gentle', 'Jordan', 'falling teeth']) console.log(JSON.stringify(await e.interpretSymbol(w), null, 1));
const S = [
  "I was swimming in a dark ocean at night and something brushed my leg. I panicked and swam toward a lighthouse. When I reached the shore I felt calm.",
  'My teeth crumbled in my hand while I stood in front of the whole class, and everyone laughed at me.',
  'I was late for an exam at my old school and could not find the classroom. The corridors kept changing.',
];
for (const [i, s] of S.entries()) { const r = await e.interpret({ dream: { id: i, title: '', narrative: s, tags: [], timePeriod: null, date: null }, intention: null, history: [], previous: [] }); console.log('====='); console.log(r.content); }
