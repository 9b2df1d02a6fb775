import { LocalEngine } from './providers/local';
const e = new LocalEngine({ info: () => undefined, warn: () => undefined }, {});
const mk = (id: number, narrative: string, title = '', date = '2025-01-01') => ({ id, title, narrative, tags: [], timePeriod: null, date: new Date(date) });
const history = [
  mk(2, 'I was swimming in a cold lake and the water was black.', 'Black lake', '2025-01-10'),
  mk(3, 'A snake followed me through my grandmother\'s garden.', 'Garden snake', '2025-01-09'),
  mk(4, 'Water was pouring through the ceiling of my office.', 'Leaking office', '2025-01-08'),
  mk(5, 'I was late for my flight and lost my passport.', '', '2025-01-07'),
  mk(6, 'A snake was hiding under my bed.', 'Under the bed', '2025-01-06'),
  mk(7, 'I drove along the coast at sunset.', '', '2025-01-05'),
];
const d = { ...mk(1, 'I was standing in dark water up to my knees when a snake swam past me. I was afraid, but then it turned into a ribbon of light and I felt calm.', 'The water snake'), timePeriod: 'recurring' };
const r = await e.interpret({ dream: d, intention: { text: 'I want to understand my fear of snakes', completed: false, notes: null }, history, previous: [] });
console.log(r.content); console.log(r.insights);
const r2 = await e.interpret({ dream: d, intention: { text: 'I want to understand my fear of snakes', completed: false, notes: null }, history, previous: [r.content] });
console.log('----'); console.log(r2.content);
