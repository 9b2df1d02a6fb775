import pg from 'pg';
import type { UserRow } from '../../db/schema';

export const AUTH_CHANNEL = 'dt_auth_changed';

interface Entry {
  user: UserRow;
  expire: Date;
  cachedAt: number;
}

/**
 * Session lookups cached in process memory, so most authenticated requests make no query.
 * Correctness across processes comes from PostgreSQL: triggers announce every deleted session and
 * every changed or deleted user on a channel (migration 0004), whoever made the change, and each
 * process evicts what it holds. The cache answers only while that channel is being listened to;
 * entries also expire after a short time as a safety net.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 10_000,
  ) {}

  get active(): boolean {
    return this.listening;
  }

  get(sid: string, now = Date.now()): Entry | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.ttlMs || entry.expire.getTime() <= now) {
      this.entries.delete(sid);
      return undefined;
    }
    return entry;
  }

  set(sid: string, user: UserRow, expire: Date): void {
    if (!this.listening) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sid, { user, expire, cachedAt: Date.now() });
  }

  evictSession(sid: string): void {
    this.entries.delete(sid);
  }

  evictUser(userId: number): void {
    for (const [sid, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(sid);
  }

  private stopListening(): void {
    this.listening = false;
    this.entries.clear();
  }

  /** Listens on a dedicated connection; returns a function that stops listening. */
  async listen(config: pg.ClientConfig, onProblem: (err: unknown) => void): Promise<() => Promise<void>> {
    const client = new pg.Client(config);
    client.on('notification', (msg) => {
      const payload = msg.payload ?? '';
      if (payload.startsWith('sid:')) this.evictSession(payload.slice(4));
      else if (payload.startsWith('user:')) this.evictUser(Number(payload.slice(5)));
    });
    // A lost connection means missed announcements: stop answering from memory at once.
    client.on('error', (err) => {
      this.stopListening();
      onProblem(err);
    });
    client.on('end', () => this.stopListening());
    await client.connect();
    await client.query(`LISTEN ${AUTH_CHANNEL}`);
    this.listening = true;
    return async () => {
      this.stopListening();
      await client.end().catch(() => undefined);
    };
  }
}
