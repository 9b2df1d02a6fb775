import { LocalEngine } from './providers/local';
const e = new LocalEngine({ info: () => undefined, warn: () => undefined }, {});
const T = [
  "I was back in my childhood home, but the rooms were bigger. My mother was cooking dinner and the radio was playing an old song. When I opened the back door, the garden had turned into a beach and waves were crashing against the fence.",
  "I was on a train that never stopped at any station. The conductor kept checking my ticket and telling me it was the wrong one. Outside the window the landscape changed from snowy mountains to a desert in seconds.",
  "I was at work and realized I had forgotten to wear pants. Nobody seemed to notice at first, but then my boss called me into a meeting and everyone stared at me. I felt so embarrassed I wanted to disappear.",
  "A huge wave rose over the city and I ran up the stairs of a tall building to escape it. From the roof I watched the water swallow the streets. Strangely, I felt calm, almost relieved.",
  "My phone kept ringing but every time I answered, nobody was there. The screen showed my father's number, but he passed away three years ago. I woke up crying.",
  "I was taking a math exam but the questions were written in a language I couldn't read. The clock on the wall was running backwards. My teacher from high school was there, laughing.",
  "There was a spider on my pillow and I couldn't move. I tried to scream but no sound came out. A dark figure stood in the doorway watching me.",
  "I was driving my car at night and the brakes failed on a steep hill. I saw red lights ahead and thought I would crash, but the car just floated into the air.",
  "An old friend from school came to my wedding, but I was wearing a black dress instead of white. The church was full of birds and the ceremony never started.",
  "I was in a dark forest and a wolf was following me. I climbed a tree and waited until morning. When the sun came up, the wolf was gone and there was a deer in its place.",
  "We were having a picnic in the park with my kids. A police car drove past with its siren on, and my son dropped his ice cream on the grass.",
  "I was lying in bed and the ceiling slowly turned into a night sky full of stars. A voice told me to look for the key under the stone by the lake.",
  "There were no windows in the room and the door had no handle. I kept knocking but nobody came. I wasn't scared, just tired.",
  "My cat had kittens in the bathtub and my sister was laughing. Then the water turned to honey and the bees came in through the window.",
  "The fire truck was parked outside the school and a firefighter handed me a gold medal for something I didn't do.",
];
for (const [i, t] of T.entries()) {
  const a = await e.analyse({ id: i, title: '', narrative: t, tags: [], timePeriod: null, date: null });
  console.log(`#${i}`, '[' + a.motifs.map((m) => m.id).join(',') + ']', a.symbols.map((s) => `${s.name}<${s.surface}${s.via === 'name' ? '' : '|' + s.via}>`).join(', '), '| neg:', a.negated.join(','));
}
