import type { Knex } from 'knex';
import pg from 'pg';
import { embeddedDatabase } from '../db/knex.ts';

/** The channel the database triggers of migration 20261125400100 notify with a user's id. */
const AUTH_CHANNEL = 'reachly_auth';
/** A safety net: an entry is read again from the database at least this often. */
const IDENTITY_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1_000;

interface Entry<T> {
  value: T;
  until: number;
}

/**
 * Who an access token or a session id is (the user row with its organisation), kept in process so
 * that an authenticated request costs the route's own query alone. The database tells every server
 * when a user or a membership changes (a trigger NOTIFYs `reachly_auth`, whatever code or person
 * made the change): the user's entries are dropped at once, so a ban, a new password or token, a
 * sign-out or a removed member counts from the next request on. The cache serves entries only while
 * it is listening; without the channel (not started, connection lost) every read goes to the
 * database. Entries also expire after IDENTITY_TTL_MS.
 */
export class IdentityCache<T extends { id: number }> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly keysOfUser = new Map<number, Set<string>>();
  /**
   * Moves on every notification. A read keeps its value only when its user has not changed since
   * the read began (`changedAt`, the generation of the user's last notification) and the cache has
   * not been emptied meanwhile (`clearedAt`): another user's change does not cost it its entry.
   */
  private generation = 0;
  private readonly changedAt = new Map<number, number>();
  private clearedAt = 0;
  /** The database schema whose notifications are ours (the channel is the whole database's). */
  private schema: string | null = null;
  private listening = false;
  private closed = false;
  private unlisten: (() => Promise<void>) | null = null;
  private retry: NodeJS.Timeout | null = null;
  /** Notifications received from the database so far (tests wait for one after a write). */
  received = 0;
  /** Told when the channel fails (the cache then serves nothing until it is back). */
  onError: ((error: unknown) => void) | undefined;

  constructor(
    private readonly db: Knex,
    private readonly ttlMs = IDENTITY_TTL_MS,
  ) {}

  /** Whether entries are served (the invalidation channel is up). */
  get live(): boolean {
    return this.listening;
  }

  /** The value under `key`, else what `load` reads (kept when found and nothing changed meanwhile). */
  async read(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (this.listening) {
      const hit = this.entries.get(key);
      if (hit && hit.until > Date.now()) return hit.value;
      if (hit) this.entries.delete(key);
    }
    const generation = this.generation;
    const value = await load();
    if (value && this.listening && this.unchangedSince(generation, value.id)) this.store(key, value);
    return value;
  }

  private unchangedSince(generation: number, id: number): boolean {
    return this.clearedAt <= generation && (this.changedAt.get(id) ?? 0) <= generation;
  }

  /** A notification: `schema:user id` (migration 20261128000010); another schema's is not ours. */
  private notified(payload: string | undefined): void {
    const at = payload?.lastIndexOf(':') ?? -1;
    if (payload !== undefined && at >= 0) {
      if (this.schema !== null && payload.slice(0, at) !== this.schema) return;
      payload = payload.slice(at + 1);
    }
    this.received += 1;
    this.forget(payload);
  }

  /** Drops a user's entries (a notification's payload), or everything when it names no user. */
  forget(payload: string | undefined): void {
    const id = Number(payload);
    if (!Number.isInteger(id)) {
      this.clear();
      return;
    }
    this.generation += 1;
    if (this.changedAt.size >= MAX_ENTRIES) this.clear();
    this.changedAt.set(id, this.generation);
    for (const key of this.keysOfUser.get(id) ?? []) this.entries.delete(key);
    this.keysOfUser.delete(id);
  }

  clear(): void {
    this.generation += 1;
    this.clearedAt = this.generation;
    this.changedAt.clear();
    this.entries.clear();
    this.keysOfUser.clear();
  }

  /** Subscribes to the channel: PGlite's own listen on the embedded database, else a pg client. */
  async start(): Promise<void> {
    if (this.closed || this.listening) return;
    if (this.schema === null) {
      try {
        const { rows } = (await this.db.raw('select current_schema() as schema')) as {
          rows: { schema: string }[];
        };
        this.schema = rows[0]?.schema ?? null;
      } catch (error) {
        this.onError?.(error);
        if (!this.closed) this.retryLater();
        return;
      }
    }
    const pglite = embeddedDatabase(this.db);
    if (pglite) {
      this.unlisten = await pglite.listen(AUTH_CHANNEL, (payload) => this.notified(payload));
      this.listening = true;
      return;
    }
    const connection = (this.db.client as { config: Knex.Config }).config.connection;
    const client = new pg.Client(connection as pg.ClientConfig | string);
    const lost = (error?: unknown) => {
      if (error) this.onError?.(error);
      if (this.unlisten === null) return;
      this.listening = false;
      this.unlisten = null;
      this.clear();
      client.end().catch(() => undefined);
      if (!this.closed) this.retryLater();
    };
    client.on('notification', (message) => this.notified(message.payload));
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`listen ${AUTH_CHANNEL}`);
    } catch (error) {
      this.onError?.(error);
      client.end().catch(() => undefined);
      if (!this.closed) this.retryLater();
      return;
    }
    this.unlisten = async () => {
      client.removeAllListeners('end');
      await client.end();
    };
    this.clear();
    this.listening = !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.clear();
    await unlisten?.().catch(() => undefined);
  }

  private retryLater(): void {
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start();
    }, RECONNECT_MS);
    this.retry.unref();
  }

  private store(key: string, value: T): void {
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
    const keys = this.keysOfUser.get(value.id) ?? new Set<string>();
    keys.add(key);
    this.keysOfUser.set(value.id, keys);
  }
}
