import { type MarbleLayers, paintMarble } from './draw';

/**
 * One animation loop for every marble on the page. Each marble registers its canvas; the loop runs
 * only while at least one registered marble is on screen and motion is allowed, and paints only the
 * visible ones. Under prefers-reduced-motion each marble is painted once, still.
 */

/** One turn every 12 seconds: slow enough to be calm, fast enough to be seen. */
export const TURN_MS = 12_000;

interface Entry {
  ctx: CanvasRenderingContext2D;
  layers: MarbleLayers;
  /** A per-marble start angle so a page of marbles does not turn in lockstep. */
  phase: number;
  visible: boolean;
  /** The angle last painted, and the smallest turn worth repainting (about one device pixel at the rim). */
  painted: number;
  minStep: number;
}

const entries = new Map<HTMLCanvasElement, Entry>();
let frame: number | null = null;
let observer: IntersectionObserver | null = null;
let motionQuery: MediaQueryList | null = null;

function reducedMotion(): boolean {
  if (typeof window === 'undefined' || !window.matchMedia) return false;
  motionQuery ??= window.matchMedia('(prefers-reduced-motion: reduce)');
  return motionQuery.matches;
}

function angleAt(time: number, phase: number): number {
  return phase + ((time % TURN_MS) / TURN_MS) * Math.PI * 2;
}

function tick(time: number) {
  frame = null;
  let onScreen = false;
  for (const entry of entries.values()) {
    if (!entry.visible) continue;
    onScreen = true;
    const angle = angleAt(time, entry.phase);
    // A turn smaller than a pixel at the rim cannot be seen: small marbles repaint every few frames.
    const turned = Math.abs(angle - entry.painted) % (Math.PI * 2);
    if (Math.min(turned, Math.PI * 2 - turned) < entry.minStep) continue;
    paintMarble(entry.ctx, entry.layers, angle);
    entry.painted = angle;
  }
  if (onScreen && !reducedMotion()) frame = requestAnimationFrame(tick);
}

function schedule() {
  if (frame !== null || reducedMotion()) return;
  if ([...entries.values()].some((e) => e.visible)) frame = requestAnimationFrame(tick);
}

function onMotionChange() {
  if (reducedMotion()) {
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
    for (const e of entries.values()) {
      paintMarble(e.ctx, e.layers, e.phase);
      e.painted = e.phase;
    }
  } else schedule();
}

function ensureObserver(): IntersectionObserver | null {
  if (observer || typeof IntersectionObserver === 'undefined') return observer;
  observer = new IntersectionObserver((records) => {
    for (const record of records) {
      const entry = entries.get(record.target as HTMLCanvasElement);
      if (entry) entry.visible = record.isIntersecting;
    }
    schedule();
  });
  reducedMotion();
  motionQuery?.addEventListener('change', onMotionChange);
  return observer;
}

/** Adds a marble to the loop (or replaces its layers); returns the function that removes it. */
export function registerMarble(canvas: HTMLCanvasElement, layers: MarbleLayers, phase: number): () => void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return () => undefined;
  const io = ensureObserver();
  const previous = entries.get(canvas);
  // Without IntersectionObserver (old browsers) every marble counts as visible.
  entries.set(canvas, {
    ctx,
    layers,
    phase,
    visible: previous?.visible ?? !io,
    painted: phase,
    minStep: 1 / Math.max(1, layers.side / 2),
  });
  paintMarble(ctx, layers, phase);
  io?.observe(canvas);
  schedule();
  return () => {
    entries.delete(canvas);
    io?.unobserve(canvas);
    if (entries.size === 0) {
      if (frame !== null) cancelAnimationFrame(frame);
      frame = null;
      observer?.disconnect();
      observer = null;
      motionQuery?.removeEventListener('change', onMotionChange);
    }
  };
}

/** How many marbles the loop holds (for tests and the bench). */
export function marbleCount(): number {
  return entries.size;
}
