/**
 * The operator console's search box (docs/http-contract.md §4; issue 37 item 3), on Postgres:
 * `console.search_p99_ms` at `--players` players (default 100,000; goal < 100 ms). A fresh database
 * gets that many accounts, each with a Cardano wallet (a quarter with an ADA Handle), a deposit
 * (Cardano tx hash) and an EXO order; every tenth also a Solana wallet and a SOL payment (signature).
 * Then the server's own search (`modules/console/repository.ts`, `search`) is run
 * `--rounds` times for each key kind — user id, address (both chains), `$handle`, user name, Cardano
 * tx hash, Solana signature, order id, land hex name, and a miss — one after another, and the
 * latency percentiles of all of them are printed as one JSON line.
 *
 *   tsx bench/console.ts --url postgres://… [--players 100000] [--rounds 50]
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, exec } from '../apps/server/src/db/client.ts';
import { search } from '../apps/server/src/modules/console/repository.ts';
import { withFreshDatabase } from './support/fresh-database.ts';
import { positiveInt } from './common.ts';

/** One run's figures. */
export interface ConsoleSearchRun {
  players: number;
  queries: number;
  search_p50_ms: number;
  search_p99_ms: number;
  search_max_ms: number;
  /** p99 per key kind (ms). */
  by_kind: Record<string, number>;
  goal_p99_ms: number;
}

/** The goal (issue 37): p99 under 100 ms at 100,000 players. */
export const SEARCH_GOAL_P99_MS = 100;

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

/** Fills the database at `url` with `players` accounts and runs the searches. */
export async function runConsoleSearchBench(url: string, players: number, rounds: number, log: (s: string) => void = () => undefined): Promise<ConsoleSearchRun> {
  const db = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 4 });
  try {
    const orm = db.orm;
    const t0 = Date.now();
    await exec(orm, sql`INSERT INTO users (id, name, created_at) SELECT g, 'player_' || g, now() - (g % 90) * interval '1 day' FROM generate_series(1, ${players}) g`);
    await exec(orm, sql`SELECT setval(pg_get_serial_sequence('users', 'id'), ${players})`);
    await exec(orm, sql`INSERT INTO wallets (user_id, chain, address, is_master, handle)
      SELECT g, 'cardano', 'addr_test1q' || md5('c' || g) || md5('d' || g), true, CASE WHEN g % 4 = 0 THEN 'handle' || g END FROM generate_series(1, ${players}) g`);
    await exec(orm, sql`INSERT INTO wallets (user_id, chain, address)
      SELECT g, 'solana', substr(translate(encode(sha256(('s' || g)::bytea), 'base64'), '+/=0OIl', 'abcdefg'), 1, 44) FROM generate_series(10, ${players}, 10) g`);
    await exec(orm, sql`INSERT INTO chain_payments (tx_hash, output_index, token, amount, senders, sender_stakes, block_height, block_hash, status, seen_at, user_id, credited_at)
      SELECT encode(sha256(('t' || g)::bytea), 'hex'), 0, 'exo', 1000000, ARRAY['addr_test1q' || md5('c' || g)], ARRAY[''], g, 'b', 'credited', now(), g, now() FROM generate_series(1, ${players}) g`);
    await exec(orm, sql`INSERT INTO exo_orders (user_id, idempotency_key, request_hash, source, pack, exo, lovelace, status, created_at, expires_at, tx_hash)
      SELECT g, 'k' || g, 'h', 'pack', 'exo_pack_1', 1000000, 2000000, 'paid', now(), now(), encode(sha256(('o' || g)::bytea), 'hex') FROM generate_series(1, ${players}) g`);
    await exec(orm, sql`INSERT INTO solana_payments (signature, slot, payer, fee_payer, lamports, verdict, seen_at, user_id)
      SELECT rpad(substr(translate(encode(sha512(('p' || g)::bytea), 'base64'), '+/=0OIl', 'abcdefg'), 1, 86), 87, 'x'), g, 'payer', 'payer', 1000, 'under', now(), g FROM generate_series(10, ${players}, 10) g`);
    await exec(orm, sql`ANALYZE`);
    log(`console bench: ${players} players written in ${round((Date.now() - t0) / 1000, 1)} s`);
    const pick = async (q: ReturnType<typeof sql>) => (await exec<{ v: string }>(orm, q))[0]!.v;
    const kinds: Record<string, () => Promise<string>> = {
      user_id: async () => String(1 + Math.floor(Math.random() * players)),
      address_cardano: () => pick(sql`SELECT address AS v FROM wallets WHERE chain = 'cardano' AND user_id = ${1 + Math.floor(Math.random() * players)}`),
      address_solana: () => pick(sql`SELECT address AS v FROM wallets WHERE chain = 'solana' AND user_id = ${10 * (1 + Math.floor(Math.random() * (players / 10 - 1)))}`),
      handle: async () => `$handle${4 * (1 + Math.floor(Math.random() * (players / 4 - 1)))}`,
      name: async () => `player_${1 + Math.floor(Math.random() * players)}`,
      cardano_tx: () => pick(sql`SELECT tx_hash AS v FROM chain_payments WHERE user_id = ${1 + Math.floor(Math.random() * players)}`),
      solana_signature: () => pick(sql`SELECT signature AS v FROM solana_payments WHERE user_id = ${10 * (1 + Math.floor(Math.random() * (players / 10 - 1)))}`),
      order_id: async () => `#${1 + Math.floor(Math.random() * players)}`,
      land: async () => 'E03N12',
      miss: async () => randomBytes(16).toString('hex'),
    };
    for (const k of Object.keys(kinds)) await search(orm, await kinds[k]!());
    const all: number[] = [];
    const byKind: Record<string, number> = {};
    for (const [kind, make] of Object.entries(kinds)) {
      const times: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const q = await make();
        const t = process.hrtime.bigint();
        await search(orm, q);
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      byKind[kind] = round(pct(times, 99));
      all.push(...times);
    }
    return {
      players, queries: all.length, search_p50_ms: round(pct(all, 50)), search_p99_ms: round(pct(all, 99)), search_max_ms: round(Math.max(...all)),
      by_kind: byKind, goal_p99_ms: SEARCH_GOAL_P99_MS,
    };
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' }, players: { type: 'string' }, rounds: { type: 'string' } } });
  if (!values.url) throw new Error('usage: tsx bench/console.ts --url postgres://… [--players 100000] [--rounds 50]');
  const players = positiveInt(values.players, 100_000);
  const rounds = positiveInt(values.rounds, 50);
  const run = await withFreshDatabase(values.url, 'kingdom_bench_console', (url) => runConsoleSearchBench(url, players, rounds, (s) => console.error(s)));
  console.log(JSON.stringify({ console: run }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
