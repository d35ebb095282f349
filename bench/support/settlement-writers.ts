/**
 * The players' writes of the settlement bench (docs/architecture.md §4, `settlement.write_p99_ms_during_tick`), in a
 * process of its own, as a client is: the tick's process and this one do not share an event loop.
 *
 *   tsx bench/support/settlement-writers.ts --url postgres://… --players N --at <ISO instant> [--rate 200] [--connections 20] [--samples]
 *
 * Open loop: a write is due every 1000 / `rate` ms whatever the earlier ones do, on a pool of
 * `connections`, alternately a vendor purchase (100 FOOD for HEXO) and a 1-EXO vote lock by a random
 * player (every player is one the tick pays). A write's latency runs from the instant it was due, so
 * time spent queued behind slow writes counts (no coordinated omission). Prints `ready` once its
 * connections are open and warm (those writes are not measured), writes until standard input closes
 * or says `stop`, then prints one JSON line ({@link WriteStats}; with `--samples`, every write's due
 * instant and latency too).
 */
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { purchase } from '../../apps/server/src/modules/vendor/service.ts';
import { lockVotes } from '../../apps/server/src/modules/staking/service.ts';
import { quantile } from '../../tools/player-load.ts';

/** Latencies of the players' writes (ms, from the instant each was due), with their rate (writes/s). */
export interface WriteStats { rate: number; connections: number; writes: number; errors: number; p50_ms: number; p99_ms: number; max_ms: number; samples?: WriteSample[]; by_step?: Record<string, { writes: number; p50_ms: number; p99_ms: number; max_ms: number }> }

/** One write with `--samples`: the instant it was due (ms since the epoch, UTC) and its latency (ms). */
export type WriteSample = [dueMs: number, latencyMs: number];

const { values } = parseArgs({ options: { url: { type: 'string' }, players: { type: 'string' }, at: { type: 'string' }, rate: { type: 'string' }, connections: { type: 'string' }, samples: { type: 'boolean' } } });
const players = Number(values.players);
const at = new Date(values.at!);
const rate = Number(values.rate ?? 200);
const connections = Number(values.connections ?? 20);
const db = await openDatabase({ databaseUrl: values.url!, dataDir: '', poolSize: connections });

// Warm-up, not measured: every connection opened, the code paths compiled.
await Promise.all(Array.from({ length: connections * 2 }, async (_, i) => {
  const user = 1 + Math.floor(Math.random() * players);
  if (i % 2 === 0) await purchase(db, user, randomUUID(), { item: 'food_100', quantity: 1 }, at).catch(() => undefined);
  else await lockVotes(db, user, 1, at).catch(() => undefined);
}));
console.log('ready');

const ms: number[] = [];
const samples: WriteSample[] = [];
let errors = 0;
let stopping = false;
const queue: bigint[] = [];
let busy = 0;

const run = async (due: bigint, i: number): Promise<void> => {
  busy++;
  const user = 1 + Math.floor(Math.random() * players);
  try {
    if (i % 2 === 0) await purchase(db, user, randomUUID(), { item: 'food_100', quantity: 1 }, at);
    else await lockVotes(db, user, 1, at);
  } catch {
    errors++;
  }
  const latency = Number(process.hrtime.bigint() - due) / 1e6;
  ms.push(latency);
  if (values.samples) samples.push([epoch0 + Number(due - t0) / 1e6, latency]);
  busy--;
  const next = queue.shift();
  if (next !== undefined) void run(next, i + 1);
};

const t0 = process.hrtime.bigint();
const epoch0 = Date.now();
const interval = BigInt(Math.round(1e9 / rate));
let issued = 0n;
const timer = setInterval(() => {
  const now = process.hrtime.bigint();
  for (; t0 + issued * interval <= now; issued++) {
    const due = t0 + issued * interval;
    if (busy < connections) void run(due, Number(issued));
    else queue.push(due);
  }
}, 2);

process.stdin.on('data', (d) => { if (String(d).includes('stop')) stopping = true; });
process.stdin.on('end', () => { stopping = true; });
while (!stopping) await new Promise((r) => setTimeout(r, 20));
clearInterval(timer);
while (busy > 0 || queue.length > 0) await new Promise((r) => setTimeout(r, 10));
await db.close();
const q = (f: number) => Math.round(quantile(ms, f) * 100) / 100;
const stats: WriteStats = { rate, connections, writes: ms.length, errors, p50_ms: q(0.5), p99_ms: q(0.99), max_ms: q(1), ...(values.samples ? { samples } : {}) };
console.log(JSON.stringify(stats));
