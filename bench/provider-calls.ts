/**
 * Provider calls of the real-network path (docs/operator-guide.md §7.2, "Count the provider calls per watcher
 * run and per sign-in"): a Kingdom on preprod settings whose `BLOCKFROST_URL` is the
 * Blockfrost-compatible emulator (`packages/emulators/src/cardano/blockfrost-emulator.ts`) over real
 * HTTP on 127.0.0.1, on a fresh Postgres database; the emulator server counts the `/api/v0` calls
 * per route.
 *
 * The chain: `blocks` blocks (default 10,000) with `deposits` deposit transactions to the treasury
 * (default 200, two outputs each: EXO and HEXO, CIP-20 message) spread evenly, sent by a wallet
 * linked to an account. Measured:
 * - `catch_up`: the one watcher run (`runChainWatcher` with `BlockfrostCardanoLedger`) that scans
 *   the whole chain from height 0 — the report's `chain.provider_calls_per_watcher_run`;
 * - `idle_watcher_run` / `idle_job_run`: one run after one more empty block (the steady state every
 *   `CHAIN_WATCH_MS`): the watcher alone, and the whole chain job (treasury signer + watcher);
 * - `deposit`: the calls one more deposit adds over its life (seen, pending for 14 blocks, credited),
 *   above the idle runs;
 * - `sign_in`: one Cardano sign-in (challenge + login, wallet sync included).
 *
 *   tsx bench/provider-calls.ts --url postgres://… [--blocks 10000] [--deposits 200]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { API_PREFIX, PATHS, XSRF_COOKIE, XSRF_HEADER } from '@kingdom/api';
import { LAND_POLICY_ID, MINING_TOOL_POLICY_ID, depositMessage } from '@kingdom/game';
import { exec, openDatabase } from '../apps/server/src/db/client.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openCardanoMoney } from '../apps/server/src/chain/cardano/money.ts';
import { BLOCKFROST_API_PREFIX, buildBlockfrostEmulator } from '@kingdom/emulators';
import { BlockfrostCardanoLedger } from '../apps/server/src/chain/cardano/blockfrost-ledger.ts';
import { createChainProviders } from '../apps/server/src/chain/index.ts';
import { seedReferenceData } from '../apps/server/src/seed/demo-world.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { runChainWatcher, type ChainWatchOptions } from '../apps/server/src/jobs/chain-watcher.ts';
import { createCardanoTestWallet } from '../apps/server/test/support/wallets.ts';
import { withFreshDatabase } from './support/fresh-database.ts';

/** Sizes of one run. */
export interface ProviderCallsSizes { blocks: number; deposits: number }

/** Calls of one measured step: total and per `/api/v0` route. */
export interface CallCount { calls: number; by_route: Record<string, number> }

/** What the bench reports (merged into the report's `chain` entry). */
export interface ProviderCallsEntry {
  /** Calls of the one watcher run over the whole synthetic chain (`blocks` blocks, `deposit_txs` deposits). */
  provider_calls_per_watcher_run: number;
  provider_calls: {
    blocks: number;
    deposit_txs: number;
    catch_up: CallCount & { credited_outputs: number };
    idle_watcher_run: CallCount;
    idle_job_run: CallCount;
    /** Calls one deposit adds over the runs from its block to its credit (one run per block), beyond idle runs. */
    deposit: { extra_calls: number; runs: number };
    sign_in: CallCount;
    build_seconds: number;
    at: string;
  };
}

const round = (x: number, digits = 2): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** One run on the (fresh, empty) database at `databaseUrl`. */
export async function benchProviderCalls(databaseUrl: string, sizes: ProviderCallsSizes, log: (line: string) => void = () => undefined): Promise<ProviderCallsEntry> {
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  const dir = mkdtempSync(path.join(tmpdir(), 'kingdom-bench-bf-'));
  try {
    const chainConfig = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, CARDANO_NETWORK: 'emulator', DEMO: 'false' });
    const money = await openCardanoMoney(chainConfig, db);
    const emulator = money.emulator!;
    const server = await buildBlockfrostEmulator({ money });
    const origin = await server.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      // The sender: the faucet's address, linked to account 1 (its deposits are credited).
      const [user] = await exec<{ id: number }>(db.orm, sql`INSERT INTO users (name) VALUES ('provider bench') RETURNING id`);
      await exec(db.orm, sql`INSERT INTO wallets (user_id, chain, address, is_master) VALUES (${user!.id}, 'cardano', ${money.faucet!.address}, true)`);
      const lucid = await money.lucid();
      lucid.selectWallet.fromPrivateKey(money.faucet!.privateKey);
      const deposit = async () => {
        const tx = await lucid.newTx()
          .pay.ToAddress(money.treasury.address, { [money.units.exo]: 1_000_000n })
          .pay.ToAddress(money.treasury.address, { [money.units.hexo]: 2_000_000n })
          .attachMetadata(674, { msg: depositMessage(user!.id) }).complete();
        await emulator.submit((await tx.sign.withWallet().complete()).toCBOR());
      };
      const t0 = process.hrtime.bigint();
      const gap = Math.max(1, Math.floor((sizes.blocks - 20) / sizes.deposits));
      for (let i = 0; i < sizes.deposits; i++) {
        await deposit();
        await emulator.produceBlocks(gap);
      }
      const tip0 = await emulator.tip();
      if (tip0.height < sizes.blocks) await emulator.produceBlocks(sizes.blocks - tip0.height);
      const buildSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
      log(`provider calls: ${sizes.deposits} deposits in ${sizes.blocks} blocks built in ${round(buildSeconds)} s`);

      // A Kingdom on preprod settings over the emulator server (same database: it does not touch the emulator's tables).
      const keyFile = path.join(dir, 'treasury.skey');
      writeFileSync(keyFile, money.treasury.privateKey + '\n', { mode: 0o600 });
      const config = loadConfig({
        LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, DEMO: 'false', WEB_DIST: '/nonexistent', AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        CARDANO_NETWORK: 'preprod', BLOCKFROST_URL: origin + BLOCKFROST_API_PREFIX, BLOCKFROST_PROJECT_ID: 'bench',
        SALE_ADDRESS: money.saleAddress, EXO_UNIT: money.units.exo, HEXO_UNIT: money.units.hexo, TREASURY_KEY_FILE: keyFile,
        SOLANA_SALE_ADDRESS: '11111111111111111111111111111112',
        // The demo world's collections (seeded below), named as a real launch names its own.
        LAND_POLICY_ID, MINING_TOOL_POLICY_ID,
      });
      const providers = await createChainProviders(config, db);
      await seedReferenceData(db);
      const app = await buildApp({ config, db, providers });
      await app.ready();
      try {
        const ledger = providers.money.ledger;
        if (!(ledger instanceof BlockfrostCardanoLedger)) throw new Error('the Kingdom did not pick the Blockfrost ledger');
        const opts = (): ChainWatchOptions => ({ treasuryAddress: money.treasury.address, saleAddress: money.saleAddress, units: money.units, confirmations: providers.money.confirmations, now: new Date() });
        const measure = async <T>(work: () => Promise<T>): Promise<CallCount & { result: T }> => {
          server.resetRequests();
          const result = await work();
          const r = server.requests();
          return { calls: r.total, by_route: r.byRoute, result };
        };

        const catchUp = await measure(() => runChainWatcher(db, ledger, opts()));
        const expected = sizes.deposits * 2;
        if (catchUp.result.credited !== expected) throw new Error(`the catch-up run credited ${catchUp.result.credited} outputs for ${expected}`);
        log(`provider calls: catch-up over ${sizes.blocks} blocks = ${catchUp.calls} calls`);

        await emulator.produceBlocks(1);
        const idle = await measure(() => runChainWatcher(db, ledger, opts()));
        await emulator.produceBlocks(1);
        const idleJob = await measure(() => app.deps.chainJobs.run());

        // One more deposit, followed block by block until it is credited.
        await deposit();
        let extra = 0;
        let runs = 0;
        for (;;) {
          await emulator.produceBlocks(1);
          const run = await measure(() => runChainWatcher(db, ledger, opts()));
          runs++;
          extra += run.calls - idle.calls;
          if (run.result.credited > 0) break;
          if (runs > 100) throw new Error('the deposit was not credited in 100 blocks');
        }

        const wallet = createCardanoTestWallet();
        const signIn = await measure(async () => {
          const csrf = await app.inject({ method: 'GET', url: API_PREFIX + PATHS.csrfCookie });
          const cookie = csrf.cookies.find((c) => c.name === XSRF_COOKIE)!.value;
          const headers = { cookie: `${XSRF_COOKIE}=${cookie}`, [XSRF_HEADER]: cookie };
          const ch = await app.inject({ method: 'POST', url: API_PREFIX + PATHS.authChallenge, headers, payload: { chain: 'cardano', address: wallet.address } });
          const { message } = ch.json<{ message: string }>();
          const login = await app.inject({ method: 'POST', url: API_PREFIX + PATHS.authLogin, headers, payload: { chain: 'cardano', address: wallet.address, message, ...wallet.signData(message) } });
          if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
        });

        const strip = ({ calls, by_route }: CallCount) => ({ calls, by_route });
        return {
          provider_calls_per_watcher_run: catchUp.calls,
          provider_calls: {
            blocks: sizes.blocks, deposit_txs: sizes.deposits,
            catch_up: { ...strip(catchUp), credited_outputs: catchUp.result.credited },
            idle_watcher_run: strip(idle), idle_job_run: strip(idleJob),
            deposit: { extra_calls: extra, runs },
            sign_in: strip(signIn),
            build_seconds: round(buildSeconds),
            at: new Date().toISOString(),
          },
        };
      } finally {
        await app.close();
      }
    } finally {
      await server.app.close();
    }
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bench on a fresh database created on the Postgres server of `pgUrl` (dropped after). */
export function runProviderCallsBench(pgUrl: string, sizes: ProviderCallsSizes, log: (line: string) => void): Promise<ProviderCallsEntry> {
  return withFreshDatabase(pgUrl, 'kingdom_provider_calls', (url) => benchProviderCalls(url, sizes, log));
}

/** Sizes from `BENCH_PROVIDER_BLOCKS` / `BENCH_PROVIDER_DEPOSITS`, else 10,000 blocks and 200 deposits. */
export function providerSizesFromEnv(env: NodeJS.ProcessEnv = process.env): ProviderCallsSizes {
  const int = (v: string | undefined, fallback: number): number => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : fallback);
  return { blocks: int(env.BENCH_PROVIDER_BLOCKS, 10_000), deposits: int(env.BENCH_PROVIDER_DEPOSITS, 200) };
}

/** The table lines of the entry. */
export function providerLines(e: ProviderCallsEntry): string[] {
  const p = e.provider_calls;
  return [
    `provider calls (Blockfrost path): one watcher run over ${p.blocks} blocks with ${p.deposit_txs} deposits = ${e.provider_calls_per_watcher_run} calls`,
    `  idle watcher run ${p.idle_watcher_run.calls}, idle chain job run ${p.idle_job_run.calls}, one deposit +${p.deposit.extra_calls} over ${p.deposit.runs} runs, one sign-in ${p.sign_in.calls}`,
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' }, blocks: { type: 'string' }, deposits: { type: 'string' } } });
  if (!values.url) throw new Error('--url postgres://… is required');
  const env = providerSizesFromEnv();
  const sizes = providerSizesFromEnv({ BENCH_PROVIDER_BLOCKS: values.blocks ?? String(env.blocks), BENCH_PROVIDER_DEPOSITS: values.deposits ?? String(env.deposits) });
  const entry = await runProviderCallsBench(values.url, sizes, (line) => void process.stderr.write(`[bench] ${line}\n`));
  console.log(JSON.stringify(entry, null, 2));
  process.stdout.write(`${providerLines(entry).join('\n')}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
