import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, PATHS } from '@kingdom/api';
import { createTestKingdom, type TestKingdom } from '../support/kingdom.ts';

describe('serving the web app beside the API', () => {
  let k: TestKingdom;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'kingdom-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kingdom</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    k = await createTestKingdom({ demo: false, env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await k?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers page paths with index.html (history mode) under a content security policy', async () => {
    for (const url of ['/', '/dashboard/overview', '/land/E03N12?x=1']) {
      const res = await k.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      // the browser asks only this server: the price job fetches prices, no third-party origin is allowed
      expect(res.headers['content-security-policy']).toMatch(/(?:^|;)connect-src 'self'(?:;|$)/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves a file added after start (a rebuilt app) and 404s a missing asset instead of sending HTML', async () => {
    writeFileSync(join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    const added = await k.app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(added.statusCode).toBe(200);
    expect(added.body).toBe('console.log(2)');
    expect(added.headers['cache-control']).toContain('immutable');
    expect((await k.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
    const missing = await k.app.inject({ method: 'GET', url: '/assets/app-0.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);
  });

  it('answers the API with JSON security headers, without the document policy', async () => {
    const res = await k.app.inject({ method: 'GET', url: API_PREFIX + PATHS.config });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBeUndefined();
    const unknown = await k.app.inject({ method: 'GET', url: `${API_PREFIX}/no-such-route` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('serves the precompressed copy of an asset the browser accepts (br before gzip), the file itself otherwise', async () => {
    const source = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    writeFileSync(join(dist, 'assets', 'big-1.js'), source);
    writeFileSync(join(dist, 'assets', 'big-1.js.br'), brotliCompressSync(source));
    writeFileSync(join(dist, 'assets', 'big-1.js.gz'), gzipSync(source));
    const br = await k.app.inject({ method: 'GET', url: '/assets/big-1.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(source);
    const gz = await k.app.inject({ method: 'GET', url: '/assets/big-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(source);
    const plain = await k.app.inject({ method: 'GET', url: '/assets/big-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
  });

  it('compresses API answers of 1 KB or more, not the small hot reads', async () => {
    const docs = await k.app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json`, headers: { 'accept-encoding': 'gzip' } });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.rawPayload).toString())).toHaveProperty('paths');
    const config = await k.app.inject({ method: 'GET', url: API_PREFIX + PATHS.config, headers: { 'accept-encoding': 'gzip, br' } });
    expect(config.rawPayload.length).toBeLessThan(1024);
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(config.json()).toHaveProperty('demo');
  });
});
