/**
 * `bench/results/latest.json` and the table `npm run bench` prints: the report is merged (keys written
 * by other benches or by an earlier `--only` run are kept) and written atomically.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { apiFailed, apiLines, type ApiEntry } from './api.ts';
import { chainLines } from './chain-watcher.ts';
import { BENCH_DIR, log } from './common.ts';
import { webLines, type WebEntry } from './login-js.ts';
import type { ChainBenchEntry } from './parts.ts';
import { providerLines, type ProviderCallsEntry } from './provider-calls.ts';
import { solanaLines, type SolanaBenchEntry } from './solana-payments.ts';
import { valleyLines, type ValleyEntry } from './valley.ts';
import { questsLines } from './quests.ts';

const RESULTS = join(BENCH_DIR, 'results', 'latest.json');

/** Writes `report` to `bench/results/latest.json` (atomically). */
export function writeReport(report: Record<string, unknown>): void {
  mkdirSync(dirname(RESULTS), { recursive: true });
  const tmp = `${RESULTS}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(report, null, 2)}\n`);
  renameSync(tmp, RESULTS);
  log(`wrote ${RESULTS}`);
}

/** Reads the existing report (other benches' keys are kept), or `{}`. */
export function readExisting(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(RESULTS, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Prints the full run's table (API, `/login` JS, Valley, chain, settlement) on stdout. */
export function printTable(report: {
  api: ApiEntry;
  web: WebEntry;
  settlement?: Record<string, unknown>;
  quests?: Record<string, unknown>;
  valley?: ValleyEntry | { error: string };
  chain?: ChainBenchEntry | { error: string };
}): void {
  const { api, web } = report;
  const lines: string[] = [...apiLines(api)];
  lines.push(...webLines(web));
  if (report.valley && !('error' in report.valley)) lines.push(...valleyLines(report.valley as ValleyEntry));
  if (report.chain && !('error' in report.chain)) lines.push(...chainLines(report.chain));
  if (report.chain && 'provider_calls' in report.chain && report.chain.provider_calls) lines.push(...providerLines(report.chain as ProviderCallsEntry));
  if (report.chain && 'solana_payments_per_s' in report.chain && report.chain.solana_payments_per_s !== undefined) lines.push(...solanaLines(report.chain as SolanaBenchEntry));
  const st = (report as { settlement?: Record<string, unknown> }).settlement;
  if (st) {
    lines.push(`settlement of ${st.lands} lands: postgres ${st.seconds_postgres} s (floor ${st.floor_seconds_postgres} s, ratio ${st.ratio_postgres}, goal ≤ 2 and < 30 s; essential floor ${st.essential_floor_seconds_postgres ?? 'n/a'} s, ratio ${st.essential_ratio_postgres ?? 'n/a'}), pglite ${st.seconds_pglite ?? 'n/a'} s (${st.lands_pglite} lands), peak RSS ${st.peak_rss_mb} MB (goal < 512)`);
    lines.push(`the next day's tick alone (as every later day): postgres ${st.steady_seconds_postgres ?? 'n/a'} s (ratio ${st.steady_ratio_postgres ?? 'n/a'}, goal ≤ 1.5; to the essential floor ${st.steady_essential_ratio_postgres ?? 'n/a'})`);
    lines.push(`the rosters' warm-up during the day, before the tick (not in the tick's seconds): first day ${st.warmup_seconds_postgres ?? 'n/a'} s, next day ${st.steady_warmup_seconds_postgres ?? 'n/a'} s`);
    lines.push(`the third day's tick with writes during it (${st.write_rate ?? 'n/a'} writes/s on 20 connections from another process, purchases and vote locks of paid players): ${st.seconds_with_writes_postgres ?? 'n/a'} s; the writes' p99 ${st.write_p99_ms_during_tick} ms (floor, no tick: ${st.write_p99_ms_idle} ms; goal < 100)`);
    const steps = st.write_p99_ms_by_step as Record<string, { p99_ms: number }> | null | undefined;
    if (steps) lines.push(`  the writes' p99 by the step of the tick they were due in: ${Object.entries(steps).map(([k, v]) => `${k} ${v.p99_ms} ms`).join(', ')}`);
  }
  if (report.quests && typeof report.quests.progress_seconds_postgres === 'number') lines.push(...questsLines(report.quests));
  if (apiFailed(api)) lines.push('WARNING: some runs had non-2xx answers or errors: see latest.json');
  process.stdout.write(`${lines.join('\n')}\n`);
}
