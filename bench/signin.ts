/**
 * `ops.signin` (issue 41 item 2): the CPU one sign-in costs, measured alone. Starts the compiled
 * server (demo mode) on PostgreSQL and signs in fresh wallets of both chains — Solana keypairs
 * (`tools/kingdom-client.ts`) and Cardano CIP-30 wallets (`apps/server/test/support/wallets.ts`),
 * each given two lands by the demo faucet first so the holdings sync has work — `count` times per
 * chain at each concurrency. Per chain and concurrency: the server's and Postgres's CPU ms per
 * challenge and per login (utime + stime from `/proc/<pid>/stat` of the server process and of the
 * postmaster's children), transactions per login (`pg_stat_database.xact_commit`), login p50/p99 ms.
 * The split of a login: the signature check and the address parsing timed in this process (the
 * server's own functions, CPU µs each), the holdings sync as `POST /wallets/sync` of the same
 * wallets (the same `syncWallet` the login runs), and the rest (challenge use, account, session,
 * sign-in log, demo faucet request, the answer's user).
 *
 *   npx tsx bench/signin.ts <postgres url> [count=200] [concurrencies=1,10]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { startKingdomServer } from '../tools/kingdom-server.ts';
import { newSolanaKeypair } from '../tools/kingdom-client.ts';
import { request, quantile, type Target } from '../tools/player-load.ts';
import { createCardanoTestWallet } from '../apps/server/test/support/wallets.ts';
import { checkCardanoSignIn, checkSolanaSignIn } from '../apps/server/src/auth/verify.ts';
import { validAddress } from '../apps/server/src/auth/proof.ts';

const TICK_MS = 1000 / 100; // USER_HZ = 100
const r2 = (n: number): number => Math.round(n * 100) / 100;

/** CPU of one login route at one concurrency. */
export interface SigninRun {
  chain: 'solana' | 'cardano';
  /** Whether the demo chain faucet (DEMO_CHAIN_FAUCET) ran: a request row at each login and its job after it (demo only). */
  demo_chain_faucet: boolean;
  concurrency: number;
  count: number;
  /** Server + Postgres CPU ms per challenge. */
  challenge_cpu_ms: number;
  login_server_cpu_ms: number;
  login_postgres_cpu_ms: number;
  /** Committed transactions per login. */
  login_xacts: number;
  login_p50_ms: number;
  login_p99_ms: number;
  /** `POST /wallets/sync` of the same wallets: server and Postgres CPU ms each. */
  sync_server_cpu_ms: number;
  sync_postgres_cpu_ms: number;
  errors: number;
}

/** The report's `ops.signin` entry. */
export interface SigninEntry {
  runs: SigninRun[];
  /** CPU µs per call, in this process: the signature check and the address parsing of a login. */
  verify_us: { solana: number; cardano: number };
  parse_us: { solana: number; cardano: number };
  /** CPU ms per second of the idle server and Postgres (per server started), taken off the figures above. */
  idle_cpu_ms_per_s: Array<{ server: number; postgres: number }>;
  at: string;
}

function ticks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/**
 * CPU ticks of the postmaster `postmaster` and its children: its own, its ended children's (cutime +
 * cstime: a backend that ended between two readings still counts) and its living children's.
 */
function pgTicks(postmaster: number): number {
  let sum = 0;
  try {
    const stat = readFileSync(`/proc/${postmaster}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    sum = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  } catch {
    // gone
  }
  for (const d of execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' }).split('\n')) if (d) sum += ticks(Number(d));
  return sum;
}

/** CPU µs per call of `f`, over `n` calls. */
function cpuUs(n: number, f: () => unknown): number {
  for (let i = 0; i < Math.min(20, n); i++) f();
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) f();
  const c = process.cpuUsage(c0);
  return Math.round((c.user + c.system) / n);
}

interface Wallet {
  address: string;
  /** `X-Forwarded-For` of this player (RFC 5737 documentation range): the per-client rate limits count each apart. */
  xff: Record<string, string>;
  proof(message: string): Record<string, string>;
}

let nextIp = 0;
function newWallet(chain: 'solana' | 'cardano'): Wallet {
  const n = nextIp++;
  const xff = { 'x-forwarded-for': `203.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` };
  if (chain === 'solana') {
    const kp = newSolanaKeypair();
    return { address: kp.address, xff, proof: (m) => ({ signature: kp.signMessage(m) }) };
  }
  const w = createCardanoTestWallet({ network: 'testnet' });
  return { address: w.address, xff, proof: (m) => ({ ...w.signData(m) }) };
}

/** Runs `jobs` `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await job(items[next++]!);
  }));
}

/** The verification and parsing costs, in this process. */
function microCosts(): Pick<SigninEntry, 'verify_us' | 'parse_us'> {
  const sol = newSolanaKeypair();
  const ada = createCardanoTestWallet({ network: 'testnet' });
  const message = 'kingdom.example wants you to sign in with your wallet.\n\nNonce: 0123456789abcdef';
  const solSig = sol.signMessage(message);
  const adaSig = ada.signData(message);
  if (!checkSolanaSignIn({ address: sol.address, message, signature: solSig }).ok) throw new Error('solana proof refused');
  if (!checkCardanoSignIn({ address: ada.address, message, ...adaSig, network: 'testnet' }).ok) throw new Error('cardano proof refused');
  return {
    verify_us: {
      solana: cpuUs(500, () => checkSolanaSignIn({ address: sol.address, message, signature: solSig })),
      cardano: cpuUs(200, () => checkCardanoSignIn({ address: ada.address, message, ...adaSig, network: 'testnet' })),
    },
    parse_us: {
      solana: cpuUs(2000, () => validAddress('solana', sol.address, 'testnet')),
      cardano: cpuUs(2000, () => validAddress('cardano', ada.address, 'testnet')),
    },
  };
}

/**
 * Measures sign-in on a fresh compiled server on `url` (a database of its own: the server seeds it).
 * @param log progress lines
 */
export async function measureSignin(url: string, log: (line: string) => void, count = 200, concurrencies: number[] = [1, 10]): Promise<SigninEntry> {
  const stats = new pg.Client({ connectionString: url });
  await stats.connect();
  const backend = Number((await stats.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
  const postmaster = Number(readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  const xacts = async (): Promise<number> => Number((await stats.query<{ n: string }>('SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.n);
  const runs: SigninRun[] = [];
  const idle: SigninEntry['idle_cpu_ms_per_s'] = [];
  const micro = microCosts();
  for (const faucet of [false, true]) {
    const server = await startKingdomServer({ databaseUrl: url, env: { LOG_LEVEL: 'warn', TRUST_PROXY: 'true', DEMO_CHAIN_FAUCET: String(faucet) } });
    const serverPid = Number(/pid=(\d+)/.exec(execFileSync('ss', ['-ltnpH', `sport = :${server.port}`], { encoding: 'utf8' }))![1]);
    const targets: Target[] = [{ url: server.url, down: false, epoch: 0 }];
    try {
      // what the idle server (its timers and jobs) and Postgres spend per ms, taken off every phase below
      const i0 = [ticks(serverPid), pgTicks(postmaster), Date.now()] as const;
      await new Promise((ok) => setTimeout(ok, 5000));
      const idleServer = (ticks(serverPid) - i0[0]) / (Date.now() - i0[2]);
      const idlePg = (pgTicks(postmaster) - i0[1]) / (Date.now() - i0[2]);
      idle.push({ server: r2(idleServer * TICK_MS * 1000), postgres: r2(idlePg * TICK_MS * 1000) });
      const sample = (): [number, number, number] => [ticks(serverPid), pgTicks(postmaster), Date.now()];
      /** Server and Postgres CPU ms between `a` and `b`, less the idle rate, per `n`. */
      const cost = (a: [number, number, number], b: [number, number, number], n: number): [number, number] => [
        r2(((b[0] - a[0] - idleServer * (b[2] - a[2])) * TICK_MS) / Math.max(1, n)),
        r2(((b[1] - a[1] - idlePg * (b[2] - a[2])) * TICK_MS) / Math.max(1, n)),
      ];
      for (const chain of ['solana', 'cardano'] as const) {
        for (const concurrency of [...concurrencies]) {
          log(`[signin] ${chain} ×${count} at ${concurrency}, demo chain faucet ${faucet}`);
          const wallets = Array.from({ length: count }, () => newWallet(chain));
          await pool(wallets, 10, async (w) => {
            const r = await request(targets, 'POST', '/demo/faucet', null, { address: w.address, lands: 2 }, w.xff);
            if (r.status !== 200) throw new Error(`faucet ${r.status} ${JSON.stringify(r.body)}`);
          });
          let errors = 0;
          // challenges
          const messages = new Map<Wallet, string>();
          const c0 = sample();
          await pool(wallets, concurrency, async (w) => {
            const r = await request(targets, 'POST', '/auth/challenge', null, { chain, address: w.address }, w.xff);
            if (r.status === 200) messages.set(w, (r.body as { message: string }).message);
            else errors++;
          });
          const challengeCpu = cost(c0, sample(), count);
          // logins (the client signs before each request; only the server and Postgres are counted)
          const proofs = new Map(wallets.map((w) => [w, w.proof(messages.get(w) ?? '')]));
          const tokens: string[] = [];
          const ms: number[] = [];
          const x0 = await xacts();
          const l0 = sample();
          await pool(wallets, concurrency, async (w) => {
            const r = await request(targets, 'POST', '/auth/login', null, { chain, address: w.address, message: messages.get(w), ...proofs.get(w) }, w.xff);
            ms.push(r.ms);
            if (r.status === 200) tokens.push((r.body as { token: string }).token);
            else errors++;
          });
          const x1 = await xacts();
          // the demo funding job runs once the last answers are out
          if (faucet) await new Promise((ok) => setTimeout(ok, 2000));
          const login = cost(l0, sample(), count);
          // the holdings sync alone, for the same wallets
          const y0 = sample();
          await pool(tokens, concurrency, async (t) => {
            const r = await request(targets, 'POST', '/wallets/sync', t, {});
            if (r.status !== 200) errors++;
          });
          const sync = cost(y0, sample(), tokens.length);
          runs.push({
            chain, demo_chain_faucet: faucet, concurrency, count, challenge_cpu_ms: r2(challengeCpu[0] + challengeCpu[1]),
            login_server_cpu_ms: login[0], login_postgres_cpu_ms: login[1],
            login_xacts: r2((x1 - x0 - 1) / count), login_p50_ms: Math.round(quantile(ms, 0.5)), login_p99_ms: Math.round(quantile(ms, 0.99)),
            sync_server_cpu_ms: sync[0], sync_postgres_cpu_ms: sync[1],
            errors,
          });
          log(`[signin] ${JSON.stringify(runs.at(-1))}`);
        }
      }
    } finally {
      await server.stop();
    }
  }
  await stats.end();
  return { runs, idle_cpu_ms_per_s: idle, ...micro, at: new Date().toISOString() };
}

/** The report lines of an `ops.signin` entry. */
export function signinLines(e: SigninEntry): string[] {
  return [
    `ops.signin verify (in process): Solana ${e.verify_us.solana} µs, Cardano ${e.verify_us.cardano} µs; address parsing: Solana ${e.parse_us.solana} µs, Cardano ${e.parse_us.cardano} µs`,
    ...e.runs.map((r) => `ops.signin ${r.chain} ×${r.count} at ${r.concurrency}${r.demo_chain_faucet ? ' (demo chain faucet)' : ''}: challenge ${r.challenge_cpu_ms} CPU ms; login ${r.login_server_cpu_ms} server + ${r.login_postgres_cpu_ms} Postgres CPU ms (${r.login_xacts} transactions), p50 ${r.login_p50_ms} ms, p99 ${r.login_p99_ms} ms; of it the holdings sync ${r.sync_server_cpu_ms} + ${r.sync_postgres_cpu_ms} ms; errors ${r.errors}`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, count = '200', conc = '1,10'] = process.argv.slice(2);
  if (!url) throw new Error('usage: tsx bench/signin.ts <postgres url> [count] [concurrencies]');
  const entry = await measureSignin(url, (l) => process.stderr.write(`${l}\n`), Number(count), conc.split(',').map(Number));
  process.stdout.write(`${signinLines(entry).join('\n')}\n${JSON.stringify(entry)}\n`);
}
