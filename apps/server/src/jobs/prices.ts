/**
 * The price job (docs/operator-guide.md "Prices"): every `PRICE_JOB_MS`, under its lease (one run
 * cluster-wide), asks each configured provider and stores what it answered (truncated down to 5
 * decimals, with the time it was seen). Providers are asked independently: one that fails, hangs
 * past `PRICE_TIMEOUT_MS` or answers garbage changes nothing stored, is logged, and makes the run
 * count as failed (`kingdom_job_run_seconds{job="prices",ok="false"}`), while the others' prices
 * are stored.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { SimplePriceProvider, TokenPriceProvider, type PriceProvider } from '../modules/prices/providers.ts';
import { storePrices } from '../modules/prices/repository.ts';

/** Lease name of the price job. */
export const PRICE_JOB = 'prices';

/** The providers `config` names: the `simple/price` service (ADA, SOL in USD), and the EXO/HEXO endpoint when set. */
export function configuredPriceProviders(config: Pick<Config, 'priceServiceUrl' | 'prices'>, fetchFn: typeof fetch = fetch): PriceProvider[] {
  const out: PriceProvider[] = [];
  if (config.priceServiceUrl) out.push(new SimplePriceProvider(config.priceServiceUrl, config.prices.timeoutMs, fetchFn));
  if (config.prices.tokenUrl) out.push(new TokenPriceProvider(config.prices.tokenUrl, config.prices.timeoutMs, fetchFn));
  return out;
}

/** One provider's outcome in a run. */
export interface PriceRunResult {
  provider: string;
  /** Tokens stored. */
  stored: string[];
  /** Why nothing was stored, when it failed. */
  error?: string;
}

/** Where the job reports (pino-like). */
export interface PriceJobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * One run: asks every provider (at once) and stores each answer in its own statement.
 * @param now when the answers count as seen (wall clock)
 * @returns each provider's outcome
 */
export async function runPriceProviders(db: Database, providers: readonly PriceProvider[], now: () => Date, log?: PriceJobLog): Promise<PriceRunResult[]> {
  return Promise.all(providers.map(async (p): Promise<PriceRunResult> => {
    try {
      const prices = await p.fetchPrices();
      const stored = await storePrices(db.orm, prices, now(), p.name);
      log?.info({ provider: p.name, prices }, 'prices stored');
      return { provider: p.name, stored };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      log?.warn({ provider: p.name, error }, 'price provider failed; stored prices unchanged');
      return { provider: p.name, stored: [], error };
    }
  }));
}

/**
 * The job's `run`: {@link runPriceProviders} with the wall clock.
 * @throws Error naming the providers that failed (after the others' prices were stored), so the
 *   scheduler logs and counts the run as failed
 */
export async function priceJobRun(db: Database, providers: readonly PriceProvider[], log?: PriceJobLog): Promise<PriceRunResult[]> {
  const results = await runPriceProviders(db, providers, () => new Date(), log);
  const failed = results.filter((r) => r.error !== undefined);
  if (failed.length > 0) throw new Error(`price providers failed: ${failed.map((r) => `${r.provider}: ${r.error}`).join('; ')}`);
  return results;
}
