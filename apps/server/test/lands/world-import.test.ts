/**
 * `kingdom world import` against the Blockfrost-compatible emulator seeded with a collection shaped
 * like a real CIP-25 one (5,000 lands, 100 tools, bad entries), over real HTTP, with a Kingdom on
 * preprod settings and DEMO=false: the world starts empty, the import fills the Valley, a holder
 * sees their lands on the dashboard and `lands?my`, is a land owner with a chest; a run killed in
 * the middle resumes without doubling anything; a metadata change is picked up by a re-run; bad
 * entries are refused with their reasons. Collections are configuration: required on a real
 * network, recorded, and a start with others refuses.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS, VALLEY_PATHS } from '@kingdom/api';
import { decodeValleyMap, hexName } from '@kingdom/game';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { seedReferenceData } from '../../src/seed/demo-world.ts';
import { runWorldImport } from '../../src/cli/world.ts';
import { mintCollection } from '@kingdom/emulators';
import { CollectionsChangedError } from '../../src/world-import/collections.ts';
import { createTestKingdom, signInCardano, TEST_DB, freshPostgresDatabase, type TestKingdom } from '../support/kingdom.ts';
import { startBlockfrostChain, type TestBlockfrostChain } from '../support/blockfrost-chain.ts';
import { createCardanoTestWallet, type CardanoTestWallet } from '../support/wallets.ts';
import { makeTestCollection, type TestCollection } from '../support/test-collection.ts';

let chain: TestBlockfrostChain;
let k: TestKingdom;
let collection: TestCollection;
let player: CardanoTestWallet;
let env: Record<string, string>;
const timings: Record<string, number> = {};
const lines: string[] = [];
const print = (l: string) => { lines.push(l); };

beforeAll(async () => {
  chain = await startBlockfrostChain();
  player = createCardanoTestWallet();
  const others = Array.from({ length: 9 }, () => createCardanoTestWallet().address);
  collection = makeTestCollection({ holders: [player.address, ...others] });
  const t0 = Date.now();
  const minted = await mintCollection(chain.money, collection.file, await chain.server.mintedUnits());
  timings.mintMs = Date.now() - t0;
  expect(minted.minted).toBe(5100);
  env = {
    ...chain.env, DEMO: 'false', LAND_POLICY_ID: minted.policies.land, MINING_TOOL_POLICY_ID: minted.policies.tool,
    BLOCKFROST_RATE_PER_SECOND: '100000', BLOCKFROST_BURST: '100000',
    // a real Solana cluster's sale address (never asked here)
    SOLANA_SALE_ADDRESS: '11111111111111111111111111111111',
  };
  k = await createTestKingdom({ demo: false, env });
}, 600_000);

afterAll(async () => {
  // eslint-disable-next-line no-console
  console.log(`world import timings (${TEST_DB}): ${JSON.stringify(timings)}`);
  await k?.close();
  await chain?.close();
});

const count = async (table: 'lands' | 'mining_tools') =>
  (await k.db.query<{ n: number; d: number }>({ name: '', text: `SELECT count(*)::int AS n, count(DISTINCT (collection_key, asset_key))::int AS d FROM ${table}` }, []))[0]!;

describe('collections are configuration', () => {
  it('a real network without DEMO requires both policy ids, with a clear message', () => {
    expect(() => loadConfig({ CARDANO_NETWORK: 'preprod', DATABASE_URL: 'postgres://x/y', DATA_DIR: 'memory://' }))
      .toThrow(/LAND_POLICY_ID and MINING_TOOL_POLICY_ID must be set on preprod/);
    expect(() => loadConfig({ CARDANO_NETWORK: 'preprod', DEMO: 'false', DATA_DIR: 'memory://', LAND_POLICY_ID: 'ab'.repeat(28) }))
      .toThrow(/MINING_TOOL_POLICY_ID must be set/);
    expect(() => loadConfig({ CARDANO_NETWORK: 'preprod', DEMO: 'false', DATA_DIR: 'memory://', LAND_POLICY_ID: 'xyz', MINING_TOOL_POLICY_ID: 'ab'.repeat(28) }))
      .toThrow(/LAND_POLICY_ID: must be a policy id/);
    // the demo and the emulator keep the demo's own
    expect(loadConfig({ DATA_DIR: 'memory://' }).collections.landPolicyId).toMatch(/^[0-9a-f]{56}$/);
  });

  it('a real network starts with an empty world; a start with other collections refuses, naming the operator step', async () => {
    const map = decodeValleyMap((await k.get(VALLEY_PATHS.map)).json());
    if (!timings.imported) expect(map.count).toBe(0);
    const other = { demo: false, collections: { landPolicyId: 'cd'.repeat(28), miningToolPolicyId: env.MINING_TOOL_POLICY_ID! } };
    const err = await seedReferenceData(k.db, other).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CollectionsChangedError);
    expect(String(err)).toMatch(/world import --switch-collections/);
  });
});

describe('world import from the chain', () => {
  it('refuses in demo mode and on the emulator', async () => {
    await expect(runWorldImport(loadConfig({ DATA_DIR: 'memory://' }), { print })).rejects.toThrow(/demo mode keeps its generated world/);
  });

  it('a run killed after 20 batches resumes: the whole collection once, bad entries refused with reasons', async () => {
    const t0 = Date.now();
    const first = await runWorldImport(k.config, { db: k.db, print, stopAfterBatches: 20 });
    expect(first.finished).toBe(false);
    expect((await count('lands')).n).toBe(20 * 50);
    const again = await runWorldImport(k.config, { db: k.db, print });
    timings.importMs = Date.now() - t0;
    timings.imported = 1;
    expect(again).toMatchObject({ runId: first.runId, resumed: true, finished: true, listed: { land: 5000, tool: 100 }, new: 5100 - collection.bad.length, updated: 0, unchanged: 0 });
    const refused = again.refused.map((r) => ({ role: r.role, nameHex: r.unit.slice(56), code: r.reason.split(':')[0] }));
    expect(refused).toEqual(expect.arrayContaining(collection.bad));
    expect(refused).toHaveLength(collection.bad.length);
    expect(again.refused.find((r) => r.reason.startsWith('duplicate_coordinates'))!.reason).toMatch(/already land #\d+'s/);
    expect(again.refused.find((r) => r.reason.startsWith('name_not_utf8'))!.reason).toMatch(/asset name is not UTF-8/);
    expect(lines.join('\n')).toMatch(/new 5093, updated 0, unchanged 0, refused 7/);
    const lands = await count('lands');
    expect(lands).toEqual({ n: 5000 - 5, d: 5000 - 5 });
    expect(await count('mining_tools')).toEqual({ n: 98, d: 98 });
  }, 600_000);

  it('the Valley shows the imported lands; a holder sees theirs on the dashboard and lands?my, is a land owner and has a chest', async () => {
    const map = decodeValleyMap((await k.get(VALLEY_PATHS.map)).json());
    expect(map.count).toBe(4995);
    const mine = collection.landsOf.get(player.address)!;
    expect(mine).toHaveLength(3);
    const login = await signInCardano(k, player);
    const dash = (await k.get(PATHS.dashboardUser, login.token)).json<{ user: { land_owner: boolean } }>();
    expect(dash.user.land_owner).toBe(true);
    const my = (await k.get(`${PATHS.lands}?my=true`, login.token)).json<{ lands: Array<{ hex_name: string; name: string; policy_id: string }> }>();
    const { generateValley } = await import('@kingdom/game');
    const cells = generateValley(5000);
    expect(my.lands.map((l) => l.hex_name).sort()).toEqual(mine.map((id) => hexName(cells[id - 1]!.q, cells[id - 1]!.r)).sort());
    expect(my.lands[0]).toMatchObject({ policy_id: env.LAND_POLICY_ID, name: expect.stringMatching(/^Cardano Land #\d+$/) });
    const chest = (await k.get(PATHS.chest, login.token)).json<{ state: string }>();
    expect(chest.state).not.toBe('not_land_owner');
    const tools = (await k.get(`${PATHS.miningTools}?my=true`, login.token));
    expect(tools.statusCode).toBe(200);
  });

  it('a re-run after a metadata change updates that land and leaves the rest unchanged', async () => {
    const target = collection.file.land!.assets[99]!; // land 100
    // the emulator's admin endpoint re-mints it with the new metadata, then burns the extra one
    const res = await fetch(`${chain.origin}/emulator/collection/remint`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'land', name: target.name, metadata: { ...target[721], name: 'Renamed Land', attributes: { ...(target[721].attributes as object), Biome: 'Winter', Size: 'Large' } } }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const missing = await fetch(`${chain.origin}/emulator/collection/remint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ role: 'land', name: 'NoSuchLand', metadata: {} }) });
    expect(missing.status).toBe(404);
    const t0 = Date.now();
    const again = await runWorldImport(k.config, { db: k.db, print });
    timings.reimportMs = Date.now() - t0;
    expect(again).toMatchObject({ resumed: false, new: 0, updated: 1, unchanged: 5093 - 1 });
    const [row] = await k.db.query<{ name: string; size: string; biome: string }>({ name: '', text: `SELECT name, size, biome FROM lands WHERE asset_key = $1` }, [Buffer.from(target.name!, 'utf8').toString('hex')]);
    expect(row).toEqual({ name: 'Renamed Land', size: 'LARGE', biome: 'winter' });
    expect(await count('lands')).toEqual({ n: 4995, d: 4995 });
  }, 600_000);

  // Postgres only (server-pg): the subject is the import's resume after a kill, whose state is in the
  // database's committed batches; PGlite on disk surviving a SIGKILL'd writer is proven by the Solana
  // watcher's kill test (chain/solana-orders.test.ts), and the in-process resume above runs on both.
  it.runIf(TEST_DB === 'postgres')('a world import killed with SIGKILL in the middle and run again: the same world, nothing doubled', async () => {
    // its own database (a new Postgres database), the same chain
    const dir = mkdtempSync(path.join(tmpdir(), 'kingdom-import-'));
    const pgdb = await freshPostgresDatabase();
    const childEnv: Record<string, string> = { ...env, BLOCKFROST_RATE_PER_SECOND: '400', BLOCKFROST_BURST: '50', LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'data'), DATABASE_URL: pgdb.url };
    try {
      const base = { ...process.env };
      for (const key of ['DATABASE_URL', 'TEST_DATABASE_URL', 'DATA_DIR', 'NODE_OPTIONS', 'VITEST', 'VITEST_MODE', 'KINGDOM_TEST_DB']) delete base[key];
      const child = spawn(process.execPath, ['--import', 'tsx', path.join('apps', 'server', 'src', 'cli.ts'), 'world', 'import'], {
        cwd: path.resolve(import.meta.dirname, '../../../..'), env: { ...base, ...childEnv }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (b: Buffer) => { out += b.toString(); });
      child.stderr.on('data', (b: Buffer) => { out += b.toString(); });
      const deadline = Date.now() + 240_000;
      while (!/importing: \d+\/5100 assets \((?:[2-9]\d) %\)/.test(out)) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`world import did not get going:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const config = loadConfig({ ...childEnv, BLOCKFROST_RATE_PER_SECOND: '100000', BLOCKFROST_BURST: '100000' });
      const summary = await runWorldImport(config, { print, mappingFile: undefined });
      expect(summary).toMatchObject({ resumed: true, finished: true, new: 5093, updated: 0, unchanged: 0 });
      expect(summary.refused).toHaveLength(7);
      const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      try {
        const [lands] = await db.query<{ n: number; d: number; h: number; ids: number }>({ name: '', text: 'SELECT count(*)::int AS n, count(DISTINCT asset_key)::int AS d, count(DISTINCT hex_name)::int AS h, max(id)::int AS ids FROM lands' }, []);
        expect(lands).toEqual({ n: 4995, d: 4995, h: 4995, ids: 4995 });
        // the same world as the in-process import: every land at the same cell with the same size and biome
        const theirs = await db.query<{ a: string; hex_name: string; size: string; biome: string }>({ name: '', text: 'SELECT asset_key AS a, hex_name, size, biome FROM lands ORDER BY asset_key' }, []);
        const ours = await k.db.query<{ a: string; hex_name: string; size: string; biome: string }>({ name: '', text: `SELECT asset_key AS a, hex_name, size, biome FROM lands WHERE asset_key <> $1 ORDER BY asset_key` }, [Buffer.from('CardanoLand100', 'utf8').toString('hex')]);
        expect(theirs.filter((l) => l.a !== Buffer.from('CardanoLand100', 'utf8').toString('hex'))).toEqual(ours);
        const [tools] = await db.query<{ n: number }>({ name: '', text: 'SELECT count(*)::int AS n FROM mining_tools' }, []);
        expect(tools!.n).toBe(98);
      } finally {
        await db.close();
      }
    } finally {
      await pgdb.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);

  it('a mapping file can change the paths and value names; a bad one is refused with the field named', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kingdom-mapping-'));
    try {
      const bad = path.join(dir, 'bad.json');
      writeFileSync(bad, JSON.stringify({ lands: { size: { path: 'attributes.Size', values: { Small: 'TINY' } } } }));
      await expect(runWorldImport(k.config, { db: k.db, print, mappingFile: bad })).rejects.toThrow(/mapping file: lands\.size\.values\.Small/);
      const typo = path.join(dir, 'typo.json');
      writeFileSync(typo, JSON.stringify({ land: {} }));
      await expect(runWorldImport(k.config, { db: k.db, print, mappingFile: typo })).rejects.toThrow(/mapping file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
