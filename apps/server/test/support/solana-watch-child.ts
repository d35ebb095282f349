/**
 * A process that runs the Solana watcher once over the configured database (DATABASE_URL) in small
 * chunks, printing `chunk <n>` after each committed chunk and pausing a little, so a test can kill
 * it with SIGKILL in the middle of a run (solana-orders.test.ts).
 */
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { createChainProviders } from '../../src/chain/index.ts';
import { runSolanaWatcher } from '../../src/jobs/solana-watcher.ts';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' } as Record<string, string>);
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const providers = await createChainProviders(config, db);
const now = new Date(process.env.WATCH_NOW ?? Date.now());
await runSolanaWatcher(db, providers.solanaChain, now, {
  chunk: Number(process.env.WATCH_CHUNK ?? 10),
  afterChunk: async (n) => {
    process.stdout.write(`chunk ${n}\n`);
    await new Promise((r) => setTimeout(r, 100));
  },
});
process.stdout.write('done\n');
await db.close();
