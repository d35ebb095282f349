/**
 * A token bucket pacing requests to a provider's plan (Blockfrost: 10 requests a second with a
 * burst of 500; docs/operator-guide.md): `take()` resolves when a token is free. One per process.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private queue: Promise<void> = Promise.resolve();

  /**
   * @param ratePerSecond tokens added a second (> 0)
   * @param burst bucket size: tokens available at once (≥ 1); the bucket starts full
   * @param now clock in ms (tests inject one)
   */
  constructor(private readonly ratePerSecond: number, private readonly burst: number, private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))) {
    if (!(ratePerSecond > 0) || !(burst >= 1)) throw new Error('token bucket: rate must be > 0 and burst ≥ 1');
    this.tokens = burst;
    this.last = now();
  }

  /** Waits for one token (callers are served in order). */
  take(): Promise<void> {
    const next = this.queue.then(async () => {
      for (;;) {
        const t = this.now();
        this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) * this.ratePerSecond) / 1000);
        this.last = t;
        if (this.tokens >= 1) {
          this.tokens -= 1;
          return;
        }
        await this.sleep(Math.ceil(((1 - this.tokens) * 1000) / this.ratePerSecond));
      }
    });
    this.queue = next;
    return next;
  }

  /** `fetch` that takes a token before each request. */
  pace(fetchFn: typeof fetch): typeof fetch {
    return (async (...args: Parameters<typeof fetch>) => {
      await this.take();
      return fetchFn(...args);
    }) as typeof fetch;
  }
}
