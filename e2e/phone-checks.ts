// Phone-size checks shared by the phone specs (390 × 844): nothing scrolls sideways, the main button is on screen.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The document and every scrolling box (a dialog, a list) are no wider than the screen. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  // Let lazy content, fonts and layout settle first.
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ').slice(0, 4).join('.')}`;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 3)
      .map((el) => `${name(el)} (right ${Math.round(el.getBoundingClientRect().right)})`);
    const scrollers = [...document.querySelectorAll('body *')]
      .filter((el) => !['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))
      .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide, scrollers };
  });
  expect(found.clientWidth, where).toBe(390);
  expect(found.scrollWidth, `${where} scrolls sideways; too wide: ${found.wide.join(', ')}`).toBeLessThanOrEqual(
    found.clientWidth,
  );
  expect(found.scrollers, `${where}: boxes that scroll sideways`).toEqual([]);
}

/** The control is wholly on the screen once scrolled to (vertically: nothing scrolls sideways). */
export async function expectOnScreen(page: Page, control: Locator, where: string) {
  await expect(control, where).toBeVisible();
  // The page may re-render the control once its queries settle (the reading and its history load
  // together): scrolling and measuring are tried again on the new element, with the same checks.
  await expect(async () => {
    await control.scrollIntoViewIfNeeded({ timeout: 2_000 });
    const box = await control.boundingBox();
    expect(box, where).not.toBeNull();
    if (!box) return;
    const viewport = page.viewportSize() ?? { width: 390, height: 844 };
    expect(box.x, `${where}: left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${where}: right edge`).toBeLessThanOrEqual(viewport.width);
    expect(box.y, `${where}: top edge`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${where}: bottom edge`).toBeLessThanOrEqual(viewport.height);
  }).toPass({ timeout: 15_000 });
}

export async function checkPage(page: Page, where: string, main?: Locator) {
  await expectNoSidewaysScroll(page, where);
  if (main) await expectOnScreen(page, main, `${where}: main button`);
}
