/**
 * zod must not probe `new Function` in the browser: the app's CSP (script-src 'self') refuses eval,
 * and the refused probe is a CSP violation the browser reports (Lighthouse best practices).
 * app/zod-jitless.ts, imported first by main.tsx, turns zod's JIT off before any schema is built.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('zod in the browser', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds and parses the contract schemas without evaluating code', async () => {
    const probe = vi.spyOn(globalThis, 'Function');
    await import('../zod-jitless.ts');
    const { z } = await import('zod');
    expect(z.object({ a: z.string(), b: z.number() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    expect(probe).not.toHaveBeenCalled();
  });
});
