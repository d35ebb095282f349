/**
 * Tests of the shared test/bench tooling: the Solana signer against an independent ed25519
 * library, the index.html script parser of the bench, and a real throwaway PostgreSQL cluster.
 */
import { existsSync } from 'node:fs';
import { base58 } from '@scure/base';
import { ed25519 } from '@noble/curves/ed25519.js';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { newSolanaKeypair } from './kingdom-client.ts';
import { startPgCluster } from './pg-cluster.ts';
import { requirePostgres } from './postgres-suites.ts';
import { initialScripts } from '../bench/web-size.ts';

describe('newSolanaKeypair', () => {
  test('signs UTF-8 messages that @noble/curves verifies against the base58 address', () => {
    const wallet = newSolanaKeypair();
    const message = 'kingdom.test wants you to sign in ✓\nNonce: abc';
    const signature = base58.decode(wallet.signMessage(message));
    const publicKey = base58.decode(wallet.address);
    expect(publicKey).toHaveLength(32);
    expect(ed25519.verify(signature, new TextEncoder().encode(message), publicKey)).toBe(true);
    expect(ed25519.verify(signature, new TextEncoder().encode(`${message}!`), publicKey)).toBe(false);
  });
});

describe('initialScripts', () => {
  test('finds entry scripts and module preloads, not stylesheets, other hosts or duplicates', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-123.js">
      <link crossorigin href='/assets/router-9.js' rel="modulepreload">
      <link rel="stylesheet" href="/assets/index.css">
      <link rel="modulepreload" href="/assets/react-123.js?v=2">
      <script src="https://cdn.example.com/x.js"></script>
      <script>inline()</script>
    </head></html>`;
    expect(initialScripts(html)).toEqual(['/assets/index-abc.js', '/assets/react-123.js', '/assets/router-9.js']);
  });
});

describe.runIf(requirePostgres('startPgCluster (tools/tools.test.ts)', 'binaries'))('startPgCluster', () => {
  test('starts a cluster on 127.0.0.1 that accepts queries, and stop() removes it', async () => {
    const cluster = await startPgCluster();
    try {
      expect(cluster.url).toMatch(/^postgres:\/\/kingdom@127\.0\.0\.1:\d+\/kingdom$/);
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      const { rows } = await client.query<{ db: string; fsync: string; listen: string }>(
        "SELECT current_database() AS db, current_setting('fsync') AS fsync, current_setting('listen_addresses') AS listen",
      );
      await client.end();
      expect(rows[0]).toEqual({ db: 'kingdom', fsync: 'off', listen: '127.0.0.1' });
    } finally {
      await cluster.stop();
    }
    expect(existsSync(cluster.dir)).toBe(false);
    await cluster.stop(); // idempotent
  }, 120_000);
});
