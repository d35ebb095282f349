/**
 * Starting a server on a real network (docs/operator-guide.md §1 and §7.3), the process as an operator
 * runs it (`main.ts`):
 * - preprod settings without `DEMO` are a launch, not the demo: a missing `LAND_POLICY_ID` or
 *   `SALE_ADDRESS` exits 1 with one line and no stack trace;
 * - Blockfrost down at start: the process runs, readiness answers 503, one clear log line says what
 *   does not answer — never an unhandled `fetch failed`.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PREFIX, ENDPOINTS } from '@kingdom/api';

const MAIN = path.join('apps', 'server', 'src', 'main.ts');
const children: Array<ReturnType<typeof spawn>> = [];

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A `main.ts` process with only `env` (and PATH): its output and, when it ends, its exit code. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
  child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

const preprod = (closed: number) => ({
  CARDANO_NETWORK: 'preprod', BLOCKFROST_PROJECT_ID: 'preprodLaunchTest', BLOCKFROST_URL: `http://127.0.0.1:${closed}/api/v0`,
  SALE_ADDRESS: 'addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8', EXO_UNIT: 'ab'.repeat(28) + '45584f', HEXO_UNIT: 'ab'.repeat(28) + '4845584f',
  SOLANA_SALE_ADDRESS: '11111111111111111111111111111111', SOLANA_RPC_URL: `http://127.0.0.1:${closed}`,
  DATA_DIR: 'memory://', WEB_DIST: '/nonexistent', PRICE_JOB_MS: '0', LOG_LEVEL: 'info', HOST: '127.0.0.1',
});

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('a server on preprod settings', () => {
  it('without DEMO and without LAND_POLICY_ID: exit 1, one line naming it, no stack trace', async () => {
    const closed = await freePort();
    const p = start({ ...preprod(closed), PORT: String(await freePort()) });
    expect(await p.exited).toBe(1);
    const lines = p.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^kingdom: not starting: invalid environment: LAND_POLICY_ID and MINING_TOOL_POLICY_ID must be set on preprod/);
    expect(p.err()).not.toMatch(/\n\s+at /);
  }, 240_000);

  it('DEMO=false with the policies but without SALE_ADDRESS: exit 1, one line naming it', async () => {
    const closed = await freePort();
    const { SALE_ADDRESS: _sale, ...env } = preprod(closed);
    const p = start({ ...env, DEMO: 'false', LAND_POLICY_ID: 'a1'.repeat(28), MINING_TOOL_POLICY_ID: 'b2'.repeat(28), PORT: String(await freePort()) });
    expect(await p.exited).toBe(1);
    expect(p.err().trim().split('\n')).toEqual([expect.stringMatching(/^kingdom: not starting: CARDANO_NETWORK=preprod needs .*not set: SALE_ADDRESS/)]);
  }, 240_000);

  it('Blockfrost unreachable at start (DEMO=true written): runs, readiness 503, one clear log line — no crash', async () => {
    const closed = await freePort();
    const port = await freePort();
    const p = start({ ...preprod(closed), DEMO: 'true', PORT: String(port) });
    const url = `http://127.0.0.1:${port}${API_PREFIX}`;
    let ready: Response | null = null;
    for (let i = 0; i < 400 && !ready; i++) {
      ready = await fetch(url + ENDPOINTS.healthReady.path).catch(() => null);
      if (!ready) await new Promise((r) => setTimeout(r, 500));
    }
    expect(ready?.status, p.out() + p.err()).toBe(503);
    expect((await fetch(url + ENDPOINTS.healthLive.path)).status).toBe(200);
    // (the first ask fails after its own retries: 0.5 s, then 1 s)
    const warnings = () => p.out().split('\n').filter((l) => l.includes('is not reachable at start'));
    for (let i = 0; i < 120 && warnings().length === 0; i++) await new Promise((r) => setTimeout(r, 500));
    expect((await fetch(url + ENDPOINTS.healthReady.path)).status).toBe(503);
    const warned = warnings();
    expect(warned).toHaveLength(1);
    expect(JSON.parse(warned[0]!).msg).toMatch(new RegExp(`^Blockfrost is not reachable at start: Blockfrost at http://127.0.0.1:${closed}/api/v0 does not answer \\(ECONNREFUSED`));
    expect(p.child.exitCode).toBeNull();
    // nothing on stderr (a crash writes its stack there), nothing unhandled in the log (a job's failed run is logged, not thrown)
    expect(p.err()).toBe('');
    expect(p.out()).not.toMatch(/unhandled|uncaught/i);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  }, 300_000);
});
