/**
 * The local Solana cluster's jobs, each once cluster-wide under its lease (db/leases.ts): slot
 * production every `SOLANA_SLOT_MS` (as `EMULATOR_BLOCK_MS` produces Cardano blocks) and, in demo
 * mode, the first-sign-in SOL of demo wallets (`demo-funding.ts`).
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobSpec } from '../../db/leases.ts';
import type { LocalSolana } from '@kingdom/chain-providers';
import { paySolanaDemoFunding, SOLANA_DEMO_FUNDING_JOB } from './demo-funding.ts';

/** Lease name of slot production. */
export const SOLANA_SLOTS_JOB = 'solana-slots';
/** How often the funding job looks for waiting sign-ins (ms). */
export const SOLANA_DEMO_FUNDING_EVERY_MS = 1_000;

/**
 * The local cluster's jobs for `config`: none on a real cluster; slot production when
 * `SOLANA_SLOT_MS` > 0; demo funding in demo mode with `DEMO_CHAIN_FAUCET`.
 */
export function localSolanaJobs(config: Config, db: Database, local: LocalSolana | null): JobSpec[] {
  if (!local) return [];
  const jobs: JobSpec[] = [];
  if (config.solana.slotMs > 0) jobs.push({ name: SOLANA_SLOTS_JOB, everyMs: config.solana.slotMs, run: async () => { await local.produceSlots(1); } });
  if (config.demo && config.chainMoney.demoChainFaucet) {
    jobs.push({ name: SOLANA_DEMO_FUNDING_JOB, everyMs: SOLANA_DEMO_FUNDING_EVERY_MS, run: async () => { await paySolanaDemoFunding(db.orm, local); } });
  }
  return jobs;
}
