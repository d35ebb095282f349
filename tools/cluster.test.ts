/**
 * The cluster helper and the compiled server's life cycle (docs/architecture.md §6), on a throwaway PostgreSQL:
 * two processes start on one fresh database and both become ready; one killed with SIGKILL comes back
 * ready on restart while the other keeps answering; 1,000 connections opened at once while a process
 * is paused all fit in its listen backlog; SIGTERM lets an in-flight request finish, refuses
 * new connections, and exits 0.
 *
 * Until the emulated chain is shared by every process, each runs its own emulator: blocks only on
 * demand and no demo chain faucet keep them from forking the shared block log.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshDatabase, type FreshDatabase } from './pg-cluster.ts';
import { requirePostgres } from './postgres-suites.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { ENDPOINTS, createClient } from '@kingdom/api';

/** The contract's client for process `base`'s URLs (these probes send raw requests on purpose). */
const at = (base: string) => createClient({ routes: ENDPOINTS, baseUrl: base, csrf: 'none' });
const LIVE = at('').url('healthLive', {});
const CHALLENGE = at('').url('authChallenge', {});

describe.runIf(requirePostgres('tools/cluster.test.ts'))('startCluster on one PostgreSQL', () => {
  let fresh: FreshDatabase | undefined;
  let cluster: Cluster | undefined;
  let databaseUrl: string;
  beforeAll(async () => {
    fresh = await freshDatabase(`kingdom_cluster_${process.pid}`);
    databaseUrl = fresh.url;
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await fresh?.stop();
  });

  test('two processes on a fresh database become ready; one killed -9 comes back on restart', async () => {
    cluster = await startCluster({ databaseUrl, processes: 2, env: { EMULATOR_BLOCK_MS: '0', DEMO_CHAIN_FAUCET: 'false', LOG_LEVEL: 'info' } });
    for (const i of [0, 1]) {
      const ready = await fetch(at(cluster.url(i)).url('healthReady', {}));
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', db: 'postgres' });
    }
    expect(cluster.pid(0)).not.toBe(cluster.pid(1));

    const exit = await cluster.kill(1, 'SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    expect(cluster.pid(1)).toBeUndefined();
    await expect(fetch(at(cluster.url(1)).url('healthLive', {}))).rejects.toThrow();
    expect((await fetch(at(cluster.url(0)).url('healthReady', {}))).status).toBe(200);

    await cluster.restart(1);
    expect((await fetch(at(cluster.url(1)).url('healthReady', {}))).status).toBe(200);
    const metrics = await (await fetch(`${cluster.url(1)}/metrics`)).text();
    expect(metrics).toMatch(/^kingdom_db_up 1$/m);
  }, 240_000);

  test('a burst of 1,000 connections while the process is busy all wait in the listen backlog (no SYN dropped)', async () => {
    if (!cluster) throw new Error('the cluster did not start');
    const pid = cluster.pid(1)!;
    const port = Number(new URL(cluster.url(1)).port);
    // Paused, the process accepts nothing: every connection must fit in the kernel's queue. One that
    // does not is dropped and retried by the client after the SYN timeout (≥ 1 s). With Node's
    // default backlog (511) 488 of the 1,000 were retried.
    process.kill(pid, 'SIGSTOP');
    const resume = setTimeout(() => process.kill(pid, 'SIGCONT'), 500);
    const results = await Promise.all(Array.from({ length: 1000 }, () => new Promise<{ connectMs: number; status: string }>((done) => {
      const started = performance.now();
      let connectMs = -1;
      let answer = '';
      const s = connect(port, '127.0.0.1');
      s.setTimeout(20_000, () => s.destroy());
      s.on('connect', () => {
        connectMs = performance.now() - started;
        s.write(`GET ${LIVE} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      });
      s.on('data', (d) => (answer += d.toString()));
      s.on('error', () => undefined);
      s.on('close', () => done({ connectMs, status: answer.slice(9, 12) }));
    })));
    clearTimeout(resume);
    expect(results.filter((r) => r.status !== '200')).toEqual([]);
    expect(results.filter((r) => r.connectMs > 900)).toHaveLength(0);
  }, 60_000);

  test('SIGTERM: the in-flight request completes, new connections are refused, the process exits 0', async () => {
    if (!cluster) throw new Error('the cluster did not start');
    const base = cluster.url(0);
    const csrf = await fetch(at(base).url('csrfCookie', {}));
    const token = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1];
    expect(token).toBeTruthy();
    const body = JSON.stringify({ chain: 'solana', address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' });
    const port = Number(new URL(base).port);

    // A request whose body is still arriving: in flight from the server's point of view.
    const socket: Socket = connect(port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.write(`POST ${CHALLENGE} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
      + `Cookie: XSRF-TOKEN=${token}\r\nX-XSRF-TOKEN: ${token}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((r) => setTimeout(r, 200));

    const signalledAt = performance.now();
    const exited = cluster.kill(0, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await expect(fetch(at(base).url('healthLive', {}), { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
    expect(cluster.pid(0)).toBeDefined(); // still finishing the request

    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"nonce"');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalledAt).toBeLessThan(5_000); // not the 10 s deadline
    expect((await fetch(at(cluster.url(1)).url('healthReady', {}))).status).toBe(200);
  }, 60_000);
});
