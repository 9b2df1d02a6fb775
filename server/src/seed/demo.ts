import type { Database } from '../db/client';
import { createDream } from '../features/dreams/service';
import { createIntention } from '../features/intentions/service';
import { createUser, findUserByUsername } from '../features/users/service';

const DAY = 24 * 60 * 60 * 1000;

const DEMO_DREAMS: Array<{ title: string; narrative: string; tags: string[]; daysAgo: number; timePeriod?: string }> = [
  {
    title: 'The library under the sea',
    narrative:
      'I was swimming through a sunken library. Fish drifted between the shelves and every book I opened was full of water that did not spill. A woman with silver hair told me to find the blue book before the tide came back.',
    tags: ['water', 'library', 'guide'],
    daysAgo: 0,
  },
  {
    title: 'Flying over my old school',
    narrative:
      'I realised I could fly if I kicked off the ground hard enough. I floated above the playground of my primary school and saw my younger self waving. When I looked at my hands they had too many fingers and I knew I was dreaming.',
    tags: ['flying', 'lucid', 'school'],
    daysAgo: 1,
  },
  {
    title: 'Late for the train',
    narrative:
      'The station kept changing shape and my ticket turned into a feather. The train left without me and I ran along the platform while the clock hands spun backwards.',
    tags: ['train', 'late'],
    daysAgo: 3,
  },
  {
    title: 'A door in the garden wall',
    narrative:
      "There was a small wooden door in my grandmother's garden that I had never seen before. Behind it was a field of glowing flowers under two moons. I was not afraid; I felt completely at home.",
    tags: ['portal', 'garden'],
    daysAgo: 9,
    timePeriod: 'early_childhood',
  },
  {
    title: 'The house with extra rooms',
    narrative:
      'My flat had a corridor I did not know about, leading to rooms full of furniture from my childhood. Each room was bigger than the last and the windows showed different seasons.',
    tags: ['house', 'recurring'],
    daysAgo: 16,
    timePeriod: 'recurring',
  },
];

/** Demo users and dreams for trying the app (`npm run db:seed -- --demo`). Idempotent. */
export async function seedDemoData(db: Database): Promise<string[]> {
  const created: string[] = [];
  for (const name of ['luna', 'orion']) {
    if (await findUserByUsername(db, name)) continue;
    const user = await createUser(db, {
      username: name,
      email: `${name}@demo.dreamtraveler.test`,
      password: 'dreamer123',
    });
    const intention = await createIntention(db, user.id, {
      text: 'Tonight I will notice when I am flying and become lucid.',
      date: new Date(Date.now() - 2 * DAY),
    });
    for (const d of DEMO_DREAMS) {
      await createDream(db, user.id, {
        title: d.title,
        narrative: d.narrative,
        tags: d.tags,
        date: new Date(Date.now() - d.daysAgo * DAY),
        timePeriod: d.timePeriod ?? null,
        intentionId: d.tags.includes('lucid') ? intention.id : null,
      });
    }
    created.push(name);
  }
  return created;
}
