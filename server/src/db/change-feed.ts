import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from './client';

/**
 * Channels on which PostgreSQL triggers announce changes that in-process caches depend on
 * (migrations 0004 and 0005). Whoever makes the change — an app process, the CLI, a manual SQL
 * session — the trigger announces it on commit.
 */
export const CHANNELS = {
  /** 'sid:<hash>' when a session is deleted, 'user:<id>' when a user changes or is deleted. */
  auth: 'dt_auth_changed',
  /** 'dreams:<userId>' when one of the user's dreams is added, changed or deleted. */
  dreams: 'dt_dreams_changed',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

type Handler = (payload: string) => void;

/**
 * One LISTEN connection per app process, shared by every in-process cache.
 *
 * A cache may answer from memory only while `active`: a lost connection means missed
 * announcements, so every cache is told to forget everything (`onReset`) and stays off until the
 * process restarts. Caches also guard against the read/notify race (a read that started before a
 * change but finished after its announcement must not be stored) with their own epoch counters.
 */
export class ChangeFeed {
  private readonly handlers = new Map<Channel, Set<Handler>>();
  private readonly resetHandlers = new Set<() => void>();
  private listening = false;

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

  /** Called whenever the feed stops: whatever a cache holds may be stale from then on. */
  onReset(handler: () => void): void {
    this.resetHandlers.add(handler);
  }

  /** Delivers an announcement as if it came from PostgreSQL (the process's own writes use this too). */
  dispatch(channel: Channel, payload: string): void {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }

  private stop(): void {
    this.listening = false;
    for (const handler of this.resetHandlers) handler();
  }

  /** Listens on a dedicated connection; returns a function that stops listening. */
  async start(config: pg.ClientConfig, onProblem: (err: unknown) => void): Promise<() => Promise<void>> {
    const client = new pg.Client(config);
    client.on('notification', (msg) => {
      if (this.listening) this.dispatch(msg.channel as Channel, msg.payload ?? '');
    });
    client.on('error', (err) => {
      this.stop();
      onProblem(err);
    });
    client.on('end', () => this.stop());
    await client.connect();
    for (const channel of Object.values(CHANNELS)) await client.query(`LISTEN ${channel}`);
    this.listening = true;
    return async () => {
      this.stop();
      await client.end().catch(() => undefined);
    };
  }
}

const feeds = new WeakMap<Database, ChangeFeed>();

/** The change feed of one database handle (each app process has one). */
export function changeFeedFor(db: Database): ChangeFeed {
  let feed = feeds.get(db);
  if (!feed) {
    feed = new ChangeFeed();
    feeds.set(db, feed);
  }
  return feed;
}

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
        app.log.warn({ err }, 'change notifications lost; in-process caches off'),
      );
    } catch (err) {
      app.log.warn({ err }, 'cannot listen for changes; every request reads from the database');
    }
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
