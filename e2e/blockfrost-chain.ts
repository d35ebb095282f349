/**
 * The Blockfrost-compatible emulator as a process of its own, for e2e tests that run a Kingdom on
 * preprod settings (docs/operator-guide.md §7.2): started with the CLI, it prints the environment of a
 * Kingdom on its chain (`KEY=value` lines), which this returns.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../tools/pg-cluster.ts';
import { REPO_ROOT } from '../tools/kingdom-server.ts';

/** The test runner's environment without what would point a child process at the tests' database or mode. */
export function cleanChildEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of ['DATABASE_URL', 'TEST_DATABASE_URL', 'DATA_DIR', 'NODE_OPTIONS', 'VITEST', 'VITEST_MODE', 'TEST', 'NODE_ENV', 'TREASURY_KEY_FILE', 'KINGDOM_TEST_DB']) delete env[key];
  return env;
}

export interface EmulatorProcess {
  /** `http://127.0.0.1:<port>` (admin endpoints at `/emulator/…`, the API at `/api/v0`). */
  origin: string;
  /** The environment it printed for a Kingdom on its chain. */
  env: Record<string, string>;
  /** SIGTERM, then SIGKILL after 500 ms if it is still running. */
  stop(): Promise<void>;
}

/**
 * Starts `kingdom blockfrost-emulator` (blocks on demand) with its chain and treasury key in `scratch`,
 * waits until it has printed `readyKey=` (at most `timeoutMs`), and returns its environment.
 * @throws Error with its output when it exits or does not print in time
 */
export async function startBlockfrostEmulator(scratch: string, options: { extraArgs?: string[]; readyKey: string; timeoutMs: number }): Promise<EmulatorProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join('apps', 'server', 'src', 'cli.ts'), 'blockfrost-emulator',
    '--port', String(port), '--block-ms', '0', '--data-dir', join(scratch, 'chain'), '--treasury-key-file', join(scratch, 'treasury.skey'),
    ...(options.extraArgs ?? [])], { cwd: REPO_ROOT, env: cleanChildEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  const deadline = Date.now() + options.timeoutMs;
  const ready = new RegExp(`^${options.readyKey}=`, 'm');
  while (!ready.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`blockfrost-emulator did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const env = Object.fromEntries(out.split('\n').map((l) => /^([A-Z_]+)=(.+)$/.exec(l.trim())).filter((m) => m !== null).map((m) => [m[1]!, m[2]!]));
  return { origin: `http://127.0.0.1:${port}`, env, stop };
}
