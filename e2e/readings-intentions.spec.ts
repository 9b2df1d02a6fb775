import type { Page } from '@playwright/test';
import { createDream, expect, test } from './fixtures';

// Issue #9.17 (earlier readings, out-of-date readings), #9.18 (intention outcomes, tonight's
// intention, the user's own tag suggestions) and the tag part of #9.12 (say why a tag is refused).

async function generateReading(page: Page, dreamId: number): Promise<string> {
  const res = await page.request.post('/api/interpretations/generate', { data: { dreamId } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { content: string }).content;
}

/** The page does not scroll sideways (checked at 390 × 844, a phone). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const readingCard = (page: Page) => page.locator('[aria-labelledby="interpretation-heading"]');
const cardText = async (page: Page) => (await readingCard(page).locator('p').allTextContents()).join('\n');

test('regenerating keeps the earlier reading, listed with its date under "Earlier readings"', async ({
  page,
  account,
}) => {
  void account;
  const dream = await createDream(page, {
    title: 'The drowned lighthouse',
    narrative:
      'I swam towards a lighthouse in a dark ocean. A snake wrapped around the tower, then the light turned gold.',
  });
  const first = await generateReading(page, dream.id);
  const firstParagraph = first.split(/\n\s*\n/)[0]?.trim() ?? '';
  expect(firstParagraph.length).toBeGreaterThan(20);

  await page.goto(`/dream/${dream.id}`);
  await expect(readingCard(page).getByText(firstParagraph)).toBeVisible();
  await expect(page.getByRole('button', { name: /Earlier readings/ })).toHaveCount(0);
  await expect(page.getByText('This reading was written before your last edit.')).toHaveCount(0);

  await readingCard(page).getByRole('button', { name: 'Regenerate' }).click();
  await expect.poll(() => cardText(page)).not.toContain(firstParagraph);

  const toggle = page.getByRole('button', { name: 'Earlier readings (1)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('list', { name: 'Earlier readings' })).toHaveCount(0);
  // Keyboard: focus the disclosure and open it with Enter, close it with Space.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const earlier = page.getByRole('list', { name: 'Earlier readings' }).getByRole('listitem');
  await expect(earlier).toHaveCount(1);
  await expect(earlier.getByText(firstParagraph)).toBeVisible();
  await expect(earlier.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('list', { name: 'Earlier readings' })).toHaveCount(0);

  // Still there after a reload: the server keeps every reading.
  await page.reload();
  await page.getByRole('button', { name: 'Earlier readings (1)' }).click();
  await expect(page.getByRole('list', { name: 'Earlier readings' }).getByText(firstParagraph)).toBeVisible();
});

test('editing a dream marks its reading as written before the edit, until it is read again', async ({
  page,
  account,
}) => {
  void account;
  const dream = await createDream(page, {
    title: 'Owl in the library',
    narrative: 'A white owl was reading books in an empty library at night.',
  });
  await generateReading(page, dream.id);
  await page.goto(`/dream/${dream.id}`);
  await expect(page.getByRole('heading', { name: 'Dream Interpretation' })).toBeVisible();
  const note = page.getByText('This reading was written before your last edit.');
  await expect(note).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Dream' });
  await dialog
    .getByLabel('Dream description')
    .fill('A white owl was reading books in an empty library, then it flew out over a frozen lake.');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Dream updated', { exact: true })).toBeVisible();
  await expect(note).toBeVisible();
  await page.reload();
  await expect(note).toBeVisible();

  await page.getByRole('button', { name: 'Read the edited dream' }).click();
  await expect(note).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Earlier readings (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Earlier readings (1)' }).click();
  await expect(
    page.getByRole('list', { name: 'Earlier readings' }).getByText(/written before your last edit/),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dream Interpretation' })).toBeVisible();
  await expect(note).toHaveCount(0);
});

test('tonight’s intention stands apart; an outcome can be success or "didn\'t work", and undone', async ({
  page,
  account,
}) => {
  void account;
  const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
  const old = await page.request.post('/api/intentions', {
    data: { text: 'Find the silver door', date: threeDaysAgo },
  });
  expect(old.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/intentions');
  const previous = page.getByRole('region', { name: 'Previous Intentions' });
  const tonight = page.getByRole('region', { name: "Tonight's intention" });
  await expect(previous.getByRole('listitem', { name: 'Find the silver door' })).toBeVisible();
  await expect(tonight).toHaveCount(0);

  await page.getByLabel('Your intention for tonight').fill('I will see my hands and know I am dreaming');
  await page.getByRole('button', { name: 'Set Intention' }).click();
  await expect(tonight.getByText('I will see my hands and know I am dreaming')).toBeVisible();
  await expect(previous.getByText('I will see my hands')).toHaveCount(0);
  await expect(previous.getByRole('listitem')).toHaveCount(1);
  await expectNoSidewaysScroll(page);

  const item = previous.getByRole('listitem', { name: 'Find the silver door' });
  await item.getByRole('button', { name: "Didn't work" }).click();
  await expect(page.getByText("Marked as didn't work", { exact: true })).toBeVisible();
  await expect(item.getByText("Didn't work", { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Mark as successful' })).toHaveCount(0);

  await item.getByRole('button', { name: 'Undo "Didn\'t work"' }).click();
  await expect(item.getByRole('button', { name: 'Mark as successful' })).toBeVisible();
  await expect(item.getByRole('button', { name: "Didn't work" })).toBeVisible();
  await expect(item.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
  // The only "Didn't work" left is the button: the badge is gone.
  await expect(item.getByText("Didn't work", { exact: true })).toHaveCount(1);

  await item.getByRole('button', { name: 'Mark as successful' }).click();
  await expect(item.getByText('Success', { exact: true })).toBeVisible();
  await page.reload();
  await expect(item.getByText('Success', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Undo "Success"' }).click();
  await expect(item.getByRole('button', { name: 'Mark as successful' })).toBeVisible();
  await page.reload();
  await expect(item.getByRole('button', { name: 'Mark as successful' })).toBeVisible();
  await expect(item.getByText('Success', { exact: true })).toHaveCount(0);
  await expect(tonight.getByRole('button', { name: 'Mark as successful' })).toBeVisible();
});

test('tag suggestions are the starter words for a new user, then the user’s own most used tags', async ({
  page,
  account,
}) => {
  void account;
  const suggestions = async () => {
    await page.goto('/journal');
    await page.getByRole('button', { name: 'New Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a Dream' });
    await dialog.getByRole('combobox', { name: 'Tags' }).focus();
    const list = dialog.getByRole('listbox', { name: 'Tag suggestions' });
    await expect(list).toBeVisible();
    return list.getByRole('option').allTextContents();
  };
  expect(await suggestions()).toEqual(['flying', 'portal', 'guide', 'lucid', 'contact']);

  await createDream(page, { tags: ['ocean', 'grandmother'] });
  await createDream(page, { tags: ['ocean', 'stairs'] });
  await createDream(page, { tags: ['ocean', 'grandmother'] });
  expect(await suggestions()).toEqual(['ocean', 'grandmother', 'stairs']);
});

test('a tag that is too long or one too many is refused with a message that says why', async ({ page, account }) => {
  void account;
  await page.goto('/journal');
  await page.getByRole('button', { name: 'New Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  const tags = dialog.getByRole('combobox', { name: 'Tags' });
  const chips = dialog.getByRole('list', { name: 'Selected tags' }).getByRole('listitem');

  await tags.fill('a-very-long-tag-that-goes-on-and-on-forever');
  await tags.press('Enter');
  const tooLong = dialog.getByText('A tag can be at most 40 characters', { exact: true });
  await expect(tooLong).toBeVisible();
  await expect(tooLong).toHaveAttribute('aria-live', 'polite');
  await expect(tags).toHaveAttribute('aria-invalid', 'true');
  await expect(tags).toHaveValue('a-very-long-tag-that-goes-on-and-on-forever');
  await expect(chips).toHaveCount(0);

  await tags.fill('short');
  await expect(tooLong).toHaveCount(0);
  await tags.press('Enter');
  for (let i = 1; i < 20; i++) {
    await tags.fill(`tag${i}`);
    await tags.press('Enter');
  }
  await expect(chips).toHaveCount(20);
  await tags.fill('one-more');
  await tags.press('Enter');
  await expect(dialog.getByText('A dream can have at most 20 tags', { exact: true })).toBeVisible();
  await expect(chips).toHaveCount(20);
});
