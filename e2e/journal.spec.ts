import { readFile } from 'node:fs/promises';
import { buildAccount, createDream, expect, signUpViaApi, test } from './fixtures';

test('record a dream with tags, see it on Home and Journal, edit it', async ({ page, account }) => {
  void account;
  await page.goto('/journal');
  await expect(page.getByText('Your journal is empty')).toBeVisible();
  await page.getByRole('button', { name: 'New Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a Dream' });

  await dialog.getByRole('button', { name: 'Save Dream' }).click();
  await expect(page.getByText('Validation Error', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Title is required')).toBeVisible();

  await dialog.getByLabel('Title').fill('Glass staircase');
  await dialog.getByLabel('Dream description').fill('I climbed a staircase made of glass above a silver ocean.');
  const tags = dialog.getByRole('combobox', { name: 'Tags' });
  await tags.fill('  Ocean ');
  await tags.press('Enter');
  await tags.fill('stairs');
  await tags.press('Enter');
  await tags.fill('ocean');
  await tags.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Selected tags' }).getByRole('listitem')).toHaveCount(2);
  await tags.press('Backspace');
  await expect(dialog.getByRole('button', { name: 'Remove tag stairs' })).toHaveCount(0);
  await dialog.getByRole('option', { name: 'lucid' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove tag lucid' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Dream' }).click();

  await expect(page.getByText('Dream recorded', { exact: true })).toBeVisible();
  const card = page.getByRole('article', { name: 'Glass staircase' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Today')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Tags' }).getByText('ocean', { exact: true })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('article', { name: 'Glass staircase' }).getByText('Today')).toBeVisible();
  await page.getByRole('article', { name: 'Glass staircase' }).click();
  await expect(page.getByRole('heading', { name: 'Glass staircase' })).toBeVisible();
  await expect(page.getByText('Lucid Dream', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Dream' });
  await edit.getByLabel('Title').fill('Glass staircase at dawn');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Dream updated', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Glass staircase at dawn' })).toBeVisible();
});

test('detail page: lucid label, delete with confirmation, missing dream', async ({ page, account }) => {
  void account;
  const lucid = await createDream(page, {
    title: 'Hands with six fingers',
    narrative: 'I counted my fingers and became lucid.',
    tags: ['lucid'],
  });
  await page.goto(`/dreams/${lucid.id}`);
  await expect(page).toHaveURL(new RegExp(`/dream/${lucid.id}$`));
  await expect(page.getByText('Lucid Dream', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(
    confirm.getByText('This will permanently delete this dream entry from your journal. This action cannot be undone.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/journal$/);
  await expect(page.getByText('Dream deleted', { exact: true })).toBeVisible();

  await page.goto(`/dream/${lucid.id}`);
  await expect(page.getByText('Dream not found', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/journal$/);
});

test('an unsaved draft survives closing the dialog and reloading the page', async ({ page, account }) => {
  void account;
  await page.goto('/journal');
  await page.getByRole('button', { name: 'New Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a Dream' });
  await dialog.getByLabel('Title').fill('Half-remembered tower');
  await dialog.getByLabel('Dream description').fill('There was a tower with a clock that');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await page.getByRole('button', { name: 'New Entry' }).click();
  await expect(page.getByText('Your unsaved draft was restored.')).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue('Half-remembered tower');
  await expect(dialog.getByLabel('Dream description')).toHaveValue('There was a tower with a clock that');
  await dialog.getByRole('button', { name: 'Save Dream' }).click();
  await expect(page.getByRole('article', { name: 'Half-remembered tower' })).toBeVisible();
  await page.getByRole('button', { name: 'New Entry' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('');
});

test('an intention is set, marked successful and shows the Success badge', async ({ page, account }) => {
  void account;
  await page.goto('/intentions');
  await expect(page.getByText('No previous intentions set')).toBeVisible();
  await page.getByLabel('Your intention for tonight').fill('I will look at my hands and know I am dreaming');
  await page.getByRole('button', { name: 'Set Intention' }).click();
  // Set tonight, it is tonight's intention, not a previous one (issue #9.18).
  const item = page.getByRole('region', { name: "Tonight's intention" });
  await expect(item.getByText('I will look at my hands')).toBeVisible();
  await item.getByLabel('Notes').fill('Saw my hands at the lake!');
  await item.getByRole('button', { name: 'Mark as successful' }).click();
  await expect(item.getByText('Success', { exact: true })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: "Tonight's intention" }).getByText('Success', { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('Notes')).toHaveValue('Saw my hands at the lake!');
});

test('export then import into a fresh account reproduces the journal', async ({ page, browser, account }) => {
  test.slow(); // two accounts, an export and an import: a minute is not enough on a loaded machine
  void account;
  await createDream(page, {
    title: 'Lantern fox',
    narrative: 'A fox carried a lantern through the snow.',
    tags: ['guide'],
  });
  await createDream(page, { title: 'Tidal library', narrative: 'Books floated out to sea.', tags: ['water'] });
  await page.goto('/journal');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export JSON' }).click();
  const download = await downloadPromise;
  const file = await download.path();
  expect(JSON.parse(await readFile(file, 'utf8')).dreams).toHaveLength(2);

  const context = await browser.newContext();
  const fresh = await context.newPage();
  await signUpViaApi(fresh, buildAccount());
  await fresh.goto('/journal');
  await fresh.getByRole('button', { name: 'Import' }).click();
  await fresh.getByLabel('File to import').setInputFiles(file);
  await expect(fresh.getByTestId('import-preview')).toHaveText(/Will add 2 dreams and 0 intentions; 0 skipped/);
  await fresh.getByRole('button', { name: 'Import', exact: true }).last().click();
  await expect(fresh.getByTestId('import-summary')).toHaveText(/Added 2 dreams/);
  await fresh
    .getByRole('dialog', { name: 'Import dreams' })
    .getByRole('button', { name: 'Close', exact: true })
    .click();
  await expect(fresh.getByRole('article', { name: 'Lantern fox' })).toBeVisible();
  await expect(fresh.getByRole('article', { name: 'Tidal library' })).toBeVisible();

  await fresh.getByRole('button', { name: 'Import' }).click();
  await fresh.getByLabel('File to import').setInputFiles(file);
  await expect(fresh.getByTestId('import-preview')).toHaveText(/Will add 0 dreams and 0 intentions; 2 skipped/);
  await context.close();
});
