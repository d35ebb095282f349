/**
 * Test harness: builds the real app in-process on a fresh database per test file — PGlite in
 * memory, or, when `KINGDOM_TEST_DB=postgres`, a new database on the Postgres at
 * `TEST_DATABASE_URL` — with an injected clock, and signs in with real signatures.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_PREFIX, PATHS, XSRF_COOKIE, XSRF_HEADER, type LoginResponse } from '@kingdom/api';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { createChainProviders, type ChainProviders } from '../../src/chain/index.ts';
import type { EmulatorGenesisOptions } from '../../src/chain/cardano/money.ts';
import { seedDemoWorld, seedReferenceData } from '../../src/seed/demo-world.ts';
import { buildApp, type UndeclaredError } from '../../src/app.ts';
import { withPgliteTemplate } from './pglite-template.ts';
import type { CardanoTestWallet, SolanaTestWallet } from './wallets.ts';

export interface TestKingdom {
  app: FastifyInstance;
  db: Database;
  providers: ChainProviders;
  config: Config;
  /** The injected clock's current time. */
  now(): Date;
  /** Moves the injected clock forward by `ms`. */
  advance(ms: number): void;
  /** A fresh XSRF cookie + header pair from `GET /api/sanctum/csrf-cookie`. */
  csrf(): Promise<{ cookie: string; headers: Record<string, string> }>;
  /** POST with a valid XSRF pair. */
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** GET, with a bearer token when given. */
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Which database the suite runs on. */
export const TEST_DB: 'pglite' | 'postgres' = process.env.KINGDOM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A new database on the suite's Postgres, empty; `opts.migrated`: a copy of the run's migrated
 * template (tools/vitest-pg-setup.ts) when there is one — what `openDatabase` would make of an empty
 * one, without running every migration again.
 */
export async function freshPostgresDatabase(opts: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const base = inject('databaseUrl') ?? process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('KINGDOM_TEST_DB=postgres needs TEST_DATABASE_URL (or the pg globalSetup)');
  const name = `kingdom_t_${randomBytes(6).toString('hex')}`;
  const template = opts.migrated ? inject('migratedTemplate') : undefined;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A running app on a fresh database.
 * @param opts.demo seed the demo world (default true)
 * @param opts.env extra environment for {@link loadConfig}
 */
export async function createTestKingdom(opts: { demo?: boolean; env?: Record<string, string>; start?: Date; onIdleError?: (err: Error) => void; genesis?: EmulatorGenesisOptions; jobEveryMs?: (name: string) => number | undefined } = {}): Promise<TestKingdom> {
  let now = opts.start ?? new Date('2026-11-01T12:00:00Z');
  const pgdb = TEST_DB === 'postgres' ? await freshPostgresDatabase({ migrated: true }) : null;
  const config = loadConfig({
    LOG_LEVEL: 'silent', DATA_DIR: 'memory://', DEMO: String(opts.demo ?? true), AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}), WEB_DIST: '/nonexistent', DEMO_CHAIN_FAUCET: 'false', ...opts.env,
  });
  const open = () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 5, ...(opts.onIdleError ? { onIdleError: opts.onIdleError } : {}) });
  // in memory on PGlite: from the run's migrated template (support/pglite-template.ts), not initdb again
  const db = !config.databaseUrl && config.dataDir === 'memory://' ? await withPgliteTemplate(open) : await open();
  const providers = await createChainProviders(config, db, opts.genesis);
  await seedReferenceData(db, config);
  if (config.demo) await seedDemoWorld(db, providers, now);
  // Every error answer must be one its endpoint's descriptor lists (so OpenAPI publishes it): close() fails otherwise.
  const undeclared: UndeclaredError[] = [];
  const app = await buildApp({ config, db, providers, clock: () => now, advanceClock: async (ms) => { now = new Date(now.getTime() + ms); return now; }, undeclaredError: (a) => undeclared.push(a), ...(opts.jobEveryMs ? { jobEveryMs: opts.jobEveryMs } : {}) });
  await app.ready();

  const csrf = async () => {
    const res = await app.inject({ method: 'GET', url: API_PREFIX + PATHS.csrfCookie });
    const cookie = res.cookies.find((c) => c.name === XSRF_COOKIE)!.value;
    return { cookie, headers: { cookie: `${XSRF_COOKIE}=${cookie}`, [XSRF_HEADER]: cookie } };
  };
  return {
    app, db, providers, config,
    now: () => now,
    advance: (ms) => { now = new Date(now.getTime() + ms); },
    csrf,
    async post(url, body, headers = {}) {
      const c = await csrf();
      return app.inject({ method: 'POST', url: API_PREFIX + url, payload: body as object, headers: { ...c.headers, ...headers } });
    },
    get(url, token) {
      return app.inject({ method: 'GET', url: API_PREFIX + url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    },
    async close() {
      await app.close();
      await db.close();
      await pgdb?.drop();
      if (undeclared.length) {
        const seen = [...new Set(undeclared.map((a) => `${a.operationId} answered ${a.status} ${a.code}`))];
        throw new Error(`error answers their endpoint descriptors do not list (add the code to the descriptor's errors in packages/api; docs/http-contract.md §1): ${seen.join('; ')}`);
      }
    },
  };
}

/** Asks for a challenge for the wallet's address; returns the message. */
export async function challengeFor(k: TestKingdom, chain: 'cardano' | 'solana', address: string): Promise<string> {
  const res = await k.post(PATHS.authChallenge, { chain, address });
  if (res.statusCode !== 200) throw new Error(`challenge failed: ${res.statusCode} ${res.body}`);
  return res.json<{ message: string }>().message;
}

/** Full sign-in with a Cardano test wallet (payment-key CIP-30 signData). */
export async function signInCardano(k: TestKingdom, wallet: CardanoTestWallet): Promise<LoginResponse> {
  const message = await challengeFor(k, 'cardano', wallet.address);
  const sig = wallet.signData(message);
  const res = await k.post(PATHS.authLogin, { chain: 'cardano', address: wallet.address, message, signature: sig.signature, key: sig.key });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<LoginResponse>();
}

/** Full sign-in with a Solana test wallet (ed25519 over the UTF-8 message, base58). */
export async function signInSolana(k: TestKingdom, wallet: SolanaTestWallet): Promise<LoginResponse> {
  const message = await challengeFor(k, 'solana', wallet.address);
  const res = await k.post(PATHS.authLogin, { chain: 'solana', address: wallet.address, message, signature: wallet.signMessage(message) });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<LoginResponse>();
}
