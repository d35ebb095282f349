/**
 * A cache of read answers that several server processes agree on: an entry lives until the database
 * notifies (on {@link READS_CHANNEL}) that what it shows changed — the notification is sent by the
 * committing transaction (migration 0010's triggers), so every process drops its copy — and nothing
 * is cached while the notifications are not heard. Concurrent misses of a key share one computation.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { READS_CHANNEL } from '../db/listen.ts';

/**
 * SQL: the current value of a reads version (text; `0` before its first change): the sequence that
 * the statements changing what a cached read shows advance before they commit (migrations 0010,
 * 0019). A read that puts it in its cache key misses from the moment such a change starts.
 */
export function readsVersionSql(sequence: 'reads_lands_version' | 'reads_users_version'): SQL {
  return sql.raw(`(SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM ${sequence})::text`);
}

export class SharedCache<T> {
  private readonly entries = new Map<string, Promise<T>>();
  private live = false;
  private unsubscribe: (() => void) | null = null;
  private readonly topics: ReadonlySet<string>;

  /**
   * @param topic the notification payload (or payloads) that drops every entry (e.g. `staking`;
   *   `['users', 'lands']` for an answer that shows both)
   * @param max entries kept at most (all are dropped when full)
   */
  constructor(topic: string | readonly string[], private readonly max: number) {
    this.topics = new Set(typeof topic === 'string' ? [topic] : topic);
  }

  /** Starts hearing `db`'s notifications (until {@link stop}). */
  async start(db: Database): Promise<void> {
    this.unsubscribe = await db.listen(READS_CHANNEL, {
      notify: (payload) => { if (this.topics.has(payload)) this.clear(); },
      live: (listening) => { this.live = listening; this.clear(); },
    });
  }

  /** Stops hearing notifications; nothing is cached after. */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.live = false;
    this.clear();
  }

  /** Drops every entry (also for a change this process made, before its notification comes back). */
  clear(): void {
    this.entries.clear();
  }

  /** The entry of `key`, computed by `compute` when missing (not kept when it fails or when notifications are not heard). */
  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.live) return compute();
    const hit = this.entries.get(key);
    if (hit) return hit;
    if (this.entries.size >= this.max) this.entries.clear();
    const p = compute();
    this.entries.set(key, p);
    p.catch(() => { if (this.entries.get(key) === p) this.entries.delete(key); });
    return p;
  }
}
