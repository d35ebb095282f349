/**
 * `npm run kingdom -- blockfrost-emulator [--port N] [--host H] [--project-id ID]
 *   [--treasury-key-file FILE] [--data-dir DIR] [--block-ms MS] [--collection FILE]` (docs/operator-guide.md §7.2): serves the shared emulated
 * Cardano chain through a Blockfrost-compatible API (`@kingdom/emulators`' cardano/blockfrost-emulator.ts) and
 * prints the environment a Kingdom server needs to use it as a real network
 * (`CARDANO_NETWORK=preprod`, `BLOCKFROST_URL`, …), so the production provider path runs locally.
 *
 * The chain lives in `DATABASE_URL` when set (any number of these servers and of Kingdom servers may
 * share it), else in PGlite at `--data-dir` (default `./data-chain`: PGlite allows one process per
 * folder, so not the Kingdom's `DATA_DIR`). The emulator's treasury key is written to
 * `--treasury-key-file` (default `<data dir>/emulator-treasury.skey`, or `./emulator-treasury.skey`
 * with Postgres; mode 0600) for the Kingdom's `TREASURY_KEY_FILE`. A block is produced every
 * `--block-ms` (default 3000, as `EMULATOR_BLOCK_MS`; 0 = only on `POST /emulator/blocks`). With
 * `--collection FILE` it first mints that collection file's Land and Mining Tool NFTs with their
 * CIP-25 metadata to their holders (`@kingdom/emulators`' cardano/emulator-collection.ts; assets already minted are
 * skipped) and prints `DEMO=false`, `LAND_POLICY_ID` and `MINING_TOOL_POLICY_ID` too. Listens on 127.0.0.1 by default:
 * the admin endpoints (`/emulator/*`) move the chain and pay from the faucet, so never expose it.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { getAddressDecoder } from '@solana/kit';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { environment, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { openCardanoMoney } from '../chain/cardano/money.ts';
import { BLOCKFROST_API_PREFIX, buildBlockfrostEmulator } from '@kingdom/emulators';
import { mintCollection, readCollectionFile, type CollectionRole } from '@kingdom/emulators';

const options = z.object({
  port: z.coerce.number().int().min(0).max(65_535).default(3100),
  host: z.string().min(1).max(200).default('127.0.0.1'),
  'project-id': z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only').default('emulator'),
  'treasury-key-file': z.string().min(1).max(4096).optional(),
  'data-dir': z.string().min(1).max(4096).optional(),
  /** A collection file to mint (`@kingdom/emulators`' `mintCollection`), so `world import` has a world to read. */
  collection: z.string().min(1).max(4096).optional(),
  /** ms between produced blocks (0: only `POST /emulator/blocks`); run it in one of several emulator servers only. */
  'block-ms': z.coerce.number().int().min(0).max(3_600_000).default(3000),
}).strict();

/**
 * Starts the server (returns once it listens; it runs until SIGINT/SIGTERM) and prints the Kingdom's
 * environment on stdout.
 * @throws Error for invalid options or when the database cannot be opened
 */
export async function blockfrostEmulatorCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' }, host: { type: 'string' }, 'project-id': { type: 'string' },
      'treasury-key-file': { type: 'string' }, 'data-dir': { type: 'string' }, 'block-ms': { type: 'string' }, collection: { type: 'string' },
    },
  });
  const parsed = options.safeParse(values);
  if (!parsed.success) throw new Error(`blockfrost-emulator: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const o = parsed.data;
  const env = environment();
  const cwd = env.INIT_CWD ?? process.cwd();
  // The chain's own keys (not a real network's TREASURY_KEY_FILE) and its own PGlite folder.
  const config = loadConfig({
    ...env, LOG_LEVEL: 'silent', CARDANO_NETWORK: 'emulator', TREASURY_KEY_FILE: undefined, SALE_ADDRESS: undefined,
    DATA_DIR: path.resolve(cwd, o['data-dir'] ?? './data-chain'),
  });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const money = await openCardanoMoney(config, db);
  const keyFile = path.resolve(cwd, o['treasury-key-file'] ?? (config.databaseUrl ? './emulator-treasury.skey' : path.join(config.dataDir, 'emulator-treasury.skey')));
  mkdirSync(path.dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, money.treasury.privateKey + '\n', { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  const server = await buildBlockfrostEmulator({ money, treasuryKeyFile: keyFile });
  let policies: Record<CollectionRole, string> | null = null;
  if (o.collection) {
    const file = readCollectionFile(path.resolve(cwd, o.collection));
    const started = Date.now();
    const done = await mintCollection(money, file, await server.mintedUnits(), (n, total) => {
      if (n === total || n % 1000 < 40) process.stderr.write(`blockfrost-emulator: minted ${n}/${total} assets\n`);
    });
    policies = done.policies;
    process.stderr.write(`blockfrost-emulator: collection ${o.collection}: ${done.minted} assets minted in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  const origin = await server.app.listen({ host: o.host, port: o.port });
  const ticker = o['block-ms'] > 0
    ? setInterval(() => { money.emulator!.produceBlocks(1).catch((err: unknown) => process.stderr.write(`blockfrost-emulator: block not produced: ${String(err)}\n`)); }, o['block-ms'])
    : null;
  const stop = () => {
    if (ticker) clearInterval(ticker);
    void server.app.close().then(() => db.close()).finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const tip = await money.ledger.tip();
  const lines = [
    `# Blockfrost-compatible emulator on ${origin}${BLOCKFROST_API_PREFIX} (chain at height ${tip.height}; ${config.databaseUrl ? 'Postgres' : `PGlite in ${config.dataDir}`})`,
    `# a block every ${o['block-ms']} ms${o['block-ms'] ? '' : ' (off)'}; admin: POST /emulator/blocks {"count":N}, POST /emulator/rollback {"depth":N}, POST /emulator/fund {"address":"addr_test1…"}, GET /emulator/info`,
    '# a Kingdom server on this chain needs:',
    'CARDANO_NETWORK=preprod',
    `BLOCKFROST_URL=${origin}${BLOCKFROST_API_PREFIX}`,
    `BLOCKFROST_PROJECT_ID=${o['project-id']}`,
    `SALE_ADDRESS=${money.saleAddress}`,
    `EXO_UNIT=${money.units.exo}`,
    `HEXO_UNIT=${money.units.hexo}`,
    `TREASURY_KEY_FILE=${keyFile}`,
    // A real Solana cluster needs a sale address: a fresh one for a rehearsal (set your own for a launch).
    `SOLANA_SALE_ADDRESS=${getAddressDecoder().decode(randomBytes(32))}`,
    ...(policies ? ['DEMO=false', `LAND_POLICY_ID=${policies.land}`, `MINING_TOOL_POLICY_ID=${policies.tool}`] : []),
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
