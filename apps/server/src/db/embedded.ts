/**
 * The embedded database (PGlite) behind one handle that outlives an abort of its WASM instance
 * (issue 36 item 9). PGlite runs Postgres compiled to WebAssembly; a fault inside it (e.g. a stack
 * overflow on a too deep statement) surfaces as `RuntimeError: Aborted()`, after which that instance
 * answers nothing more. The request that met it fails cleanly (its transaction never committed: no
 * partial write; the error handler answers 500), and the handle reopens the data folder in a fresh
 * instance — Postgres recovers it to its last commit — before it runs the next statement, so the
 * server goes on. Subscriptions to notifications are carried over. An in-memory database
 * (`memory://`, tests) has nothing to reopen: its abort is only reported.
 */
import { PGlite } from '@electric-sql/pglite';
import type { ChannelSubscriber } from './listen.ts';

/** True for the embedded database's fatal WASM error (`RuntimeError: Aborted()`). */
export function isEmbeddedAbort(err: unknown): boolean {
  const e = err as { name?: unknown; message?: unknown } | null | undefined;
  if (!e || typeof e !== 'object') return false;
  return e.name === 'RuntimeError' || /\bAborted\(/.test(String(e.message ?? ''));
}

/** How long closing a dead instance may take before it is dropped (ms). */
const CLOSE_DEAD_MS = 1_000;

/** One PGlite data folder whose instance is replaced after an abort (see the module comment). */
export class EmbeddedPglite {
  private client: PGlite;
  private reopening: Promise<void> | null = null;
  private readonly subs = new Set<{ channel: string; sub: ChannelSubscriber; unlisten: (() => Promise<void>) | null }>();
  /** Instances replaced after an abort since the start. */
  recoveries = 0;

  private constructor(private readonly dataDir: string | null, client: PGlite, private readonly onRecovered: (err: unknown) => void) {
    this.client = client;
  }

  /**
   * Opens the data folder (`null`: in memory).
   * @param onRecovered told, with the abort, each time a fresh instance replaced a dead one
   */
  static async open(dataDir: string | null, onRecovered: (err: unknown) => void = () => {}): Promise<EmbeddedPglite> {
    const client = dataDir === null ? new PGlite() : new PGlite(dataDir);
    await client.waitReady;
    return new EmbeddedPglite(dataDir, client, onRecovered);
  }

  /**
   * What drizzle drives (its PGlite session calls only `query` and `transaction`): each call goes to
   * the live instance.
   */
  readonly driver = {
    query: <T>(text: string, params?: unknown[], options?: object): Promise<{ rows: T[] }> =>
      this.run((c) => c.query<T>(text, params as never, options as never)),
    transaction: <T>(callback: Parameters<PGlite['transaction']>[0]): Promise<T> =>
      this.run((c) => c.transaction(callback) as Promise<T>),
  };

  /** Runs `f` on the live instance; an abort replaces the instance, then rethrows. */
  async run<T>(f: (c: PGlite) => Promise<T>): Promise<T> {
    if (this.reopening) await this.reopening;
    const c = this.client;
    try {
      return await f(c);
    } catch (err) {
      if (isEmbeddedAbort(err)) await this.recover(c, err);
      throw err;
    }
  }

  /** Hears `NOTIFY`s on `channel` (also across a replacement of the instance). Returns the unsubscribe. */
  async listen(channel: string, sub: ChannelSubscriber): Promise<() => void> {
    const entry = { channel, sub, unlisten: null as (() => Promise<void>) | null };
    this.subs.add(entry);
    entry.unlisten = await this.run((c) => c.listen(channel, (payload) => sub.notify(payload)));
    sub.live(true);
    return () => {
      this.subs.delete(entry);
      void entry.unlisten?.().catch(() => undefined);
    };
  }

  /** Its data folder as a gzipped tarball (cli/backup.ts). */
  dumpDataDir(): Promise<Blob> {
    return this.run((c) => c.dumpDataDir('gzip') as Promise<Blob>);
  }

  close(): Promise<void> {
    return this.client.close();
  }

  /** Replaces the dead instance `dead` once (concurrent failures of it wait for the same reopening). */
  private async recover(dead: PGlite, err: unknown): Promise<void> {
    if (this.dataDir === null) return;
    if (this.client === dead && !this.reopening) {
      this.reopening = (async () => {
        await Promise.race([dead.close().catch(() => undefined), new Promise((r) => setTimeout(r, CLOSE_DEAD_MS))]);
        const fresh = new PGlite(this.dataDir!);
        await fresh.waitReady;
        this.client = fresh;
        this.recoveries++;
        for (const s of this.subs) s.unlisten = await fresh.listen(s.channel, (payload) => s.sub.notify(payload));
        this.onRecovered(err);
      })().finally(() => { this.reopening = null; });
    }
    await this.reopening?.catch(() => undefined);
  }
}
