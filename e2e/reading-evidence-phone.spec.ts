import { createDream, expect, test } from './fixtures';
import { expectNoSidewaysScroll, expectOnScreen } from './phone-checks';

test('on a phone, tapping a paragraph shows its source words without sideways scroll', async ({ page, account }) => {
  void account;
  const dream = await createDream(page, {
    title: 'Owl at the window',
    narrative: 'A white owl sat at my bedroom window. It looked at me calmly and I felt safe.',
    tags: [],
  });
  await page.goto(`/dream/${dream.id}`);
  await page.getByRole('button', { name: 'Generate Interpretation' }).click();
  const panel = page.getByTestId('why-this-reading');
  await expect(panel).toBeVisible();
  const paragraph = page.locator('[data-paragraph]').filter({ hasText: /owl/i }).first();
  await paragraph.tap();
  await expect(panel.locator('mark').filter({ hasText: /owl/i }).first()).toBeVisible();
  await expect(page.getByTestId('dream-narrative').locator('mark').filter({ hasText: /owl/i }).first()).toBeAttached();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('on a phone, an earlier reading opens its own "Why this reading" without sideways scroll', async ({
  page,
  account,
}) => {
  test.slow();
  void account;
  const dream = await createDream(page, {
    title: 'Owl on the stairs',
    narrative:
      'A white owl sat on the stairs of my grandmother’s house. It looked at me calmly and I felt safe, then it flew through the open window.',
    tags: [],
  });
  for (let i = 0; i < 2; i++) {
    const res = await page.request.post('/api/interpretations/generate', { data: { dreamId: dream.id } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto(`/dream/${dream.id}`);
  await page.getByRole('button', { name: 'Earlier readings (1)' }).tap();
  const item = page.getByRole('list', { name: 'Earlier readings' }).getByRole('listitem');
  const why = item.getByRole('button', { name: 'Why this reading' });
  await expectOnScreen(page, why, 'the earlier reading’s "Why this reading" button');
  await why.tap();
  const panel = item.getByTestId('why-this-reading');
  await expect(panel).toBeVisible();
  await item.locator('[data-paragraph]').filter({ hasText: /owl/i }).first().tap();
  await expect(panel.locator('mark').filter({ hasText: /owl/i }).first()).toBeVisible();
  await expect(page.getByTestId('dream-narrative').locator('mark').filter({ hasText: /owl/i }).first()).toBeAttached();
  await expectNoSidewaysScroll(page, 'an earlier reading with its evidence open');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('earlier-reading-why.png') });
});
