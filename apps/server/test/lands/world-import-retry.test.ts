/**
 * `kingdom world import` through a Blockfrost that answers 429 for a while (docs/operator-guide.md
 * §8.2): a 429 is retried after its `Retry-After`, a 5xx after an exponential backoff, up to the
 * documented limit (`IMPORT_RETRY`: 10 attempts, waits 1, 2, 4 … 60 s), and only then does the run stop
 * (started again, it resumes). A stand-in `fetch` plays Blockfrost: one land policy with one asset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { IMPORT_RETRY, retryWaitLimitMs } from '../../src/chain/cardano/blockfrost-client.ts';
import { runWorldImport } from '../../src/cli/world.ts';
import { TEST_DB, freshPostgresDatabase } from '../support/kingdom.ts';

const LAND = 'a1'.repeat(28);
const TOOL = 'b2'.repeat(28);
const UNIT = LAND + '4c616e6431';

/** Blockfrost's answers for the stand-in: the land policy lists one asset, the tool policy none, the asset is unknown (refused, not_found). */
function answer(url: string): Response {
  const path = new URL(url).pathname.replace(/^\/api\/v0/, '');
  if (path === `/assets/policy/${LAND}`) return Response.json(new URL(url).searchParams.get('page') === '1' ? [{ asset: UNIT, quantity: '1' }] : []);
  if (path === `/assets/policy/${TOOL}`) return Response.json([]);
  return Response.json({ status_code: 404, error: 'Not Found', message: 'The requested component has not been found.' }, { status: 404 });
}

describe('world import and a Blockfrost that says 429', () => {
  let db: Database;
  let config: Config;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const pg = TEST_DB === 'postgres' ? await freshPostgresDatabase() : null;
    drop = pg?.drop;
    config = loadConfig({
      LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...(pg ? { DATABASE_URL: pg.url } : {}), CARDANO_NETWORK: 'preprod', DEMO: 'false',
      BLOCKFROST_PROJECT_ID: 'preprodStandIn', BLOCKFROST_URL: 'http://127.0.0.1:9/api/v0', LAND_POLICY_ID: LAND, MINING_TOOL_POLICY_ID: TOOL,
    });
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('a 2-second spell of 429s (Retry-After: 1): the run waits it out and finishes', async () => {
    const spellEnds = performance.now() + 2_000;
    let refused = 0;
    const fetchFn = (async (input: Parameters<typeof fetch>[0]) => {
      if (performance.now() < spellEnds) {
        refused += 1;
        return Response.json({ status_code: 429, error: 'Project Over Limit', message: 'Usage is over limit.' }, { status: 429, headers: { 'retry-after': '1' } });
      }
      return answer(String(input));
    }) as typeof fetch;
    const started = performance.now();
    const summary = await runWorldImport(config, { db, print: () => undefined, fetchFn });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(refused).toBeGreaterThanOrEqual(2);
    expect(summary).toMatchObject({ finished: true, listed: { land: 1, tool: 0 } });
    expect(summary.refused.map((r) => r.reason.split(':')[0])).toEqual(['not_found']);
  }, 30_000);

  it('5xx answers are retried after 1 s, 2 s, 4 s…; past the limit (10 attempts) the run stops naming the status', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = (status: number, times: number) => (async (input: Parameters<typeof fetch>[0]) => {
      calls += 1;
      return calls <= times ? Response.json({ status_code: status, error: 'Bad Gateway' }, { status }) : answer(String(input));
    }) as typeof fetch;
    const sleep = async (ms: number) => void waits.push(ms);
    const again = await runWorldImport(config, { db, print: () => undefined, fetchFn: failing(502, 3), sleep });
    expect(again.finished).toBe(true);
    expect(waits).toEqual([1_000, 2_000, 4_000]);

    waits.length = 0;
    calls = 0;
    await expect(runWorldImport(config, { db, print: () => undefined, fetchFn: failing(429, 1_000), sleep }))
      .rejects.toThrow(/Blockfrost answered 429 for \/assets\/policy\/(a1)+ \(10 attempts\)/);
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(waits.reduce((a, b) => a + b, 0)).toBe(retryWaitLimitMs(IMPORT_RETRY));
  }, 30_000);
});
