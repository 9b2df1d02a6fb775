/**
 * Loading runs in the background while the server answers requests, so long synchronous work is
 * split into slices that hand control back to the event loop between them.
 */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Tracks elapsed time in the current slice and yields once the slice has used its budget. */
export class SliceTimer {
  private start = performance.now();

  constructor(private readonly budgetMs = 8) {}

  /** True when the current slice should end; callers then `await yieldToLoop()` and `reset()`. */
  expired(): boolean {
    return performance.now() - this.start > this.budgetMs;
  }

  async maybeYield(): Promise<void> {
    if (!this.expired()) return;
    await yieldToLoop();
    this.start = performance.now();
  }
}
