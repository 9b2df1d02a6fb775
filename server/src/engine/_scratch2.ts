import { LocalEngine } from './providers/local';
const e = new LocalEngine({ info: () => undefined, warn: () => undefined }, {});
const T = [
  "I was back in my childhood home, but the rooms were bigger. My mother was cooking dinner and the radio was playing an old song. When I opened the back door, the garden had turned into a beach and waves were crashing against the fence.",
  "I was on a train that never stopped at any station. The conductor kept checking my ticket and telling me it was the wrong one. Outside the window the landscape changed from snowy mountains to a desert in seconds.",
  "I was at work and realized I had forgotten to wear pants. Nobody seemed to notice at first, but then my boss called me into a meeting and everyone stared at me. I felt so embarrassed I wanted to disappear.",
  "A huge wave rose over the city and I ran up the stairs of a tall building to escape it. From the roof I watched the water swallow the streets. Strangely, I felt calm, almost relieved.",
  "I was flying over a forest at dusk, and I could control where I went. I knew I was dreaming. I landed next to a lake where an old man was fishing, and he told me the answer was in the water.",
  "My phone kept ringing but every time I answered, nobody was there. The screen showed my father's number, but he passed away three years ago. I woke up crying.",
  "I was taking a math exam but the questions were written in a language I couldn't read. The clock on the wall was running backwards. My teacher from high school was there, laughing.",
  "There was a spider on my pillow and I couldn't move. I tried to scream but no sound came out. A dark figure stood in the doorway watching me.",
  "I found a hidden room behind the bookshelf in my house. Inside there were old toys, a dusty mirror and a box of letters addressed to me. I felt curious and a little sad.",
  "My partner and I were on a boat in the middle of the ocean. A whale swam under us and sprayed water into the air. We laughed and I felt completely happy.",
  "I was lost in a huge shopping mall looking for the exit. Every escalator led to another floor full of the same shops. I was getting more and more anxious.",
  "My teeth were loose and when I touched them they fell into my hand like pebbles. I tried to hide them in my pocket before anyone saw.",
  "I was driving my car at night and the brakes failed on a steep hill. I saw red lights ahead and thought I would crash, but the car just floated into the air.",
  "An old friend from school came to my wedding, but I was wearing a black dress instead of white. The church was full of birds and the ceremony never started.",
  "I was in a dark forest and a wolf was following me. I climbed a tree and waited until morning. When the sun came up, the wolf was gone and there was a deer in its place.",
];
for (const [i, t] of T.entries()) {
  const a = await e.analyse({ id: i, title: '', narrative: t, tags: [], timePeriod: null, date: null });
  console.log(`#${i}`, '[' + a.motifs.map((m) => m.id).join(',') + ']', a.symbols.map((s) => `${s.name}<${s.surface}${s.via === 'name' ? '' : '|' + s.via}>`).join(', '), '| neg:', a.negated.join(','), '|', a.tone.movement, a.lucid ? 'LUCID' : '');
}
