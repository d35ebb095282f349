/**
 * Database notifications (`LISTEN`/`NOTIFY`) for caches that several server processes must agree on:
 * a commit that changes what a cached read shows notifies (migration 0010's triggers), every process
 * drops its copies. On Postgres one extra connection per process listens, outside the pool; while it
 * is down (and until it has listened again) subscribers are told so and must not cache.
 */
import pg from 'pg';

/** The channel of read invalidations; the payload names what changed (e.g. `staking`). */
export const READS_CHANNEL = 'kingdom_reads';

/** What a subscriber hears on a channel. */
export interface ChannelSubscriber {
  /** A notification committed by any process (payload as sent). */
  notify(payload: string): void;
  /**
   * Whether notifications are being heard: false before the first `LISTEN`, while the connection is
   * down and until it listens again (notifications may have been missed: drop everything cached).
   */
  live(listening: boolean): void;
}

/** How long a lost listening connection waits before connecting again (ms). */
const RECONNECT_MS = 1_000;

/**
 * One listening connection to Postgres at `url`, shared by every subscriber of this process.
 * `onError` hears connection failures (the connection is retried every {@link RECONNECT_MS}).
 */
export class PgListener {
  private client: pg.Client | null = null;
  private readonly subs = new Map<string, Set<ChannelSubscriber>>();
  private listening = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;

  constructor(private readonly url: string, private readonly onError: (err: Error) => void) {}

  /** Subscribes to `channel`; resolves once listening (or after a failed attempt, retried in the background). Returns the unsubscribe. */
  async subscribe(channel: string, sub: ChannelSubscriber): Promise<() => void> {
    let set = this.subs.get(channel);
    const fresh = !set;
    if (!set) this.subs.set(channel, (set = new Set()));
    set.add(sub);
    if (fresh && this.client && this.listening) await this.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch((err: Error) => this.lost(err));
    await this.connect();
    sub.live(this.listening);
    return () => void set.delete(sub);
  }

  /** Stops listening for good. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.connecting?.catch(() => undefined);
    const c = this.client;
    this.client = null;
    this.setLive(false);
    await c?.end().catch(() => undefined);
  }

  private connect(): Promise<void> {
    if (this.closed || this.client) return this.connecting ?? Promise.resolve();
    const client = new pg.Client({ connectionString: this.url, application_name: 'kingdom' });
    this.client = client;
    client.on('notification', (msg) => {
      for (const sub of this.subs.get(msg.channel) ?? []) sub.notify(msg.payload ?? '');
    });
    client.on('error', (err) => this.lost(err));
    client.on('end', () => this.lost(new Error('listening connection ended')));
    this.connecting = (async () => {
      try {
        await client.connect();
        for (const channel of this.subs.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        if (this.client === client) this.setLive(true);
      } catch (err) {
        this.lost(err as Error);
      } finally {
        this.connecting = null;
      }
    })();
    return this.connecting;
  }

  private lost(err: Error): void {
    if (this.closed || !this.client) return;
    const c = this.client;
    this.client = null;
    this.setLive(false);
    this.onError(err);
    c.removeAllListeners('end');
    void c.end().catch(() => undefined);
    this.timer = setTimeout(() => { this.timer = null; void this.connect(); }, RECONNECT_MS);
    this.timer.unref();
  }

  private setLive(listening: boolean): void {
    this.listening = listening;
    for (const set of this.subs.values()) for (const sub of set) sub.live(listening);
  }
}
