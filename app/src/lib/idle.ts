/**
 * Runs `fn` once the browser has been idle for a moment (at most `timeoutMs` from now). Returns a function
 * that cancels it. Safari has no requestIdleCallback: a timer stands in.
 */
export function whenIdle(fn: () => void, timeoutMs = 4000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(fn, Math.min(1500, timeoutMs));
  return () => clearTimeout(timer);
}
