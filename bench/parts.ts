/**
 * The other benches as parts of `npm run bench`: each run so that a failure lands in the report
 * (`{ error }` or an `…_error` key) instead of stopping the whole run, and the report entries they
 * fill (`web` start-up keys, `valley`, `chain`, `ops`).
 */
import { startKingdomServer } from '../tools/kingdom-server.ts';
import { chainSizesFromEnv, runChainWatcherBench, type ChainBenchEntry as WatcherEntry } from './chain-watcher.ts';
import { WEB_DIST, log } from './common.ts';
import { benchWeb } from './login-js.ts';
import { runLoadBench, type OpsLoadEntry } from './ops-load.ts';
import { runReadyBench, type OpsReadyEntry } from './ops.ts';
import { providerSizesFromEnv, runProviderCallsBench, type ProviderCallsEntry } from './provider-calls.ts';
import { runSolanaPaymentsBench, solanaSizesFromEnv, type SolanaBenchEntry } from './solana-payments.ts';
import { readExisting } from './report.ts';
import { runValleyBench, type ValleyEntry } from './valley.ts';
import { runStartupBench, startPriceStub, type StartupEntry } from './web-startup.ts';

/** The report's `chain` entry: the watcher bench and the provider-calls bench (docs/game-rules.md §8.2). */
export type ChainBenchEntry = WatcherEntry & Partial<ProviderCallsEntry> & { provider_calls_error?: string } & Partial<SolanaBenchEntry> & { solana_error?: string };

/** The start-up bench on its own PGlite server (with a local price service); null when not measured. */
export async function benchStartup(): Promise<StartupEntry | null> {
  const stub = await startPriceStub();
  log('startup: starting the Kingdom server (PGlite)');
  const server = await startKingdomServer({ env: { LOG_LEVEL: 'warn', WEB_DIST, PRICE_SERVICE_URL: stub.url } });
  try {
    const entry = await runStartupBench(server.url, log);
    if (entry === null) log('startup: Chromium missing, not measured');
    return entry;
  } catch (error) {
    log(`startup: failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await server.stop();
    await stub.close();
  }
}

/** The Valley bench (building the web app when it is missing); a failure is reported, not thrown. */
export async function measureValley(): Promise<ValleyEntry | { error: string }> {
  try {
    benchWeb();
    return await runValleyBench(WEB_DIST, log);
  } catch (error) {
    const failed = { error: error instanceof Error ? error.message : String(error) };
    log(`valley: not measured: ${failed.error}`);
    return failed;
  }
}

/**
 * The chain-watcher bench, then the provider-calls bench (bench/provider-calls.ts), each on a fresh
 * database of `pgUrl`; a failure is reported, not thrown.
 */
export async function measureChain(pgUrl: string): Promise<ChainBenchEntry | { error: string }> {
  let watcher: WatcherEntry;
  try {
    watcher = await runChainWatcherBench(pgUrl, chainSizesFromEnv(), log);
  } catch (error) {
    const failed = { error: error instanceof Error ? error.message : String(error) };
    log(`chain: not measured: ${failed.error}`);
    return failed;
  }
  return { ...watcher, ...(await measureProviderCalls(pgUrl)), ...(await measureSolanaPayments(pgUrl)) };
}

/** The Solana watcher bench (`chain.solana_*`); a failure is reported as `solana_error`. */
export async function measureSolanaPayments(pgUrl: string): Promise<SolanaBenchEntry | { solana_error: string }> {
  try {
    return await runSolanaPaymentsBench(pgUrl, solanaSizesFromEnv(), log);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`solana payments: not measured: ${message}`);
    return { solana_error: message };
  }
}

/** The provider-calls bench; a failure is reported as `provider_calls_error`. */
export async function measureProviderCalls(pgUrl: string): Promise<ProviderCallsEntry | { provider_calls_error: string }> {
  try {
    return await runProviderCallsBench(pgUrl, providerSizesFromEnv(), log);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`provider calls: not measured: ${message}`);
    return { provider_calls_error: message };
  }
}

/** Start → ready of the compiled server; a failure is reported, not thrown. */
export async function measureReady(pgUrl: string | undefined): Promise<OpsReadyEntry | { error: string }> {
  try {
    return await runReadyBench(pgUrl, log);
  } catch (error) {
    const failed = { error: error instanceof Error ? error.message : String(error) };
    log(`ops: not measured: ${failed.error}`);
    return failed;
  }
}

/** Two servers under the players' mixed load with a kill -9; a failure is reported, not thrown. */
export async function measureLoad(pgUrl: string): Promise<OpsLoadEntry | { error: string }> {
  try {
    return await runLoadBench(pgUrl, log);
  } catch (error) {
    const failed = { error: error instanceof Error ? error.message : String(error) };
    log(`ops.load: not measured: ${failed.error}`);
    return failed;
  }
}

/** The `load` key of the report's `ops` entry. */
export function loadEntry(load: OpsLoadEntry | { error: string }): Record<string, unknown> {
  return 'error' in load ? { load_error: load.error } : { load };
}

/** The report's `ops` entry with `ready`'s keys replaced (other ops keys, e.g. `load`, kept). */
export function opsEntry(ready: OpsReadyEntry | { error: string }): Record<string, unknown> {
  const existing = readExisting().ops;
  const kept = (existing && typeof existing === 'object' ? existing : {}) as Record<string, unknown>;
  const { ready_error: _old, ...rest } = kept;
  return 'error' in ready ? { ...rest, ready_error: ready.error } : { ...rest, ...ready };
}
