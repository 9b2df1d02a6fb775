import { createDream, expect, test } from './fixtures';

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
