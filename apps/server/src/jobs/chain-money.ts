/**
 * Runs chain money's jobs (issue 11): the chain watcher, the treasury signer and order expiry, one
 * run at a time per process; on the emulator also the block timer (`EMULATOR_BLOCK_MS`), each
 * produced block followed by a run. Real networks run on `CHAIN_WATCH_MS`.
 */
import type { Database } from '../db/client.ts';
import type { CardanoMoney } from '../chain/cardano/money.ts';
import { expireOrders } from '../modules/chain/service.ts';
import { runChainWatcher, type WatchRun } from './chain-watcher.ts';
import { runTreasurySigner, type SignerLog } from './treasury-signer.ts';

/** What one run of the jobs did. */
export interface ChainJobsRun extends WatchRun {
  payouts: { submitted: number; confirmed: number; returned: number };
}

/** The chain-money jobs of one process. */
export class ChainMoneyJobs {
  private running: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Database, readonly money: CardanoMoney, private readonly clock: () => Date, private readonly log: SignerLog) {}

  /** Signer, then watcher, then order expiry; queued behind a run in progress. */
  run(): Promise<ChainJobsRun> {
    const work = async (): Promise<ChainJobsRun> => {
      const now = this.clock();
      const payoutsBefore = await runTreasurySigner(this.db, this.money, now, this.log);
      const watch = await runChainWatcher(this.db, this.money.ledger, {
        treasuryAddress: this.money.treasury.address, saleAddress: this.money.saleAddress, units: this.money.units,
        confirmations: this.money.confirmations, now,
      });
      await expireOrders(this.db.orm, now);
      return { ...watch, payouts: payoutsBefore };
    };
    const next = this.running.then(work, work);
    this.running = next.catch(() => undefined);
    return next;
  }

  /**
   * Produces `n` blocks on the emulator, then runs the jobs (and once more, so a payout submitted
   * by this run is seen in the next block's count).
   * @throws Error on a real network (blocks come from the chain)
   */
  async produceBlocks(n: number): Promise<ChainJobsRun> {
    const emulator = this.money.emulator;
    if (!emulator) throw new Error('blocks are produced only on the emulator');
    await this.running.catch(() => undefined);
    await emulator.produceBlocks(n);
    return this.run();
  }

  /** Starts the timers (block production on the emulator, or watching a real network). */
  start(emulatorBlockMs: number, watchMs: number): void {
    const tick = () => {
      const job = this.money.emulator ? this.produceBlocks(1) : this.run();
      job.catch((err: unknown) => this.log.error({ err: String(err) }, 'chain money run failed; will retry'));
    };
    const every = this.money.emulator ? emulatorBlockMs : watchMs;
    if (every <= 0) return;
    this.timer = setInterval(tick, every);
    this.timer.unref();
  }

  /** Stops the timers and waits for a run in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running.catch(() => undefined);
  }
}
