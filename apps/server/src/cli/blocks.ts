/** `blocks [N]` (demo mode): produces N blocks (default 1) on the emulated chain, then runs the chain watcher and treasury signer. */
import { parseArgs } from 'node:util';
import { ChainMoneyJobs } from '../jobs/chain-money.ts';
import { JobLeases } from '../db/leases.ts';
import { openKingdomDatabase } from '../server.ts';
import { demoConfig, viaServer, whole } from './shared.ts';

/** Runs `blocks`. */
export async function blocks(args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const count = Number(whole(positionals[0] ?? '1', 'blocks'));
  if (count < 1 || count > 1000) throw new Error('N must be between 1 and 1000');
  const config = demoConfig();
  let result: { height: number; slot: number } | null = await viaServer(config.port, 'demoBlocks', { body: { count } });
  if (!result) {
    const { db, providers } = await openKingdomDatabase(config);
    const leases = new JobLeases(db.orm);
    try {
      const jobs = new ChainMoneyJobs(db, providers.money, () => new Date(), { warn: (o, m) => console.warn(m, o), error: (o, m) => console.error(m, o) }, leases, providers);
      await jobs.produceBlocks(count);
      const tip = await providers.money.ledger.tip();
      result = { height: tip.height, slot: tip.slot };
    } finally {
      await leases.releaseAll();
      await db.close();
    }
  }
  console.log(`Produced ${count} block(s): the emulated chain is at height ${result.height} (slot ${result.slot}).`);
}

