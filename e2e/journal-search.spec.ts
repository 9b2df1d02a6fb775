import type { Page } from '@playwright/test';
import { createDream, expect, test } from './fixtures';

const NO_MATCH = 'No dreams match your search';

function searchUi(page: Page) {
  return {
    box: page.getByLabel('Search dreams'),
    results: page.getByRole('list', { name: 'Search results' }),
    recent: page.getByRole('list', { name: 'Dreams' }),
    summary: page.getByText(/^(\d+ dreams? match(es)?|Showing \d+ of .* matching dreams)$/),
  };
}

/** Exactly one count, and the list it describes; no other list and no empty state beside it. */
async function expectOneList(page: Page, count: string, titles: string[]) {
  const ui = searchUi(page);
  await expect(ui.summary).toHaveText(count);
  await expect(ui.summary).toHaveCount(1);
  await expect(ui.results.getByRole('article')).toHaveCount(titles.length);
  for (const title of titles) await expect(ui.results.getByRole('article', { name: title })).toBeVisible();
  await expect(page.getByText(NO_MATCH)).toHaveCount(0);
  await expect(ui.recent).toHaveCount(0);
}

test('one search, one count, one list, and the query lives in the URL (issue 9.9)', async ({ page, account }) => {
  void account;
  test.slow(); // many dreams, pages and navigations
  const attic = await createDream(page, {
    title: 'Attic climb',
    narrative: 'I climbed a staircase and found a rusty key at the top.',
  });
  await createDream(page, { title: 'Locked door', narrative: 'The key would not turn, so I went down the staircase.' });
  await Promise.all(
    Array.from({ length: 21 }, (_, i) =>
      createDream(page, { title: `Filler dream ${i + 1}`, narrative: 'Nothing happened.' }),
    ),
  );
  await createDream(page, { title: 'Spiral', narrative: 'I walked down the staircase into the fog.' });

  await page.goto('/journal');
  const ui = searchUi(page);
  await expect(ui.recent.getByRole('listitem')).toHaveCount(20);

  // Both matches are older than the 20 loaded dreams: once a client filter said "No dreams match" above them.
  await ui.box.fill('staircase key');
  await expectOneList(page, '2 dreams match', ['Attic climb', 'Locked door']);
  await expect(page).toHaveURL(/\/journal\?q=staircase\+key$/);

  // Reload and Back keep the search.
  await page.reload();
  await expect(ui.box).toHaveValue('staircase key');
  await expectOneList(page, '2 dreams match', ['Attic climb', 'Locked door']);
  await ui.results.getByRole('link', { name: 'Attic climb' }).click();
  await expect(page).toHaveURL(new RegExp(`/dream/${attic.id}$`));
  await page.goBack();
  await expect(page).toHaveURL(/\/journal\?q=staircase\+key$/);
  await expect(ui.box).toHaveValue('staircase key');
  await expectOneList(page, '2 dreams match', ['Attic climb', 'Locked door']);

  // Once "3 dreams match" above 2 listed.
  await ui.box.fill('the staircase');
  await expectOneList(page, '3 dreams match', ['Attic climb', 'Locked door', 'Spiral']);
  // Once 4 cards above "1 dream matches".
  await ui.box.fill('Filler dream 1');
  await expectOneList(page, '1 dream matches', ['Filler dream 1']);

  // One empty state, and Clear Search brings back the journal and a plain URL.
  await ui.box.fill('zebra crossing');
  await expect(page.getByText(NO_MATCH)).toHaveCount(1);
  await expect(ui.summary).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(ui.box).toHaveValue('');
  await expect(page).toHaveURL(/\/journal$/);
  await expect(ui.recent.getByRole('listitem')).toHaveCount(20);
});

test('search pages through every match, and the count follows the list', async ({ page, account }) => {
  void account;
  test.slow(); // many dreams, pages and navigations
  await Promise.all(
    Array.from({ length: 45 }, (_, i) =>
      createDream(page, { title: `Lantern night ${i}`, narrative: 'I carried a paper lantern through the fog.' }),
    ),
  );
  await page.goto('/journal?q=lantern');
  const ui = searchUi(page);
  await expect(ui.box).toHaveValue('lantern');
  await expect(ui.summary).toHaveText('Showing 20 of 45 matching dreams');
  await expect(ui.results.getByRole('listitem')).toHaveCount(20);
  await page.getByRole('button', { name: 'Show more results' }).click();
  await expect(ui.summary).toHaveText('Showing 40 of 45 matching dreams');
  await expect(ui.results.getByRole('listitem')).toHaveCount(40);
  await page.getByRole('button', { name: 'Show more results' }).click();
  await expect(ui.summary).toHaveText('45 dreams match');
  await expect(ui.results.getByRole('listitem')).toHaveCount(45);
  await expect(page.getByRole('button', { name: 'Show more results' })).toHaveCount(0);
  await expect(ui.results.getByRole('article', { name: 'Lantern night 0' })).toBeVisible();
});

test('tag chips filter the journal by their tag, by mouse and keyboard; #tag and typos in the box (issue 9.10)', async ({
  page,
  account,
}) => {
  void account;
  test.slow(); // many dreams, pages and navigations
  await page.setViewportSize({ width: 390, height: 844 });
  const longTag = 'x'.repeat(40);
  const hallway = await createDream(page, {
    title: 'Same hallway',
    narrative: 'The hallway again, every door locked.',
    tags: ['recurring', 'hallway', longTag],
  });
  await createDream(page, {
    title: 'Midnight light',
    narrative: 'A light was on in the kichen at midnight.',
    tags: ['recurring'],
  });
  await createDream(page, { title: 'A recurring thought', narrative: 'Not tagged, only the word recurring.' });

  await page.goto('/journal');
  const ui = searchUi(page);
  // A chip filters instead of opening the dream.
  await ui.recent
    .getByRole('article', { name: 'Same hallway' })
    .getByRole('button', { name: 'Show dreams tagged recurring' })
    .click();
  await expect(page).toHaveURL(/\/journal\?q=%23recurring$/);
  await expect(ui.box).toHaveValue('#recurring');
  await expectOneList(page, '2 dreams match', ['Same hallway', 'Midnight light']);
  // No sideways scroll on a phone, even with a 40-letter tag.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Keyboard: a chip is a focusable, labelled button.
  const hallwayChip = ui.results.getByRole('button', { name: 'Show dreams tagged hallway' });
  await hallwayChip.focus();
  await expect(hallwayChip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/journal\?q=%23hallway$/);
  await expect(ui.box).toHaveValue('#hallway');
  await expectOneList(page, '1 dream matches', ['Same hallway']);
  await page.goBack();
  await expect(ui.box).toHaveValue('#recurring');
  await expectOneList(page, '2 dreams match', ['Same hallway', 'Midnight light']);

  // The detail page's chips too.
  await page.goto(`/dream/${hallway.id}`);
  await page.getByRole('button', { name: 'Show dreams tagged hallway' }).click();
  await expect(page).toHaveURL(/\/journal\?q=%23hallway$/);
  await expectOneList(page, '1 dream matches', ['Same hallway']);

  // #tag with a word, and a typo in the dream.
  await ui.box.fill('#recurring door');
  await expectOneList(page, '1 dream matches', ['Same hallway']);
  await ui.box.fill('kitchen');
  await expectOneList(page, '1 dream matches', ['Midnight light']);
  await expect(ui.results.locator('mark', { hasText: 'kichen' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
