/** The ADA/USD price gives up after its timeout (issue 7: a 4 s answer kept the Prices card's skeleton 5 s). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAdaUsd } from '../api.ts';

afterEach(() => vi.unstubAllGlobals());

/** A price service that answers after `ms` (or when the request is aborted). */
function slowService(ms: number): void {
  vi.stubGlobal('fetch', (_url: URL, init: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => resolve(new Response(JSON.stringify({ cardano: { usd: 0.5 } }))), ms);
      init.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(init.signal?.reason);
      });
    }),
  );
}

describe('ADA/USD', () => {
  it('is null when the service is slower than the timeout, the price when it is not', async () => {
    slowService(400);
    const started = Date.now();
    expect(await getAdaUsd('https://prices.example/simple/price', 100)).toBeNull();
    expect(Date.now() - started).toBeLessThan(350);
    slowService(10);
    expect(await getAdaUsd('https://prices.example/simple/price', 100)).toBe(0.5);
  });
});
