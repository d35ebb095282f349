/**
 * Players playing against several server processes (docs/architecture.md §6): each player signs in with a real
 * Solana wallet, gets a land, worker NFTs and balances from the demo faucet, then acts as a person
 * would — a read (dashboard, balance, lands, notification count) or, with `writeShare`, a write
 * (a vendor purchase with an Idempotency-Key, vote points locked and added or removed, a worker set
 * into or taken out of a slot) — pausing `pauseMs` between actions. Requests go to the processes in
 * turn, skipping one marked down, as a load balancer would. Used by the multi-process chaos test
 * (`tools/cluster-chaos.test.ts`) and the `ops.load` benchmark (`bench/ops-load.ts`).
 *
 * Outcome of a request: 2xx/4xx are answers (a 4xx is a rule's refusal, e.g. two processes racing
 * to fill one slot); a 5xx or a network error is an error — except a network error of a request
 * that was in flight on a process when it was killed (`inFlightOnKilled`).
 */
import { randomUUID } from 'node:crypto';
import { PATHS, STAKING_PATHS } from '@kingdom/api';
import { newSolanaKeypair } from './kingdom-client.ts';

/** A process a player can reach; `down` is set by whoever kills it. */
export interface Target {
  url: string;
  down: boolean;
  /** Bumped on every kill: a request started before it and failing after it was in flight. */
  epoch: number;
}

/** One signed-in player. */
export interface LoadPlayer {
  /** The player's client address, sent as `X-Forwarded-For` (counted only behind `TRUST_PROXY`). */
  ip: string;
  token: string;
  address: string;
  land: string;
  workers: Array<{ collection_key: string; asset_key: string }>;
  /** Signs a sign-in message with the player's wallet (base58 signature), for a sign-in mid-run. */
  sign?: (message: string) => string;
}

/** What went wrong with one request. */
export interface LoadError {
  what: string;
  status: number | null;
  detail: string;
}

/** Counts and latencies of a run. */
export interface LoadResult {
  requests: number;
  reads: number;
  writes: number;
  /** Latency of every answered request, ms. */
  latenciesMs: number[];
  /** Latency of each sign-in mid-run (challenge + login), ms. */
  signInMs: number[];
  errors: LoadError[];
  inFlightOnKilled: number;
  /** 4xx answers by error code (refusals by the rules). */
  refusals: Record<string, number>;
  durationMs: number;
}

/** Options of {@link playLoad}. */
export interface LoadOptions {
  targets: Target[];
  players: LoadPlayer[];
  durationMs: number;
  /** Pause between a player's actions (ms). Default 2,000. */
  pauseMs?: number;
  /** Share of actions that write. Default 0.2. */
  writeShare?: number;
  /** A Staking-Hub project slug to vote for. */
  project: string;
  /** Share of actions that are a sign-in again (challenge, then login; the new token is used after). Default 0. */
  signInShare?: number;
}

let rr = 0;
let nextIp = 0;
/** The next process that is up, in turn. */
function pick(targets: Target[]): Target {
  for (let i = 0; i < targets.length; i++) {
    const t = targets[(rr++) % targets.length]!;
    if (!t.down) return t;
  }
  return targets[0]!;
}

interface Sent {
  status: number;
  body: unknown;
  ms: number;
}

/** XSRF double submit: any token works on every process when the cookie carries the same value. */
const XSRF = 'kingdom-load-xsrf-token-0123456789';

async function send(t: Target, method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<Sent> {
  const started = performance.now();
  const res = await fetch(`${t.url}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'GET' ? {} : { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // keep the text
  }
  return { status: res.status, body: parsed, ms: performance.now() - started };
}

/**
 * Sends one request as a load balancer would: to a process that is up; a connection refused by a
 * process marked down meanwhile is retried on another. Throws only for setup use; {@link playLoad}
 * records instead.
 */
export async function request(targets: Target[], method: string, path: string, token: string | null, body?: unknown, headers?: Record<string, string>): Promise<Sent> {
  for (let attempt = 0; ; attempt++) {
    const t = pick(targets);
    const epoch = t.epoch;
    try {
      return await send(t, method, path, token, body, headers);
    } catch (err) {
      if ((t.down || t.epoch !== epoch) && attempt < targets.length) continue;
      throw err;
    }
  }
}

/**
 * Signs `n` players in (Solana wallets) and gives each a land, two worker NFTs of a Solana project,
 * HEXO and EXO through the demo faucet.
 * @throws Error when a sign-in or the faucet fails
 */
export async function newPlayers(targets: Target[], n: number): Promise<LoadPlayer[]> {
  const one = async (): Promise<LoadPlayer> => {
    const kp = newSolanaKeypair();
    // a documentation-range address per player (RFC 5737): a header only, never contacted
    const n = nextIp++;
    const ip = `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
    const xff = { 'x-forwarded-for': ip };
    const grant = await request(targets, 'POST', PATHS.demoFaucet, null, { address: kp.address, lands: 1, workers: 2, hexo: '100000', exo: '1000' }, xff);
    if (grant.status !== 200) throw new Error(`faucet: ${grant.status} ${JSON.stringify(grant.body)}`);
    const g = grant.body as { lands: string[]; workers: Array<{ collection_key: string; asset_key: string }> };
    const ch = await request(targets, 'POST', PATHS.authChallenge, null, { chain: 'solana', address: kp.address }, xff);
    if (ch.status !== 200) throw new Error(`challenge: ${ch.status} ${JSON.stringify(ch.body)}`);
    const message = (ch.body as { message: string }).message;
    const login = await request(targets, 'POST', PATHS.authLogin, null, { chain: 'solana', address: kp.address, message, signature: kp.signMessage(message) }, xff);
    if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
    const workers = g.workers.map((w) => ({ collection_key: w.collection_key, asset_key: w.asset_key }));
    return { ip, token: (login.body as { token: string }).token, address: kp.address, land: g.lands[0]!, workers, sign: (m) => kp.signMessage(m) };
  };
  const out: LoadPlayer[] = [];
  // a few at a time: sign-in is the heaviest request
  for (let i = 0; i < n; i += 10) out.push(...(await Promise.all(Array.from({ length: Math.min(10, n - i) }, one))));
  return out;
}

const READS = [
  () => PATHS.dashboardUser,
  () => PATHS.balance('hexo'),
  () => `${PATHS.lands}?my=true&page=1`,
  () => PATHS.notificationsCount,
];

/** One write: what a player would do next. */
function write(p: LoadPlayer, project: string): { path: string; body: unknown; headers?: Record<string, string> } {
  const r = Math.random();
  if (r < 0.4) return { path: PATHS.vendorPurchase, body: { item: 'chicken_tendies', quantity: 1 }, headers: { 'idempotency-key': randomUUID() } };
  if (r < 0.55) return { path: STAKING_PATHS.votesLock, body: { amount: 1 } };
  if (r < 0.7) return { path: Math.random() < 0.6 ? STAKING_PATHS.votesAdd : STAKING_PATHS.votesRemove, body: { project, votes: 1 } };
  const worker = p.workers[Math.floor(Math.random() * p.workers.length)]!;
  if (r < 0.9) return { path: PATHS.mineWorkers('goldmine'), body: { hex_name: p.land, slot: 1, worker } };
  return { path: PATHS.mineWorkersRemove('goldmine'), body: { hex_name: p.land, slot: 1 } };
}

/** A sign-in of a player already playing (challenge + login, counted as two requests); its token replaces the old one. */
async function signInAgain(targets: Target[], p: LoadPlayer, result: LoadResult): Promise<void> {
  const xff = { 'x-forwarded-for': p.ip };
  try {
    result.requests++;
    result.writes++;
    const ch = await send(pick(targets), 'POST', PATHS.authChallenge, null, { chain: 'solana', address: p.address }, xff);
    result.latenciesMs.push(ch.ms);
    if (ch.status !== 200) {
      result.errors.push({ what: 'POST challenge', status: ch.status, detail: JSON.stringify(ch.body).slice(0, 200) });
      return;
    }
    const message = (ch.body as { message: string }).message;
    result.requests++;
    result.writes++;
    const login = await send(pick(targets), 'POST', PATHS.authLogin, null, { chain: 'solana', address: p.address, message, signature: p.sign!(message) }, xff);
    result.latenciesMs.push(login.ms);
    result.signInMs.push(ch.ms + login.ms);
    if (login.status !== 200) result.errors.push({ what: 'POST login', status: login.status, detail: JSON.stringify(login.body).slice(0, 200) });
    else p.token = (login.body as { token: string }).token;
  } catch (err) {
    result.errors.push({ what: 'sign-in', status: null, detail: String(err) });
  }
}

/** Plays `players` against `targets` for `durationMs`; see the module doc for what counts. */
export async function playLoad(o: LoadOptions): Promise<LoadResult> {
  const pauseMs = o.pauseMs ?? 2000;
  const writeShare = o.writeShare ?? 0.2;
  const result: LoadResult = { requests: 0, reads: 0, writes: 0, latenciesMs: [], signInMs: [], errors: [], inFlightOnKilled: 0, refusals: {}, durationMs: 0 };
  const started = performance.now();
  const end = started + o.durationMs;
  const player = async (p: LoadPlayer, offset: number) => {
    await new Promise((r) => setTimeout(r, offset));
    while (performance.now() < end) {
      if (p.sign && Math.random() < (o.signInShare ?? 0)) {
        await signInAgain(o.targets, p, result);
        await new Promise((r) => setTimeout(r, pauseMs * (0.5 + Math.random())));
        continue;
      }
      const isWrite = Math.random() < writeShare;
      const w = isWrite ? write(p, o.project) : null;
      const path = w ? w.path : READS[Math.floor(Math.random() * READS.length)]!();
      const t = pick(o.targets);
      const epoch = t.epoch;
      result.requests++;
      if (isWrite) result.writes++;
      else result.reads++;
      try {
        const res = await send(t, w ? 'POST' : 'GET', path, p.token, w?.body, { 'x-forwarded-for': p.ip, ...w?.headers });
        result.latenciesMs.push(res.ms);
        if (res.status >= 500) result.errors.push({ what: `${w ? 'POST' : 'GET'} ${path}`, status: res.status, detail: JSON.stringify(res.body).slice(0, 200) });
        else if (res.status >= 400) {
          const code = (res.body as { error?: string } | null)?.error ?? String(res.status);
          result.refusals[code] = (result.refusals[code] ?? 0) + 1;
          if (res.status === 401 || res.status === 419) result.errors.push({ what: `${w ? 'POST' : 'GET'} ${path}`, status: res.status, detail: code });
        }
      } catch (err) {
        if (t.epoch !== epoch || t.down) result.inFlightOnKilled++;
        else result.errors.push({ what: `${w ? 'POST' : 'GET'} ${path}`, status: null, detail: String(err) });
      }
      await new Promise((r) => setTimeout(r, pauseMs * (0.5 + Math.random())));
    }
  };
  await Promise.all(o.players.map((p, i) => player(p, (i * pauseMs) / o.players.length)));
  result.durationMs = performance.now() - started;
  return result;
}

/** The `q` quantile (0..1) of `values` (ms). */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
