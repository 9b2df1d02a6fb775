import type { Channel } from '../src/db/change-feed';

/** The change feed's surface that caches use, driven by hand in unit tests. */
export class HandFeed {
  active = true;
  private readonly handlers = new Map<Channel, Array<(payload: string) => void>>();
  private readonly resets: Array<() => void> = [];
  on(channel: Channel, handler: (payload: string) => void) {
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }
  onReset(handler: () => void) {
    this.resets.push(handler);
  }
  /** An announcement from PostgreSQL. */
  announce(channel: Channel, payload: string) {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }
  /** The LISTEN connection is lost. */
  drop() {
    this.active = false;
    for (const r of this.resets) r();
  }
}
