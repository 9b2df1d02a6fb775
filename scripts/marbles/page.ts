import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

/** The marble drawing code and the shared loop, bundled for a bare page (no app, no server). */
export async function marbleBundle(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(here, 'harness.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
    alias: { '@common': path.join(root, 'common'), '@app': path.join(root, 'app/src') },
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('esbuild produced no bundle');
  return file.text;
}

/** A Chromium page with window.marbles ready. */
export async function marblePage(viewport: {
  width: number;
  height: number;
}): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  await page.setContent('<!doctype html><html><body style="margin:0;background:#07051a"></body></html>');
  // tsx compiles functions passed to page.evaluate with esbuild's keepNames helper: give the page one.
  await page.addScriptTag({ content: 'window.__name = function (f) { return f; };' });
  await page.addScriptTag({ content: await marbleBundle() });
  return { browser, page };
}
