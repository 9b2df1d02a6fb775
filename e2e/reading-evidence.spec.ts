import AxeBuilder from '@axe-core/playwright';
import { createDream, expect, test } from './fixtures';

const NARRATIVE =
  'I was climbing a spiral staircase in an old tower. Nobody chased me, but my heart was pounding. At the top a calm sea stretched out under the moon.';

test('"Why this reading" highlights the words of the dream a paragraph comes from', async ({ page, account }) => {
  void account;
  const dream = await createDream(page, { title: 'The tower stairs', narrative: NARRATIVE, tags: [] });
  await page.goto(`/dream/${dream.id}`);
  await page.getByRole('button', { name: 'Generate Interpretation' }).click();
  const panel = page.getByTestId('why-this-reading');
  await expect(panel.getByRole('heading', { name: 'Why this reading' })).toBeVisible();
  const narrative = page.getByTestId('dream-narrative');

  // Hovering the paragraph that discusses the staircase highlights "staircase" in the dream.
  const paragraph = page
    .locator('[data-paragraph]')
    .filter({ hasText: /staircase/i })
    .first();
  // The reading may re-render once its query settles; hover again if the first hover met the old paragraph.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await paragraph.hover();
    await expect(
      narrative
        .locator('mark')
        .filter({ hasText: /staircase/i })
        .first(),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(
    panel
      .locator('mark')
      .filter({ hasText: /staircase/i })
      .first(),
  ).toBeVisible();

  // The keyboard reaches every paragraph: focusing another one moves the highlight.
  const last = page.locator('[data-paragraph]').last();
  await last.focus();
  await expect(last).toBeFocused();
  await expect(panel).toContainText(`Paragraph ${await page.locator('[data-paragraph]').count()}`);

  // The negated chase is listed as deliberately left out, never as an image of the dream.
  await expect(panel).toContainText('Left out on purpose');
  await expect(panel).toContainText('chased');

  // The reading with its panel passes an accessibility audit (WCAG 2 A/AA rules).
  const audit = await new AxeBuilder({ page })
    .include('[aria-labelledby="interpretation-heading"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(audit.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
