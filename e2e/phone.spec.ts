// Runs in the `phone` project only (390 × 844, touch): no page or open dialog scrolls sideways, and the
// main button of each is on screen, for a user whose journal is full of long words, URLs and tags.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { buildAccount, createDream, expect, signUpViaApi, test } from './fixtures';
import { checkPage } from './phone-checks';

const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3);
const LONG_URL = `https://dreams.example.test/${'lucid-dreaming-notes/'.repeat(22)}index.html`;
/** 56 characters: an ordinary intention that once widened the dream dialog past the screen. */
const ORDINARY_INTENTION = 'I will look at my hands and know that I am dreaming now.';

interface LongJournal {
  username: string;
  dreamId: number;
  dreamTitle: string;
}

/** A user with the longest name allowed and content made of long words and URLs. */
async function signUpWithLongContent(page: Page): Promise<LongJournal> {
  const username = `dreamer_${randomBytes(12).toString('hex')}`;
  expect(username).toHaveLength(32);
  await signUpViaApi(page, buildAccount({ username }));

  const ordinary = await page.request.post('/api/intentions', { data: { text: ORDINARY_INTENTION } });
  expect(ordinary.status(), await ordinary.text()).toBe(201);
  const { id: intentionId } = (await ordinary.json()) as { id: number };
  for (const text of [LONG_URL, `${LONG_WORD} ${LONG_WORD}`]) {
    const res = await page.request.post('/api/intentions', { data: { text } });
    expect(res.status(), await res.text()).toBe(201);
  }

  const dreamTitle = `${LONG_WORD.slice(0, 120)} over the ${'x'.repeat(60)}`.slice(0, 200);
  const dream = await createDream(page, {
    title: dreamTitle,
    narrative: `I followed ${LONG_URL} into a library where the shelves said ${LONG_WORD}.\n\n${LONG_WORD}${LONG_WORD}`,
    tags: Array.from({ length: 20 }, (_, i) => `${String.fromCharCode(97 + i)}${'m'.repeat(39)}`),
    intentionId,
  });
  await createDream(page, {
    title: `Period ${LONG_WORD}`,
    narrative: LONG_WORD,
    timePeriod: 'early_childhood',
    tags: [LONG_WORD.slice(0, 40)],
  });
  const reading = await page.request.post('/api/interpretations/generate', { data: { dreamId: dream.id } });
  expect(reading.status(), await reading.text()).toBe(201);
  return { username, dreamId: dream.id, dreamTitle };
}

test('public pages fit a phone', async ({ page }) => {
  test.setTimeout(180_000);
  const pages: Array<[string, string, string | null]> = [
    ['/landing', 'Explore the worlds you visit', 'Create Account'],
    ['/login', 'Log In', 'Log In'],
    ['/auth', 'Welcome Back', 'Log In'],
    ['/register', 'Create Account', 'Create Account'],
    ['/basic-register', 'Join', 'Create Account'],
    ['/privacy', 'Privacy', null],
    ['/terms', 'Terms', null],
    ['/support', 'Support', null],
    ['/no/such/place', '404 Page Not Found', 'Return Home'],
  ];
  for (const [path, heading, button] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    const main =
      path === '/no/such/place'
        ? page.getByRole('link', { name: 'Return Home' })
        : button
          ? page.getByRole('main').getByRole(path === '/landing' ? 'link' : 'button', { name: button, exact: true })
          : undefined;
    await checkPage(page, path, main);
  }
  // A failed sign-in shows its alert and toast on the phone too.
  await page.goto('/login');
  await page.getByLabel('Username').fill(`nobody_${LONG_WORD}`.slice(0, 32));
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  await checkPage(page, '/login failed', page.getByRole('button', { name: 'Log In' }));
});

test('home, journal, search, the dream dialog, import and the user menu fit a phone', async ({ page }) => {
  test.setTimeout(180_000);
  const journal = await signUpWithLongContent(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(journal.username) })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent dreams' }).getByRole('article')).toHaveCount(2);
  await checkPage(page, 'home', page.getByRole('link', { name: 'Journal' }).first());

  // The user menu.
  await page.getByRole('button', { name: `Account menu for ${journal.username}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await checkPage(page, 'user menu', menu.getByRole('menuitem', { name: 'Logout' }));
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await page.goto('/journal');
  const newEntry = page.getByRole('button', { name: 'New Entry' });
  await expect(page.getByRole('list', { name: 'Dreams' }).getByRole('article')).toHaveCount(2);
  await checkPage(page, 'journal', newEntry);

  // Search: one list of results from every dream, with its tag chips.
  await page.getByRole('searchbox', { name: 'Search dreams' }).fill('library');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('article')).toHaveCount(1);
  await checkPage(page, 'journal search', page.getByRole('searchbox', { name: 'Search dreams' }));
  await page.getByRole('searchbox', { name: 'Search dreams' }).fill('');

  // The new-dream dialog with long text typed in, every optional part open.
  await newEntry.click();
  const dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await expect(dialog).toBeVisible();
  await checkPage(page, 'new dream dialog', dialog.getByRole('button', { name: 'Save Dream' }));
  await dialog.getByLabel('Title').fill(LONG_WORD);
  await dialog.getByLabel('Dream description').fill(`${LONG_URL} ${LONG_WORD}`);
  const tags = dialog.getByRole('combobox', { name: 'Tags' });
  for (const tag of ['q'.repeat(40), 'w'.repeat(40), 'e'.repeat(40)]) {
    await tags.fill(tag);
    await tags.press('Enter');
  }
  await tags.fill('');
  await expect(dialog.getByRole('listbox', { name: 'Tag suggestions' })).toBeVisible();
  await dialog.getByLabel('Linked intention (optional)').selectOption({ label: ORDINARY_INTENTION });
  await checkPage(page, 'new dream dialog, filled', dialog.getByRole('button', { name: 'Save Dream' }));
  await dialog.getByLabel("I don't remember the exact date").check();
  await expect(dialog.getByLabel('Time period')).toBeVisible();
  await checkPage(page, 'new dream dialog, time period', dialog.getByRole('button', { name: 'Save Dream' }));

  // Closed with Escape, it comes back with the draft restored.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await newEntry.click();
  await expect(dialog.getByText('Your unsaved draft was restored.')).toBeVisible();
  await checkPage(page, 'new dream dialog, restored draft', dialog.getByRole('button', { name: 'Save Dream' }));
  await dialog.getByRole('button', { name: 'Save Dream' }).click();
  await expect(page.getByText('Dream recorded', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await checkPage(page, 'journal with a toast', newEntry);

  // Import: the dialog, then a preview of long titles.
  await page.getByRole('button', { name: 'Import' }).click();
  const importer = page.getByRole('dialog', { name: 'Import dreams' });
  await expect(importer).toBeVisible();
  await checkPage(page, 'import dialog', importer.getByLabel('File to import'));
  const csv = [
    'date,title,narrative,tags',
    `2026-01-02,${LONG_WORD},${LONG_URL},${'k'.repeat(40)}`,
    `2026-01-03,Short one,A short narrative,`,
  ].join('\n');
  await importer.getByLabel('File to import').setInputFiles({
    name: `${LONG_WORD}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(importer.getByTestId('import-preview')).toBeVisible();
  await checkPage(page, 'import preview', importer.getByRole('button', { name: 'Import', exact: true }));
  await page.keyboard.press('Escape');
  await expect(importer).toBeHidden();
});

test('dream detail, edit, delete and intentions fit a phone', async ({ page }) => {
  test.setTimeout(180_000);
  const journal = await signUpWithLongContent(page);

  await page.goto(`/dream/${journal.dreamId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(journal.dreamTitle);
  await expect(page.getByRole('heading', { name: 'Dream Interpretation' })).toBeVisible();
  await checkPage(page, 'dream detail', page.getByRole('button', { name: 'Edit' }));

  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Dream' });
  await expect(edit.getByLabel('Title')).toHaveValue(journal.dreamTitle);
  await expect(edit.getByLabel('Linked intention (optional)')).toHaveValue(/\d+/);
  await checkPage(page, 'edit dream dialog', edit.getByRole('button', { name: 'Save Changes' }));
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this dream?' });
  await expect(confirm).toBeVisible();
  await checkPage(page, 'delete confirmation', confirm.getByRole('button', { name: 'Delete' }));
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await page.goto('/intentions');
  await expect(page.getByText(LONG_URL)).toBeVisible();
  await checkPage(page, 'intentions', page.getByRole('button', { name: 'Set Intention' }));
  await page.getByLabel('Your intention for tonight').fill(LONG_WORD);
  await page.getByRole('button', { name: 'Set Intention' }).click();
  await expect(page.getByText('Intention set', { exact: true })).toBeVisible();
  await checkPage(page, 'intentions after setting one', page.getByRole('button', { name: 'Set Intention' }));

  // An unknown page answers with the 404 page inside the signed-in shell (/insights has its own check now).
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await checkPage(page, 'signed-in 404', page.getByRole('link', { name: 'Return Home' }));
});

test('the symbol dictionary fits a phone and starts at a reasonable height', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpWithLongContent(page);
  await page.goto('/dream-symbols');
  await expect(page.getByRole('group', { name: 'Categories' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more symbols' })).toBeVisible();
  await checkPage(page, 'symbol dictionary', page.getByRole('button', { name: 'Interpret Symbol' }));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(6000);

  await page.getByRole('textbox', { name: 'Symbol', exact: true }).fill(LONG_WORD.slice(0, 60));
  await page.getByRole('button', { name: 'Interpret Symbol' }).click();
  await expect(page.locator('[aria-labelledby="symbol-result"]')).toBeVisible();
  await checkPage(page, 'symbol reading', page.getByRole('button', { name: 'Interpret Symbol' }));

  await page.getByRole('searchbox', { name: 'Search the dictionary' }).fill(LONG_WORD.slice(0, 60));
  await expect(page.getByRole('heading', { name: /Symbols matching/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Interpret “/ })).toBeVisible();
  await checkPage(page, 'symbol search, nothing found', page.getByRole('button', { name: /^Interpret “/ }));
  await page.getByRole('searchbox', { name: 'Search the dictionary' }).fill('light');
  await expect(page.getByRole('list', { name: 'Matching symbols' })).toBeVisible();
  await checkPage(page, 'symbol search', page.getByRole('button', { name: 'Interpret Symbol' }));

  await page.getByRole('tab', { name: 'Recently Added' }).click();
  await expect(page.getByRole('list', { name: 'Recently added symbols' })).toBeVisible();
  await checkPage(page, 'recently added symbols', page.getByRole('button', { name: 'Interpret Symbol' }));
});

test('the guided library, its dialogs and the ambient player fit a phone', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpViaApi(page);
  await page.goto('/guided-library');
  await expect(page.getByRole('list', { name: 'All Content list' })).toBeVisible();
  await checkPage(page, 'guided library', page.getByRole('button', { name: 'Create Personalized Content' }));
  await page.getByRole('tab', { name: 'Exercises' }).click();
  await checkPage(page, 'guided library, exercises', page.getByRole('tab', { name: 'All Content' }));
  const player = page.getByRole('region', { name: 'Ambient music player' });
  await checkPage(page, 'ambient player', player.getByRole('button', { name: 'Play' }));

  await page.getByRole('tab', { name: 'All Content' }).click();
  await page
    .getByRole('list', { name: 'All Content list' })
    .getByRole('button', { name: /Astral Projection Guide/ })
    .click();
  const detail = page.getByRole('dialog', { name: 'Astral Projection Guide' });
  await checkPage(page, 'guided detail', detail.getByRole('tab', { name: 'Background Audio' }));
  await detail.getByRole('tab', { name: 'Background Audio' }).click();
  await checkPage(page, 'guided detail, audio', detail.getByRole('button', { name: 'Play' }));
  await detail.getByRole('tab', { name: 'Details' }).click();
  await checkPage(page, 'guided detail, details', detail.getByRole('tab', { name: 'Content' }));
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Create Personalized Content' }).click();
  const create = page.getByRole('dialog', { name: 'Create Personalized Content' });
  await create.getByLabel('Focus area').fill(LONG_WORD.slice(0, 120));
  await create.getByLabel('Preferences (optional)').fill(`${LONG_URL} ${LONG_WORD}`);
  await checkPage(page, 'personalized dialog', create.getByRole('button', { name: 'Generate Content' }));
  await create.getByRole('button', { name: 'Generate Content' }).click();
  const card = page.getByRole('region', { name: 'Your Personalized Content' });
  await expect(card).toBeVisible();
  await checkPage(page, 'personalized card', card.getByRole('button', { name: 'Open practice' }));
  await card.getByRole('button', { name: 'Open practice' }).click();
  await checkPage(page, 'personalized detail', page.getByRole('dialog').getByRole('tab', { name: 'Content' }));
});

test('live dream signs in the dream dialog and the My Symbols page fit a phone', async ({ page }) => {
  test.slow();
  await signUpViaApi(page);
  await createDream(page, { title: 'Clock', narrative: `A clock tower over ${LONG_WORD}.` });
  await createDream(page, { title: 'Clock again', narrative: 'The clock tower chimed thirteen.' });
  await page.request.put('/api/lexicon/clock', { data: { meaning: `${LONG_WORD} ${LONG_URL}` } });
  await page.goto('/journal');
  await page.getByRole('button', { name: 'New Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await dialog
    .getByLabel('Dream description')
    .fill(`The clock tower again, ${LONG_WORD}, and I flew over ${LONG_URL}.`);
  await expect(dialog.locator('mark', { hasText: 'clock' })).toBeVisible();
  await expect(dialog.locator('mark', { hasText: 'flew' })).toBeVisible();
  await checkPage(page, 'dream dialog with dream signs', dialog.getByRole('button', { name: 'Save Dream' }));
  await page.keyboard.press('Escape');
  await page.goto('/my-symbols');
  await expect(page.getByRole('heading', { level: 1, name: 'My Symbols' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'What clock means to me' })).toBeVisible();
  await checkPage(page, '/my-symbols', page.getByRole('button', { name: 'Save meaning' }));
});

test('insights, profile and its dialogs fit a phone', async ({ page }) => {
  test.setTimeout(180_000);
  const { username } = await signUpWithLongContent(page);
  await createDream(page, { title: 'Lucid harbour', narrative: 'I knew I was dreaming.', tags: ['lucid'] });
  await page.goto('/insights');
  await expect(page.getByRole('grid', { name: /Dreams per day/ })).toBeVisible();
  await expect(page.getByTestId('lucid-chart').locator('.recharts-bar-rectangle').first()).toBeAttached();
  await checkPage(page, 'insights', page.getByRole('button', { name: 'Generate new interpretation' }));

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
  await checkPage(page, 'profile', page.getByRole('button', { name: 'Edit Profile' }));
  await page.getByRole('button', { name: 'Customize Marble' }).click();
  const marble = page.getByRole('dialog', { name: 'Customize Marble' });
  await expect(marble.getByRole('img', { name: 'Preview of your marble' })).toBeVisible();
  await checkPage(page, 'customize marble dialog', marble.getByRole('button', { name: 'Save Marble' }));
  await marble.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Profile' });
  await checkPage(page, 'edit profile dialog', edit.getByRole('button', { name: 'Save Changes' }));
});
