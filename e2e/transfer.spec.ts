import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { buildAccount, createDream, expect, signUpViaApi, test } from './fixtures';

const csvFile = (text: string, name = 'dreams.csv') => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

async function openImport(page: Page) {
  await page.goto('/journal');
  await page.getByRole('button', { name: 'Import' }).click();
  return page.getByRole('dialog', { name: 'Import dreams' });
}

const previewRow = (page: Page, title: string) => page.getByTestId('import-preview-row').filter({ hasText: title });

async function importAndClose(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Import dreams' });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByTestId('import-summary')).toHaveText(/^Added /);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
}

test.describe('for a dreamer in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('a date-only CSV value is the same calendar day in the preview, on the card and the detail page', async ({
    page,
    account,
  }) => {
    void account;
    await openImport(page);
    await page
      .getByLabel('File to import')
      .setInputFiles(csvFile('date,title,narrative\n2026-10-02,Harbor lights,Boats blinked across the water.\n'));
    await expect(previewRow(page, 'Harbor lights')).toContainText('Oct 2, 2026');
    await importAndClose(page);
    const card = page.getByRole('article', { name: 'Harbor lights' });
    await expect(card).toContainText('Oct 2, 2026');
    await card.click();
    await expect(page.getByRole('main')).toContainText(/Oct(ober)? 2, 2026/);
    await expect(page.getByRole('main')).not.toContainText(/Oct(ober)? 1, 2026/);
  });
});

test('the preview asks Month/Day or Day/Month when the file leaves it open, on a phone', async ({ page, account }) => {
  void account;
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await openImport(page);
  await page
    .getByLabel('File to import')
    .setInputFiles(
      csvFile(
        'date,title,narrative\n02/10/2026,Lantern bridge,A bridge of paper lanterns.\n05/06/2026,Salt garden,White flowers of salt.\n',
      ),
    );
  await expect(dialog.getByText('Dates like 02/10/2026 (line 2) can be read two ways.')).toBeVisible();
  const monthDay = dialog.getByRole('radio', { name: 'Month/Day (02/10/2026 is Feb 10, 2026)' });
  const dayMonth = dialog.getByRole('radio', { name: 'Day/Month (02/10/2026 is Oct 2, 2026)' });
  await expect(monthDay).not.toBeChecked();
  await expect(dayMonth).not.toBeChecked();
  await expect(previewRow(page, 'Lantern bridge')).toContainText('02/10/2026 ?');
  const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeDisabled();

  // Keyboard: focus the first choice, take it, then move to the other with an arrow key.
  await monthDay.focus();
  await page.keyboard.press('Space');
  await expect(monthDay).toBeChecked();
  await expect(previewRow(page, 'Lantern bridge')).toContainText('Feb 10, 2026');
  await page.keyboard.press('ArrowDown');
  await expect(dayMonth).toBeChecked();
  await expect(previewRow(page, 'Lantern bridge')).toContainText('Oct 2, 2026');
  await expect(previewRow(page, 'Salt garden')).toContainText('Jun 5, 2026');
  await expect(importButton).toBeEnabled();
  await expect(importButton).toBeInViewport();
  const sideways = await page.evaluate(() => {
    const box = document.querySelector('[role="dialog"]');
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      dialog: box ? box.scrollWidth - box.clientWidth : -1,
    };
  });
  expect(sideways).toEqual({ page: 0, dialog: 0 });

  await importAndClose(page);
  await expect(page.getByRole('article', { name: 'Lantern bridge' })).toContainText('Oct 2, 2026');
  await expect(page.getByRole('article', { name: 'Salt garden' })).toContainText('Jun 5, 2026');

  // A file whose dates decide the order is not asked about; the preview says how it was read.
  await page.getByRole('button', { name: 'Import' }).click();
  await page
    .getByLabel('File to import')
    .setInputFiles(
      csvFile('date,title,narrative\n13/02/2026,Owl choir,Owls sang.\n03/04/2026,Glass tide,The sea rang.\n'),
    );
  await expect(page.getByTestId('import-date-order')).toHaveText('Dates are read as Day/Month: line 2 has 13/02/2026.');
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await expect(previewRow(page, 'Glass tide')).toContainText('Apr 3, 2026');
});

test('the Markdown export shows periods, imports back into a fresh account, and other files get a plain answer', async ({
  page,
  browser,
  account,
}) => {
  void account;
  test.slow(); // two accounts, a download and two imports
  await createDream(page, {
    title: 'Childhood garden',
    narrative: 'Sunflowers taller than the house.',
    timePeriod: 'early_childhood',
  });
  await createDream(page, {
    title: 'Moon bridge',
    narrative: 'I walked across a bridge made of moonlight.',
    tags: ['moon'],
    date: '2026-09-14T12:00:00.000Z',
  });
  await page.goto('/journal');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export Markdown' }).click();
  const file = await (await downloadPromise).path();
  const text = await readFile(file, 'utf8');
  expect(text).toMatch(
    /## Childhood garden\n\n\*\*Time of life:\*\* Early Childhood · \*Recorded [A-Z][a-z]{2} \d+, \d{4}\*\n/,
  );
  expect(text).toContain('**Date:** Sep 14, 2026');

  const context = await browser.newContext();
  const fresh = await context.newPage();
  await signUpViaApi(fresh, buildAccount());
  const dialog = await openImport(fresh);
  await fresh
    .getByLabel('File to import')
    .setInputFiles({ name: 'journal.md', mimeType: 'text/markdown', buffer: Buffer.from(text) });
  await expect(fresh.getByTestId('import-preview')).toHaveText(/Will add 2 dreams and 0 intentions; 0 skipped/);
  await expect(previewRow(fresh, 'Childhood garden')).toContainText('Early Childhood');
  await expect(previewRow(fresh, 'Moon bridge')).toContainText('Sep 14, 2026');
  await importAndClose(fresh);
  await expect(fresh.getByRole('article', { name: 'Childhood garden' })).toContainText('Early Childhood');
  await expect(fresh.getByRole('article', { name: 'Moon bridge' })).toContainText('Sep 14, 2026');

  await fresh.getByRole('button', { name: 'Import' }).click();
  await fresh
    .getByLabel('File to import')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Just some notes.') });
  await expect(dialog.getByRole('alert')).toHaveText(
    '"notes.txt" cannot be imported. You can import a Dream Traveler export (.json or .md) or a CSV file (.csv) with the columns date,title,narrative,tags.',
  );
  await fresh
    .getByLabel('File to import')
    .setInputFiles({ name: 'other.md', mimeType: 'text/markdown', buffer: Buffer.from('# Shopping\n\n- milk\n') });
  await expect(dialog.getByRole('alert')).toHaveText(
    'This Markdown file is not a Dream Traveler export. You can import a Dream Traveler export (.json or .md) or a CSV file (.csv) with the columns date,title,narrative,tags.',
  );
  await context.close();
});
