import { whenIdle } from '@app/lib/idle';

interface Star {
  x: number;
  y: number;
  r: number;
  phase: number;
  speed: number;
}

export interface StarfieldOptions {
  /**
   * Draw one still frame now and start twinkling only a few seconds after the page has loaded and gone
   * idle, so the animation never competes with the page's own start-up (the app's pages; the static landing
   * page has nothing else to do).
   */
  twinkleWhenIdle?: boolean;
}

/** Twinkling waits this long after the page went idle (app pages only), so a page's start-up is left alone. */
const TWINKLE_AFTER_IDLE_MS = 3000;
/**
 * Stars are drawn in this many brightness steps, one path and one fill per step instead of one per star:
 * the twinkle looks the same and a frame costs a fraction of the main thread.
 */
const ALPHA_STEPS = 16;

/**
 * Draws the twinkling starfield on a canvas: paused while the tab is hidden, one still frame under
 * prefers-reduced-motion. Plain DOM code, so the static landing page runs it without React.
 * Returns a function that stops it and removes its listeners.
 */
export function startStarfield(canvas: HTMLCanvasElement, count: number, options: StarfieldOptions = {}): () => void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return () => undefined;
  const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let stars: Star[] = [];
  let frame = 0;
  let running = false;

  const draw = (t: number) => {
    ctx.clearRect(0, 0, window.innerWidth, window.innerHeight);
    ctx.fillStyle = '#e0e7ff';
    const steps: Star[][] = Array.from({ length: ALPHA_STEPS }, () => []);
    for (const s of stars) {
      const alpha = motion.matches ? 0.8 : 0.55 + 0.45 * Math.sin(s.phase + t * s.speed * 0.06);
      steps[Math.round(alpha * (ALPHA_STEPS - 1))]?.push(s);
    }
    steps.forEach((group, step) => {
      if (!group.length) return;
      ctx.globalAlpha = step / (ALPHA_STEPS - 1);
      ctx.beginPath();
      for (const s of group) {
        ctx.moveTo(s.x + s.r, s.y);
        ctx.arc(s.x, s.y, s.r, 0, Math.PI * 2);
      }
      ctx.fill();
    });
    ctx.globalAlpha = 1;
  };

  const resize = () => {
    // Stars are soft dots: a modest pixel ratio looks the same and costs far less to paint.
    const dpr = Math.min(window.devicePixelRatio || 1, 1.5);
    canvas.width = window.innerWidth * dpr;
    canvas.height = window.innerHeight * dpr;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    stars = Array.from({ length: count }, () => ({
      x: Math.random() * window.innerWidth,
      y: Math.random() * window.innerHeight,
      r: Math.random() * 1.4 + 0.3,
      phase: Math.random() * Math.PI * 2,
      speed: Math.random() * 0.015 + 0.004,
    }));
    draw(0);
  };

  // Twinkling is slow: about 20 repaints a second are enough and leave the main thread free.
  let last = 0;
  const loop = (t: number) => {
    if (t - last >= 50) {
      last = t;
      draw(t);
    }
    frame = requestAnimationFrame(loop);
  };
  let settled = !options.twinkleWhenIdle;
  let cancelWait: () => void = () => undefined;
  const start = () => {
    if (running || !settled || motion.matches || document.hidden) return;
    running = true;
    frame = requestAnimationFrame(loop);
  };
  const stop = () => {
    running = false;
    cancelAnimationFrame(frame);
  };
  const sync = () => {
    if (document.hidden || motion.matches) {
      stop();
      draw(0);
    } else start();
  };

  const settle = () => {
    cancelWait = whenIdle(() => {
      const timer = setTimeout(() => {
        settled = true;
        sync();
      }, TWINKLE_AFTER_IDLE_MS);
      cancelWait = () => clearTimeout(timer);
    });
  };
  if (!settled) {
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle, { once: true });
  }

  resize();
  sync();
  window.addEventListener('resize', resize);
  document.addEventListener('visibilitychange', sync);
  motion.addEventListener('change', sync);
  return () => {
    stop();
    cancelWait();
    window.removeEventListener('load', settle);
    window.removeEventListener('resize', resize);
    document.removeEventListener('visibilitychange', sync);
    motion.removeEventListener('change', sync);
  };
}
