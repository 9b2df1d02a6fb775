import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { createDream, expect, test } from './fixtures';

const NARRATIVE =
  'I was climbing a spiral staircase in an old tower. Nobody chased me, but my heart was pounding. At the top a calm sea stretched out under the moon.';

/** A mark on the word "staircase" inside `where`. */
const staircaseMark = (where: Locator) =>
  where
    .locator('mark')
    .filter({ hasText: /staircase/i })
    .first();

/**
 * Hovers the first paragraph in `reading` that discusses the staircase until `markedIn` (the dream's
 * narrative unless given) marks the word: the reading may re-render once its query settles, so a
 * hover that met the old paragraph is made again.
 */
async function hoverStaircaseParagraph(page: Page, reading: Locator, markedIn = page.getByTestId('dream-narrative')) {
  const paragraph = reading
    .locator('[data-paragraph]')
    .filter({ hasText: /staircase/i })
    .first();
  await expect(async () => {
    await page.mouse.move(0, 0);
    await paragraph.hover();
    await expect(staircaseMark(markedIn)).toBeVisible({ timeout: 2_000 });
  }).toPass();
}

/** WCAG 2 A/AA rules find nothing wrong inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  const audit = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(audit.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('"Why this reading" highlights the words of the dream a paragraph comes from', async ({ page, account }) => {
  void account;
  const dream = await createDream(page, { title: 'The tower stairs', narrative: NARRATIVE, tags: [] });
  await page.goto(`/dream/${dream.id}`);
  await page.getByRole('button', { name: 'Generate Interpretation' }).click();
  const panel = page.getByTestId('why-this-reading');
  await expect(panel.getByRole('heading', { name: 'Why this reading' })).toBeVisible();

  // Hovering the paragraph that discusses the staircase highlights "staircase" in the dream.
  await hoverStaircaseParagraph(page, page.locator('[aria-labelledby="interpretation-heading"]'));
  await expect(staircaseMark(panel)).toBeVisible();

  // The keyboard reaches every paragraph: focusing another one moves the highlight.
  const last = page.locator('[data-paragraph]').last();
  await last.focus();
  await expect(last).toBeFocused();
  await expect(panel).toContainText(`Paragraph ${await page.locator('[data-paragraph]').count()}`);

  // The negated chase is listed as deliberately left out, never as an image of the dream.
  await expect(panel).toContainText('Left out on purpose');
  await expect(panel).toContainText('chased');

  // The reading with its panel passes an accessibility audit.
  await expectAccessible(page, '[aria-labelledby="interpretation-heading"]');
});

test('an earlier reading shows its own "Why this reading", and after an edit quotes the words it read', async ({
  page,
  account,
}) => {
  test.slow();
  void account;
  const dream = await createDream(page, { title: 'The tower stairs, twice', narrative: NARRATIVE, tags: [] });
  const generate = async () => {
    const res = await page.request.post('/api/interpretations/generate', { data: { dreamId: dream.id } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number; content: string };
  };
  const first = await generate();
  await generate();

  const openEarlierWhy = async () => {
    await page.goto(`/dream/${dream.id}`);
    await page.getByRole('button', { name: 'Earlier readings (1)' }).click();
    const item = page.getByRole('list', { name: 'Earlier readings' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    // Keyboard: the disclosure opens with Enter.
    const why = item.getByRole('button', { name: 'Why this reading' });
    await expect(why).toHaveAttribute('aria-expanded', 'false');
    await why.focus();
    await page.keyboard.press('Enter');
    await expect(item.getByRole('button', { name: 'Hide why this reading' })).toHaveAttribute('aria-expanded', 'true');
    return item;
  };

  const item = await openEarlierWhy();
  const panel = item.getByTestId('why-this-reading');
  await expect(panel.getByRole('heading', { name: 'Why this reading' })).toBeVisible();
  // The earlier reading's own paragraphs, not the current one's.
  const firstParagraph = first.content.split(/\n\s*\n/)[0]?.trim() ?? '';
  await expect(item.locator('[data-paragraph="0"]')).toHaveText(firstParagraph);
  await hoverStaircaseParagraph(page, item);
  await expect(staircaseMark(panel)).toBeVisible();
  await expect(panel).not.toContainText('edited after this reading');

  // Focus (Tab) reaches the reading's paragraphs and moves the panel along.
  const last = item.locator('[data-paragraph]').last();
  await last.focus();
  await expect(last).toBeFocused();
  await expect(panel).toContainText(`Paragraph ${await item.locator('[data-paragraph]').count()}`);

  // The earlier readings with an evidence panel open pass an accessibility audit.
  await expectAccessible(page, 'ol[aria-label="Earlier readings"]');

  // After the dream is edited, the reading's words are quoted as it read them and nothing in the
  // new text is highlighted.
  const edited = await page.request.patch(`/api/dreams/${dream.id}`, {
    data: { narrative: 'A quiet forest clearing at dusk, and a fox asleep under a fern.' },
  });
  expect(edited.status()).toBe(200);
  const after = await openEarlierWhy();
  const afterPanel = after.getByTestId('why-this-reading');
  await expect(afterPanel).toContainText('Your dream was edited after this reading');
  await hoverStaircaseParagraph(page, after, afterPanel);
  await expect(afterPanel).toContainText('I was climbing a spiral staircase in an old tower.');
  const narrative = page.getByTestId('dream-narrative');
  await expect(narrative).toHaveText('A quiet forest clearing at dusk, and a fox asleep under a fern.');
  await expect(narrative.locator('mark')).toHaveCount(0);
});

test('a reading without recorded evidence (imported) says so plainly', async ({ page, account }) => {
  void account;
  const title = `Imported owl ${Date.now()}`;
  const now = new Date().toISOString();
  const imported = await page.request.post('/api/import', {
    data: {
      format: 'json',
      data: {
        format: 'dream-traveler-journal',
        version: 1,
        exportedAt: now,
        username: 'someone',
        dreams: [
          {
            ref: 1,
            title,
            narrative: 'A white owl sat on the stairs of an empty house.',
            date: null,
            timePeriod: null,
            tags: [],
            intentionRef: null,
            createdAt: now,
            interpretations: [{ content: 'The owl keeps watch over a house you have outgrown.', createdAt: now }],
          },
        ],
        intentions: [],
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const dreams = (await (await page.request.get('/api/dreams')).json()) as Array<{ id: number; title: string }>;
  const dream = dreams.find((d) => d.title === title);
  expect(dream).toBeDefined();
  await page.goto(`/dream/${dream?.id}`);
  const card = page.locator('[aria-labelledby="interpretation-heading"]');
  await expect(card.getByText('The owl keeps watch over a house you have outgrown.')).toBeVisible();
  await expect(
    card.getByText('No evidence was recorded with this reading, so there is no “Why this reading” for it.'),
  ).toBeVisible();
  await expect(card.getByTestId('why-this-reading')).toHaveCount(0);
});
