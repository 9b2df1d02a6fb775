import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from './client';
import { perDatabase } from './per-database';

/**
 * Channels on which PostgreSQL triggers announce changes that in-process caches depend on
 * (migrations 0004, 0005, 0011, 0012 and 0015). Whoever makes the change — an app process, the CLI, a manual SQL
 * session — the trigger announces it on commit.
 */
export const CHANNELS = {
  /** 'sid:<hash>' when a session is deleted, 'user:<id>' when a user changes or is deleted. */
  auth: 'dt_auth_changed',
  /**
   * 'dreams:<userId>' when one of the user's dreams is added, changed or deleted; 'intentions:<userId>'
   * likewise for intentions (migration 0011).
   */
  dreams: 'dt_dreams_changed',
  /** 'guided' when the guided library changes (migration 0012). */
  guided: 'dt_guided_changed',
  /**
   * 'share:<userId>', 'like:<sharedDreamId>:<userId>' and 'comment:<sharedDreamId>:<userId>' when a
   * shared dream, a like or a comment is added, changed or removed (migration 0015).
   */
  social: 'dt_social_changed',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

type Handler = (payload: string) => void;

/**
 * One LISTEN connection per app process, shared by every in-process cache.
 *
 * A cache may answer from memory only while `active`. When the connection is lost, announcements
 * may be missed: every cache is told to forget everything (`onReset`) and stays off while the feed
 * reconnects (1 s, doubling up to 30 s). Reset handlers run again the moment the feed is back, so a
 * read that began while it was down is never stored. Caches also guard against the read/notify race
 * (a read that began before a change but finished after its announcement) with epoch counters.
 */
export class ChangeFeed {
  private readonly handlers = new Map<Channel, Set<Handler>>();
  private readonly resetHandlers = new Set<() => void>();
  private listening = false;
  private client: pg.Client | null = null;
  private stopped = true;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = RETRY_MIN_MS;

  get active(): boolean {
    return this.listening;
  }

  on(channel: Channel, handler: Handler): void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
  }

  /** Called whenever the feed stops or (re)starts: whatever a cache holds or is reading may be stale. */
  onReset(handler: () => void): void {
    this.resetHandlers.add(handler);
  }

  /** Delivers an announcement as if it came from PostgreSQL (the process's own writes use this too). */
  dispatch(channel: Channel, payload: string): void {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }

  private reset(): void {
    for (const handler of this.resetHandlers) handler();
  }

  /**
   * Listens on a dedicated connection and keeps listening (reconnecting) until the returned function
   * is called. The first connection's failure is thrown; later ones go to onProblem.
   */
  async start(config: pg.ClientConfig, onProblem: (err: unknown) => void): Promise<() => Promise<void>> {
    this.stopped = false;
    await this.connect(config, onProblem);
    return async () => {
      this.stopped = true;
      if (this.retryTimer) clearTimeout(this.retryTimer);
      const client = this.client;
      this.client = null;
      this.listening = false;
      this.reset();
      await client?.end().catch(() => undefined);
    };
  }

  private async connect(config: pg.ClientConfig, onProblem: (err: unknown) => void): Promise<void> {
    const client = new pg.Client(config);
    client.on('notification', (msg) => {
      if (this.listening && this.client === client) this.dispatch(msg.channel as Channel, msg.payload ?? '');
    });
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      this.listening = false;
      this.reset();
      if (err) onProblem(err);
      this.scheduleReconnect(config, onProblem);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      for (const channel of Object.values(CHANNELS)) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RETRY_MIN_MS;
    this.reset();
    this.listening = true;
  }

  private scheduleReconnect(config: pg.ClientConfig, onProblem: (err: unknown) => void): void {
    if (this.stopped || this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.stopped) return;
      this.connect(config, onProblem).catch((err: unknown) => {
        onProblem(err);
        this.scheduleReconnect(config, onProblem);
      });
    }, delay);
    this.retryTimer.unref();
  }
}

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** The change feed of one database handle (each app process has one). */
export const changeFeedFor = perDatabase(() => new ChangeFeed());

/**
 * Starts the process's change feed when the app is ready and stops it when the app closes. Without
 * it (PostgreSQL refuses LISTEN, the connection drops) the caches stay off and every request reads
 * from the database.
 */
export function registerChangeFeed(app: FastifyInstance, db: Database): void {
  let stop: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    try {
      stop = await changeFeedFor(db).start(db.$client.options, (err) =>
        app.log.warn({ err }, 'change notifications lost; in-process caches off until the feed reconnects'),
      );
    } catch (err) {
      app.log.warn({ err }, 'cannot listen for changes; every request reads from the database');
    }
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
