// The only script of the prerendered landing page that a visitor (no session) is served: the page
// itself is static HTML made at build time by React (scripts/prerender-landing.tsx), and every
// control on it is a plain link. This starts the starfield and, once the page is idle, fetches the
// app's scripts into the cache without running them, so "Log In" and "Create Account" open fast.
import { UI } from '@common/limits';
import { startStarfield } from './components/layout/starfield-engine';

const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-testid="starfield"]');
if (canvas) startStarfield(canvas, UI.starCount);

function prefetchApp(): void {
  const list = document.querySelector<HTMLScriptElement>('script[data-prefetch]')?.dataset.prefetch ?? '';
  for (const href of list.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    if (href.endsWith('.js')) link.as = 'script';
    else if (href.endsWith('.css')) link.as = 'style';
    document.head.append(link);
  }
}

const whenIdle = (fn: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: 5000 }) : setTimeout(fn, 2000);
if (document.readyState === 'complete') whenIdle(prefetchApp);
else window.addEventListener('load', () => whenIdle(prefetchApp), { once: true });
