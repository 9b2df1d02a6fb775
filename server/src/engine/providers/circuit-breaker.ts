import { APIConnectionError, APIError } from 'openai';

/** The server is unreachable, hung or failing on its side (not: it answered with something unusable). */
export function isServerDown(err: unknown): boolean {
  if (err instanceof APIConnectionError) return true;
  return err instanceof APIError && (err.status === undefined || err.status >= 500 || err.status === 429);
}

/**
 * Keeps a dead or hung model server from costing every reading a timeout. After a failure the
 * circuit opens: requests skip the server (the local reading answers at once) until the cool-down
 * ends; then one trial request goes out while the others still skip, and its outcome closes the
 * circuit again or reopens it for another cool-down.
 */
export class CircuitBreaker {
  private state: 'closed' | 'open' | 'trial' = 'closed';
  private openUntil = 0;

  constructor(
    private readonly cooldownMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Whether a request may go to the server now (a true answer in the open state is the one trial). */
  allow(): boolean {
    if (this.state === 'closed') return true;
    if (this.state === 'trial' || this.now() < this.openUntil) return false;
    this.state = 'trial';
    return true;
  }

  /** The server answered (even with something unusable: it is alive). */
  succeeded(): void {
    this.state = 'closed';
  }

  /** The server could not be reached, timed out or failed on its side. */
  failed(): void {
    this.state = 'open';
    this.openUntil = this.now() + this.cooldownMs;
  }

  get isOpen(): boolean {
    return this.state !== 'closed';
  }
}
