import { createDream, expect, test } from './fixtures';

test('typing a known dream sign in the dialog highlights it', async ({ page, account }) => {
  void account;
  // Two dreams with the same staircase make it one of this dreamer's recurring signs.
  await createDream(page, { title: 'Stairs', narrative: 'I climbed an endless spiral staircase in a tower.' });
  await createDream(page, { title: 'Stairs again', narrative: 'The staircase went down into the sea.' });

  await page.goto('/journal');
  await page.getByRole('button', { name: 'New Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  const narrative = dialog.getByLabel('Dream description');
  const typed = 'At the top of the staircase I looked down at my hands.';
  await narrative.pressSequentially(typed, { delay: 15 });
  // Typing was never held up: every character arrived.
  await expect(narrative).toHaveValue(typed);

  const signs = dialog.getByRole('region', { name: 'Dream signs in what you wrote' });
  const staircase = signs
    .getByTestId('live-dream-sign')
    .filter({ has: page.locator('mark', { hasText: 'staircase' }) });
  await expect(staircase).toContainText('One of your dream signs: it has appeared in 2 of your dreams.');
  await expect(staircase.getByRole('link', { name: /Reality check/ })).toHaveAttribute(
    'href',
    '/my-symbols#check-nose',
  );
  const hands = signs.getByTestId('live-dream-sign').filter({ has: page.locator('mark', { hasText: 'hands' }) });
  await expect(hands).toContainText('Hands often look wrong in dreams.');
  await expect(hands.getByRole('link', { name: 'Reality check: Look at your hands' })).toHaveAttribute(
    'href',
    '/my-symbols#check-hands',
  );

  // Edited away, the highlight goes too.
  await narrative.fill('A quiet walk by a river.');
  await expect(signs.locator('mark')).toHaveCount(0);
});

test('editing a personal meaning changes the next reading', async ({ page, account }) => {
  void account;
  test.slow();
  const dream = await createDream(page, {
    title: 'Dark water',
    narrative: 'I waded into dark water at night and it rose to my chest.',
  });
  await page.goto(`/dream/${dream.id}`);
  await page.getByRole('button', { name: 'Generate Interpretation' }).click();
  await expect(page.getByText('Interpretation generated', { exact: true })).toBeVisible();
  const reading = page
    .locator('[aria-labelledby="interpretation-heading"]')
    .or(page.getByRole('region', { name: 'Dream Interpretation' }));
  await expect(reading.getByRole('heading', { name: 'Dream Interpretation' })).toBeVisible();

  const symbols = page.getByRole('region', { name: 'Your symbols in this dream' });
  const first = 'the quarry pond my brother and I were forbidden to swim in';
  await symbols.getByRole('button', { name: 'What water means to me' }).click();
  await symbols.getByLabel('What water means to me').fill(first);
  await symbols.getByRole('button', { name: 'Save meaning' }).click();
  await expect(symbols.getByText(`“${first}”`)).toBeVisible();

  await reading.getByRole('button', { name: 'Regenerate' }).click();
  await expect(reading.getByText(first, { exact: false })).toBeVisible();

  // A changed meaning reaches the next reading, and the old one is gone from it.
  const second = 'the calm lake at my grandparents’ cabin';
  await symbols.getByRole('button', { name: 'What water means to me' }).click();
  await symbols.getByLabel('What water means to me').fill(second);
  await symbols.getByRole('button', { name: 'Save meaning' }).click();
  await expect(symbols.getByText(`“${second}”`)).toBeVisible();
  await reading.getByRole('button', { name: 'Regenerate' }).click();
  await expect(reading.getByText(second, { exact: false })).toBeVisible();
  await expect(reading.getByText(first, { exact: false })).toHaveCount(0);

  // The lexicon page lists it with the reality checks.
  await page.goto('/my-symbols');
  await expect(page.getByRole('heading', { level: 1, name: 'My Symbols' })).toBeVisible();
  await expect(page.getByText(`“${second}”`)).toBeVisible();
  await expect(page.locator('#check-hands')).toContainText('Look at your hands');
});
