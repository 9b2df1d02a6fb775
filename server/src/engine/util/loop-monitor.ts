/**
 * Measures the longest stretch the event loop was blocked while some work ran, by timing a
 * 1 ms interval timer. Used by the benchmark and tests to check that loading stays sliced.
 */
export function startLoopMonitor(): { stop(): { maxBlockMs: number } } {
  let last = performance.now();
  let max = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    max = Math.max(max, now - last);
    last = now;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      max = Math.max(max, performance.now() - last);
      return { maxBlockMs: max };
    },
  };
}
