/**
 * Runs chain money's jobs (docs/game-rules.md §8): the chain watcher, the treasury signer, order expiry and the
 * in-app land mint's confirmations, once
 * cluster-wide under one job lease (docs/architecture.md §6); on the emulator also block production
 * (`EMULATOR_BLOCK_MS`), each produced block followed by a run. Real networks run on `CHAIN_WATCH_MS`.
 */
import type { Database } from '../db/client.ts';
import type { CardanoMoney } from '../chain/cardano/money.ts';
import { expireOrders } from '../modules/chain/repository.ts';
import { runChainWatcher, type WatchRun } from './chain-watcher.ts';
import { runTreasurySigner, type SignerLog } from './treasury-signer.ts';
import { mintOpen, runMintJob } from '../modules/mint/service.ts';
import type { ChainProviders } from '../chain/provider.ts';
import type { JobLeases, JobSpec } from '../db/leases.ts';

/** What one run of the jobs did. */
export interface ChainJobsRun extends WatchRun {
  payouts: { submitted: number; confirmed: number; returned: number };
}

/** Lease name of the chain-money jobs (watcher, signer, order expiry, block production). */
export const CHAIN_JOB = 'chain';

/**
 * The chain-money jobs. A run happens only in the process holding the {@link CHAIN_JOB} lease, so
 * the watcher and the treasury signer run once cluster-wide; runs in one process are queued.
 */
export class ChainMoneyJobs {
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    readonly money: CardanoMoney,
    private readonly clock: () => Date,
    private readonly log: SignerLog,
    private readonly leases: JobLeases,
    /** The chain providers (the in-app mint syncs a buyer's wallet); without them the mint's job step does not run. */
    private readonly providers?: ChainProviders,
  ) {}

  /**
   * Signer, then watcher, then order expiry; queued behind a run in progress.
   * @returns what the run did, or null when another process holds the lease (it runs them)
   */
  run(): Promise<ChainJobsRun | null> {
    const work = async (): Promise<ChainJobsRun | null> => {
      if (!(await this.leases.acquire(CHAIN_JOB))) return null;
      const now = this.clock();
      const payoutsBefore = await runTreasurySigner(this.db, this.money, now, this.log);
      const watch = await runChainWatcher(this.db, this.money.ledger, {
        treasuryAddress: this.money.treasury.address, saleAddress: this.money.saleAddress, units: this.money.units,
        confirmations: this.money.confirmations, now, startBlock: this.money.watchStart,
      });
      if (watch.startedAt !== null) {
        this.log.info?.({ block: watch.startedAt, tip: watch.scannedTo, startBlock: this.money.watchStart },
          `chain watcher: a new database watches the treasury and sale addresses from block ${watch.startedAt} (CHAIN_START_BLOCK=${this.money.watchStart})`);
      }
      await expireOrders(this.db.orm, now);
      // The in-app land mint (docs/game-rules.md §2): confirmations, returns and expiry; open on the emulator only.
      if (this.providers && mintOpen(this.money)) await runMintJob({ db: this.db, money: this.money }, this.providers, now, this.log);
      return { ...watch, payouts: payoutsBefore };
    };
    const next = this.running.then(work, work);
    this.running = next.catch(() => undefined);
    return next;
  }

  /**
   * Produces `n` blocks on the (shared) emulated chain, then runs the jobs when this process holds
   * their lease.
   * @throws Error on a real network (blocks come from the chain)
   */
  async produceBlocks(n: number): Promise<ChainJobsRun | null> {
    const emulator = this.money.emulator;
    if (!emulator) throw new Error('blocks are produced only on the emulator');
    await emulator.produceBlocks(n);
    return this.run();
  }

  /**
   * The scheduled job: on the emulator one block every `emulatorBlockMs` (0: only on demand), each
   * followed by a run; on a real network a run every `watchMs`.
   */
  job(emulatorBlockMs: number, watchMs: number): JobSpec {
    return {
      name: CHAIN_JOB,
      everyMs: this.money.emulator ? emulatorBlockMs : watchMs,
      run: () => (this.money.emulator ? this.produceBlocks(1) : this.run()),
    };
  }

  /** Waits for a run in progress. */
  async stop(): Promise<void> {
    await this.running.catch(() => undefined);
  }
}
