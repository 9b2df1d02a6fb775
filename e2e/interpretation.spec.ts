import { createDream, expect, test } from './fixtures';

test('generate and regenerate an interpretation on the dream detail page', async ({ page, account }) => {
  void account;
  const dream = await createDream(page, {
    title: 'The drowned lighthouse',
    narrative:
      'I was swimming in a dark ocean towards a lighthouse. A snake wrapped around the tower and I felt afraid, but then the light turned gold and I felt calm.',
    tags: ['water'],
  });
  await page.goto(`/dream/${dream.id}`);
  await expect(page.getByRole('heading', { name: 'Generate Interpretation' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate Interpretation' }).click();
  await expect(page.getByText('Interpretation generated', { exact: true })).toBeVisible();
  const card = page
    .getByRole('region', { name: 'Dream Interpretation' })
    .or(page.locator('[aria-labelledby="interpretation-heading"]'));
  await expect(card.getByRole('heading', { name: 'Dream Interpretation' })).toBeVisible();
  const first = await card.locator('p').allTextContents();
  const firstText = first.join('\n');
  expect(firstText.toLowerCase()).toContain('ocean');
  expect(firstText.toLowerCase()).toContain('snake');

  await card.getByRole('button', { name: 'Regenerate' }).click();
  await expect(card.getByRole('button', { name: 'Regenerate' })).toBeEnabled();
  await expect.poll(async () => (await card.locator('p').allTextContents()).join('\n')).not.toBe(firstText);
  const second = (await card.locator('p').allTextContents()).join('\n');
  expect(second.toLowerCase()).toContain('lighthouse');
});

test('the dream dialog can request an interpretation at save time', async ({ page, account }) => {
  void account;
  await page.goto('/journal');
  await page.getByRole('button', { name: 'New Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await dialog.getByLabel('Title').fill('Owl in the library');
  await dialog.getByLabel('Dream description').fill('A white owl was reading books in an empty library at night.');
  await dialog.getByLabel('Generate an AI interpretation when I save').check();
  await dialog.getByRole('button', { name: 'Save Dream' }).click();
  await expect(page.getByText('Interpretation generated', { exact: true })).toBeVisible();
  await page.getByRole('article', { name: 'Owl in the library' }).click();
  await expect(page.getByRole('heading', { name: 'Dream Interpretation' })).toBeVisible();
});
