/**
 * A shared emulated chain served over real HTTP on 127.0.0.1 by the Blockfrost-compatible emulator
 * (`src/chain/cardano/blockfrost-emulator.ts`), on its own fresh database (PGlite in memory, or a new
 * Postgres database when `KINGDOM_TEST_DB=postgres`), and the environment a Kingdom needs to use it
 * as a real network (`CARDANO_NETWORK=preprod`, `BLOCKFROST_URL`, …): the production provider path
 * under test (docs/operator-guide.md §7.2).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { getAddressDecoder } from '@solana/kit';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { openCardanoMoney, type CardanoMoney, type EmulatorGenesisOptions } from '../../src/chain/cardano/money.ts';
import { BLOCKFROST_API_PREFIX, buildBlockfrostEmulator, type BlockfrostEmulator } from '@kingdom/emulators';
import { TEST_DB, freshPostgresDatabase } from './kingdom.ts';

export interface TestBlockfrostChain {
  /** Base URL of the server (admin endpoints under `/emulator`). */
  origin: string;
  /** `BLOCKFROST_URL`: `origin` + `/api/v0`. */
  url: string;
  projectId: string;
  /** The emulator's own chain money (its treasury, faucet, units). */
  money: CardanoMoney;
  server: BlockfrostEmulator;
  db: Database;
  /** What a Kingdom on this chain needs in its environment. */
  env: Record<string, string>;
  /** `POST /emulator/blocks`. */
  blocks(count: number): Promise<{ height: number }>;
  /** `POST /emulator/fund`: the faucet pays `address` (and a block is produced). */
  fund(address: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts the chain and its Blockfrost-compatible server on a free port of 127.0.0.1. */
export async function startBlockfrostChain(genesis?: EmulatorGenesisOptions): Promise<TestBlockfrostChain> {
  const pgdb = TEST_DB === 'postgres' ? await freshPostgresDatabase() : null;
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', CARDANO_NETWORK: 'emulator', ...(pgdb ? { DATABASE_URL: pgdb.url } : {}) });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 3 });
  const money = await openCardanoMoney(config, db, genesis);
  const dir = mkdtempSync(path.join(tmpdir(), 'kingdom-bf-'));
  const keyFile = path.join(dir, 'treasury.skey');
  writeFileSync(keyFile, money.treasury.privateKey + '\n', { mode: 0o600 });
  const server = await buildBlockfrostEmulator({ money, treasuryKeyFile: keyFile });
  const origin = await server.app.listen({ host: '127.0.0.1', port: 0 });
  const projectId = 'kingdom-test';
  const post = async <T>(p: string, body: unknown): Promise<T> => {
    const res = await fetch(origin + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  return {
    origin, url: origin + BLOCKFROST_API_PREFIX, projectId, money, server, db,
    env: {
      CARDANO_NETWORK: 'preprod', BLOCKFROST_URL: origin + BLOCKFROST_API_PREFIX, BLOCKFROST_PROJECT_ID: projectId,
      SALE_ADDRESS: money.saleAddress, EXO_UNIT: money.units.exo, HEXO_UNIT: money.units.hexo, TREASURY_KEY_FILE: keyFile,
      // The chain is as new as the test: its watchers read it from block 1 (a launch's default is the tip at the first start).
      CHAIN_START_BLOCK: '1',
      // A real Solana cluster needs its sale address (nothing is sent to it here).
      SOLANA_SALE_ADDRESS: getAddressDecoder().decode(randomBytes(32)),
    },
    blocks: (count) => post('/emulator/blocks', { count }),
    fund: async (address) => (await post<{ tx_hash: string }>('/emulator/fund', { address })).tx_hash,
    async close() {
      await server.app.close();
      await db.close();
      await pgdb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
