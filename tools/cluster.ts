/**
 * Several Kingdom server processes from this checkout on one PostgreSQL, for multi-process tests and
 * benchmarks (docs/architecture.md §6): each is the compiled server (`apps/server/dist/main.js`, built first when
 * missing or out of date) on 127.0.0.1 and a free port of its own, with its output appended to a log
 * file; start-up waits until every process answers `GET /api/health/ready` with 200.
 *
 *   const cluster = await startCluster({ databaseUrl, processes: 2, env: { EMULATOR_BLOCK_MS: '0' } });
 *   await fetch(cluster.url(0) + '/api/config');
 *   await cluster.kill(1, 'SIGKILL');   // resolves once it has exited
 *   await cluster.restart(1);           // same port, resolves once ready again
 *   await cluster.stop();               // SIGTERM to all (SIGKILL after 15 s)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENDPOINTS, createClient } from '@kingdom/api';
import { freePort } from './pg-cluster.ts';
import { REPO_ROOT, buildServer } from './kingdom-server.ts';

export { buildServer };

/** Options of {@link startCluster}. */
export interface ClusterOptions {
  /** The PostgreSQL every process shares (`DATABASE_URL`). */
  databaseUrl: string;
  /** Number of server processes. Default 2. */
  processes?: number;
  /** Extra environment for every process (e.g. `EMULATOR_BLOCK_MS`, `LOG_LEVEL`). `DEMO` defaults to `true`. */
  env?: Record<string, string>;
  /** Folder receiving `server-<i>.log` (kept). Default: a fresh temporary folder. */
  logDir?: string;
  /** How long a process may take to become ready. Default 120 s. */
  readyTimeoutMs?: number;
  /** Node options before the script (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
}

/** How a process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Running server processes sharing one database. */
export interface Cluster {
  /** Number of processes. */
  readonly size: number;
  /** Base URL of process `i` (no trailing slash), e.g. `http://127.0.0.1:41234`. */
  url(i: number): string;
  /** OS process id of process `i`, undefined while it is not running. */
  pid(i: number): number | undefined;
  /** The log file of process `i` (every start appends to it). */
  logFile(i: number): string;
  /** Milliseconds from spawn to ready at process `i`'s last start. */
  readyMs(i: number): number;
  /** Sends `signal` (default SIGKILL) to process `i`; resolves when it has exited. */
  kill(i: number, signal?: NodeJS.Signals): Promise<ProcessExit>;
  /** Starts process `i` again (killing it first if it runs) on the same port; resolves when ready. */
  restart(i: number): Promise<void>;
  /** Resolves when `GET /api/health/ready` of process `i` answers 200. @throws when it exits or times out */
  waitReady(i: number, timeoutMs?: number): Promise<void>;
  /** Stops every process (SIGTERM, then SIGKILL after 15 s). Safe to call more than once. */
  stop(): Promise<void>;
}

interface Member {
  port: number;
  logFile: string;
  out: WriteStream;
  child: ChildProcess | undefined;
  exited: Promise<ProcessExit> | undefined;
  startedAt: number;
  readyMs: number;
}

/** Last `chars` characters of a file, or '' when it cannot be read. */
function tail(file: string, chars = 3000): string {
  try {
    return readFileSync(file, 'utf8').slice(-chars);
  } catch {
    return '';
  }
}

/**
 * Builds the server if needed, starts `processes` of it on one database and waits until each is ready.
 * @throws when a process exits before it is ready or is not ready in time (the error carries its log's tail)
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  buildServer();
  const size = options.processes ?? 2;
  const logDir = options.logDir ?? mkdtempSync(join(tmpdir(), 'kingdom-cluster-'));
  mkdirSync(logDir, { recursive: true });
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const baseEnv: Record<string, string | undefined> = { ...process.env };
  for (const key of ['DATABASE_URL', 'TEST_DATABASE_URL', 'BENCH_DATABASE_URL', 'DATA_DIR', 'NODE_OPTIONS', 'VITEST', 'VITEST_MODE', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'TEST', 'NODE_ENV', 'PORT']) {
    delete baseEnv[key];
  }
  const members: Member[] = [];
  for (let i = 0; i < size; i++) {
    const logFile = join(logDir, `server-${i}.log`);
    members.push({ port: await freePort(), logFile, out: createWriteStream(logFile, { flags: 'a' }), child: undefined, exited: undefined, startedAt: 0, readyMs: 0 });
  }
  const member = (i: number): Member => {
    const m = members[i];
    if (!m) throw new Error(`no process ${i} (cluster of ${size})`);
    return m;
  };
  const url = (i: number) => `http://127.0.0.1:${member(i).port}`;

  const spawnMember = (i: number): void => {
    const m = member(i);
    const env = {
      ...baseEnv, HOST: '127.0.0.1', DEMO: 'true', ...options.env,
      PORT: String(m.port), DATABASE_URL: options.databaseUrl,
    };
    m.out.write(`\n=== start ${new Date().toISOString()} ===\n`);
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(m.out, { end: false });
    child.stderr?.pipe(m.out, { end: false });
    m.child = child;
    m.startedAt = performance.now();
    m.exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  };
  const running = (m: Member): boolean => !!m.child && m.child.exitCode === null && m.child.signalCode === null;

  const waitReady = async (i: number, timeoutMs = readyTimeoutMs): Promise<void> => {
    const m = member(i);
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 0; Date.now() < deadline; attempt++) {
      if (!running(m)) break;
      try {
        const res = await createClient({ routes: ENDPOINTS, baseUrl: url(i), csrf: 'none', timeoutMs: 3_000 }).send('healthReady');
        if (res.status === 200) {
          m.readyMs = Math.round(performance.now() - m.startedAt);
          return;
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, Math.min(25 + attempt * 25, 250)));
    }
    const why = running(m) ? `was not ready within ${timeoutMs} ms` : `exited (${JSON.stringify(await m.exited)})`;
    throw new Error(`Kingdom process ${i} (port ${m.port}) ${why}. Log ${m.logFile}:\n${tail(m.logFile)}`);
  };

  const kill = async (i: number, signal: NodeJS.Signals = 'SIGKILL'): Promise<ProcessExit> => {
    const m = member(i);
    if (!m.child || !m.exited) throw new Error(`process ${i} was never started`);
    if (running(m)) m.child.kill(signal);
    return m.exited;
  };

  const killAll = (): void => {
    for (const m of members) if (running(m)) m.child!.kill('SIGKILL');
  };
  process.once('exit', killAll);

  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await Promise.all(members.map(async (m) => {
      if (!running(m)) return;
      m.child!.kill('SIGTERM');
      const timer = setTimeout(() => running(m) && m.child!.kill('SIGKILL'), 15_000);
      await m.exited;
      clearTimeout(timer);
    }));
    process.removeListener('exit', killAll);
    for (const m of members) m.out.end();
  };

  try {
    for (let i = 0; i < size; i++) spawnMember(i);
    await Promise.all(members.map((_, i) => waitReady(i)));
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    size,
    url,
    pid: (i) => (running(member(i)) ? member(i).child!.pid : undefined),
    logFile: (i) => member(i).logFile,
    readyMs: (i) => member(i).readyMs,
    kill,
    async restart(i) {
      if (running(member(i))) await kill(i, 'SIGKILL');
      spawnMember(i);
      await waitReady(i);
    },
    waitReady,
    stop,
  };
}
