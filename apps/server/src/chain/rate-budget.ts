/**
 * A provider plan's request budget (docs/operator-guide.md §7.3): every call to the provider — of
 * every job and request of every server of a database, and of `kingdom world import` — first takes a
 * token from ONE token bucket kept in the database (`provider_budgets`, migration 0029), so
 * `BLOCKFROST_RATE_PER_SECOND` and `BLOCKFROST_BURST` are the plan's limits, not each process's.
 *
 * A take is one statement: it refills the bucket for the time since the last take (database clock:
 * processes on machines whose clocks differ still agree), caps it at the burst, and reserves one
 * token. The bucket may go below zero: a caller that finds it empty waits until its reservation is
 * due (−tokens / rate seconds), so concurrent callers are served in the order they reserved, one
 * every 1/rate s, without polling. A reservation whose caller dies is simply lost (the budget errs
 * on the safe side).
 */
import { sql } from 'drizzle-orm';
import type { RateBudget } from '@kingdom/chain-providers';
import { exec, type Orm } from '../db/client.ts';

export type { RateBudget } from '@kingdom/chain-providers';

/** Name of the Blockfrost plan's budget row. */
export const BLOCKFROST_BUDGET = 'blockfrost';

/** The longest a caller waits for its reservation before the call fails instead (ms). */
export const MAX_BUDGET_WAIT_MS = 10 * 60_000;

/** A token bucket shared through the database (`provider_budgets`). */
export class SharedRateBudget implements RateBudget {
  /**
   * @param name the budget's row (one per provider plan)
   * @param ratePerSecond tokens added a second (> 0)
   * @param burst bucket size (≥ 1); a new bucket starts full
   * @param sleep waits (tests may inject)
   */
  constructor(private readonly orm: Orm, readonly name: string, readonly ratePerSecond: number, readonly burst: number,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))) {
    if (!(ratePerSecond > 0) || !(burst >= 1)) throw new Error('rate budget: rate must be > 0 and burst ≥ 1');
  }

  /**
   * Reserves one token and waits until it is due.
   * @throws Error when the database does not answer, or when the queue is so long that the wait would
   *   pass {@link MAX_BUDGET_WAIT_MS} (then nothing is reserved: the queue does not grow past it)
   */
  async take(): Promise<void> {
    const maxDebt = (this.ratePerSecond * MAX_BUDGET_WAIT_MS) / 1000;
    const [row] = await exec<{ tokens: number }>(this.orm, sql`
      INSERT INTO provider_budgets AS b (name, tokens, at) VALUES (${this.name}, ${this.burst - 1}::float8, clock_timestamp())
      ON CONFLICT (name) DO UPDATE SET
        tokens = LEAST(${this.burst}::float8,
          b.tokens + ${this.ratePerSecond}::float8 * GREATEST(0, EXTRACT(EPOCH FROM (clock_timestamp() - b.at)))::float8) - 1,
        at = GREATEST(b.at, clock_timestamp())
      WHERE LEAST(${this.burst}::float8,
          b.tokens + ${this.ratePerSecond}::float8 * GREATEST(0, EXTRACT(EPOCH FROM (clock_timestamp() - b.at)))::float8) - 1 >= ${-maxDebt}::float8
      RETURNING tokens::float8 AS tokens`);
    if (!row) throw new Error(`the ${this.name} request budget is spent for the next ${Math.round(MAX_BUDGET_WAIT_MS / 1000)} s or more (${this.ratePerSecond}/s, burst ${this.burst})`);
    const tokens = Number(row.tokens);
    if (tokens >= 0) return;
    await this.sleep(Math.ceil((-tokens * 1000) / this.ratePerSecond));
  }
}

/** A budget that never waits (tests, and the doctor's few questions). */
export const UNLIMITED_BUDGET: RateBudget = { take: async () => undefined };
