import { expect, test } from './fixtures';

const NO_SYMBOLS_FOUND =
  'No symbols found. Enter a symbol above and click "Interpret Symbol" to generate a new interpretation.';

test('the symbol dictionary is browsed one category at a time, with Load more', async ({ page, account }) => {
  void account;
  test.setTimeout(120_000);
  const categories = (await (await page.request.get('/api/dream-symbols/categories')).json()) as Array<{
    category: string;
    count: number;
  }>;
  const first = categories[0];
  if (!first) throw new Error('the dictionary has no categories');
  expect(first.count).toBeGreaterThan(16);

  await page.goto('/dream-symbols');
  await expect(page.getByRole('heading', { name: 'Dream Symbol Dictionary' })).toBeVisible();
  const chips = page.getByRole('group', { name: 'Categories' }).getByRole('button');
  await expect(chips).toHaveCount(categories.length);
  await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 2, name: first.category })).toBeVisible();
  // Nothing was searched yet, so nothing says that nothing was found.
  await expect(page.getByText(NO_SYMBOLS_FOUND)).toHaveCount(0);

  // One page of the first category, not the whole dictionary.
  const list = page.getByRole('list', { name: `${first.category} symbols` });
  await expect(list.getByRole('listitem')).toHaveCount(16);
  await page.getByRole('button', { name: 'Load more symbols' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(first.count);
  await expect(page.getByRole('button', { name: 'Load more symbols' })).toHaveCount(0);

  // Another category; the choice is in the URL and survives a reload.
  await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Water', exact: true }).click();
  await expect(page).toHaveURL(/category=Water/);
  await expect(page.getByRole('heading', { level: 2, name: 'Water' })).toBeVisible();
  await page.reload();
  const water = page.getByRole('list', { name: 'Water symbols' });
  await expect(water.getByRole('button', { name: 'ocean', exact: true })).toBeVisible();
  await water.getByRole('button', { name: 'ocean', exact: true }).click();
  const result = page.locator('[aria-labelledby="symbol-result"]');
  await expect(result.getByRole('heading', { name: 'ocean' })).toBeVisible();
  await expect(result.getByText('Interdimensional Symbol Analysis')).toBeVisible();
});

test('the dictionary search reaches every symbol, and "No symbols found" follows only a search that found nothing', async ({
  page,
  account,
}) => {
  void account;
  test.setTimeout(120_000);
  await page.goto('/dream-symbols');
  const search = page.getByRole('searchbox', { name: 'Search the dictionary' });
  // "twilight" is in the Celestial category, not on the first category's page.
  await search.fill('twiLIGHT');
  await expect(page.getByRole('heading', { name: 'Symbols matching “twiLIGHT”' })).toBeVisible();
  const matches = page.getByRole('list', { name: 'Matching symbols' });
  await expect(matches.getByRole('listitem')).toHaveCount(1);
  await expect(matches.getByRole('button', { name: /twilight/i })).toContainText('Celestial');
  await expect(page).toHaveURL(/q=twiLIGHT/);
  await expect(page.getByText(NO_SYMBOLS_FOUND)).toHaveCount(0);

  // Many matches are paged too.
  await search.fill('e');
  await expect(page.getByRole('heading', { name: 'Symbols matching “e”' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Matching symbols' }).getByRole('listitem')).toHaveCount(16);
  await page.getByRole('button', { name: 'Load more symbols' }).click();
  await expect(page.getByRole('list', { name: 'Matching symbols' }).getByRole('listitem')).toHaveCount(32);

  await search.fill('zqxvrk');
  await expect(page.getByText(NO_SYMBOLS_FOUND)).toBeVisible();
  await page.getByRole('button', { name: 'Interpret “zqxvrk”' }).click();
  await expect(page.getByText('Symbol Interpreted', { exact: true })).toBeVisible();
  await expect(
    page.locator('[aria-labelledby="symbol-result"]').getByRole('heading', { name: 'zqxvrk' }),
  ).toBeVisible();

  // Clearing the search goes back to browsing, without the empty state.
  await search.fill('');
  await expect(page.getByRole('group', { name: 'Categories' })).toBeVisible();
  await expect(page.getByText(NO_SYMBOLS_FOUND)).toHaveCount(0);
});

test('Interpret Symbol: a whitespace-only symbol gives the "Empty Input" toast; Enter interprets', async ({
  page,
  account,
}) => {
  void account;
  await page.goto('/dream-symbols');
  const input = page.getByRole('textbox', { name: 'Symbol', exact: true });
  const button = page.getByRole('button', { name: 'Interpret Symbol' });
  await expect(button).toBeDisabled();
  await input.fill('   ');
  await expect(button).toBeDisabled();
  await input.press('Enter');
  await expect(page.getByText('Empty Input', { exact: true })).toBeVisible();
  await expect(page.getByText('Please enter a symbol to interpret.', { exact: true })).toBeVisible();

  await input.fill('ocean');
  await input.press('Enter');
  await expect(page.getByText('Symbol Interpreted', { exact: true })).toBeVisible();
  const result = page.locator('[aria-labelledby="symbol-result"]');
  await expect(result.getByRole('heading', { name: 'ocean' })).toBeVisible();
  await expect(result.getByRole('heading', { name: 'Meaning' })).toBeVisible();
  await expect(result.getByRole('heading', { name: 'Associations' })).toBeVisible();
  expect(await result.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
});

test('Recently Added lists the newest symbols first with meanings clamped to 3 lines', async ({ page, account }) => {
  void account;
  const res = await page.request.post('/api/dream-symbols/interpret', { data: { symbol: 'fly' } });
  expect(res.status()).toBe(200);
  const { meaning } = (await res.json()) as { meaning: string };
  expect(meaning.length).toBeGreaterThan(300);

  await page.goto('/dream-symbols');
  await page.getByRole('tab', { name: 'Recently Added' }).click();
  const recent = page.getByRole('list', { name: 'Recently added symbols' });
  await expect(recent.getByRole('listitem')).toHaveCount(12);
  // The dictionary is shared by every test: others running in parallel may interpret a symbol after
  // this one, so "fly" is among the newest twelve rather than always first.
  const card = recent.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^fly/i }) });
  await expect(card).toHaveCount(1);
  const box = await card.getByTestId('symbol-meaning').evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
    scrollHeight: el.scrollHeight,
  }));
  // Three lines shown, the rest of the (long) meaning cut off.
  expect(box.height).toBeLessThanOrEqual(box.lineHeight * 3 + 1);
  expect(box.height).toBeGreaterThanOrEqual(box.lineHeight * 3 - 1);
  expect(box.scrollHeight).toBeGreaterThan(box.height + box.lineHeight);
});
