/**
 * Operator tools (docs/operator-guide.md §5): `kingdom sale-round add|list|close` and `collections add|list`
 * on a fresh database — validated (every problem named, nothing written), idempotent, and what they
 * write is what the API serves (token sale rounds, Staking-Hub projects). PGlite and Postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, type SaleRoundAnswer } from '@kingdom/api';
import { exec } from '../../src/db/client.ts';
import { saleRoundCommand } from '../../src/cli/sale-round.ts';
import { collectionsCommand } from '../../src/cli/collections.ts';
import { createTestKingdom, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { createSolanaTestWallet } from '../support/wallets.ts';

describe(`operator tools (${TEST_DB})`, () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom({ demo: false }); });
  afterAll(async () => { await k.close(); });

  const run = async (cmd: typeof saleRoundCommand | typeof collectionsCommand, args: string[]) => {
    const lines: string[] = [];
    if (cmd === saleRoundCommand) await saleRoundCommand(k.db, args, k.now(), (l) => lines.push(l));
    else await collectionsCommand(k.db, args, (l) => lines.push(l));
    return lines.join('\n');
  };
  const refusal = async (cmd: typeof saleRoundCommand | typeof collectionsCommand, args: string[]) => {
    try {
      await run(cmd, args);
    } catch (err) {
      expect((err as Error).name).toBe('CliError');
      return (err as Error).message;
    }
    throw new Error(`not refused: ${args.join(' ')}`);
  };
  const rounds = async () => (await k.get(ENDPOINTS.saleRounds.path)).json<{ rounds: SaleRoundAnswer[] }>().rounds;

  it('sale-round add: validated, then served by the API; the same round again changes nothing', async () => {
    const count = async () => (await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM sale_rounds`))[0]!.n;
    expect(await refusal(saleRoundCommand, ['add', '--name', 'Public', '--price-ada', '0', '--cap', '10', '--starts', 'soon', '--ends', '2026-12-01T00:00:00Z']))
      .toBe(['--price-ada must be a positive number of ADA per EXO with at most 6 decimals (e.g. 0.02)', '--starts must be an ISO-8601 time, e.g. 2026-12-01T00:00:00Z'].join('\n'));
    expect(await refusal(saleRoundCommand, ['add', '--name', 'Public', '--price-ada', '0.02', '--cap', '1.5', '--starts', '2026-11-01T00:00:00Z', '--ends', '2026-10-01T00:00:00Z']))
      .toContain('--cap must be a whole number of EXO');
    expect(await refusal(saleRoundCommand, ['add', '--name', 'Public', '--price-ada', '0.02', '--cap', '10', '--starts', '2026-11-01T00:00:00Z', '--ends', '2026-10-01T00:00:00Z']))
      .toBe('--ends must be after --starts');
    expect(await refusal(saleRoundCommand, ['add', '--name', 'Public', '--bogus', '1'])).toMatch(/Unknown option '--bogus'/);
    expect(await refusal(saleRoundCommand, ['remove'])).toMatch(/^usage:/);
    expect(await count()).toBe(0);

    const add = ['add', '--name', 'Public 1', '--price-ada', '0.025', '--cap', '5000000', '--starts', '2026-10-30T00:00:00Z', '--ends', '2026-11-20T00:00:00Z'];
    expect(await run(saleRoundCommand, add)).toMatch(/^Added sale round 1 "Public 1": 0\.025 ADA per EXO, cap 5000000 EXO/);
    expect(await run(saleRoundCommand, add)).toBe('Sale round 1 "Public 1" already exists with these values; nothing changed.');
    expect(await refusal(saleRoundCommand, add.map((a) => (a === '0.025' ? '0.03' : a)))).toMatch(/already exists with other values/);
    expect(await count()).toBe(1);
    expect(await rounds()).toEqual([expect.objectContaining({ id: 1, name: 'Public 1', price_lovelace: '25000', cap: '5000000000000', status: 'open' })]);
    // concurrent adds of one name: one row (the name is unique in the schema)
    const twice = ['add', '--name', 'Public 2', '--price-ada', '0.05', '--cap', '10', '--starts', '2026-11-25T00:00:00Z', '--ends', '2026-12-20T00:00:00Z'];
    await Promise.all([run(saleRoundCommand, twice), run(saleRoundCommand, twice)]);
    expect(await count()).toBe(2);
    expect(await run(saleRoundCommand, ['list'])).toMatch(/Public 1\s+open\s+0\.025 ADA\/EXO\s+sold 0 of 5000000 EXO[\s\S]*Public 2\s+upcoming/);
  });

  it('sale-round close: ends an open or upcoming round now, once', async () => {
    expect(await run(saleRoundCommand, ['close', '--name', 'Public 1'])).toMatch(/^Closed sale round 1 "Public 1" at 2026-11-01T12:00:00\.000Z/);
    expect(await run(saleRoundCommand, ['close', '--id', '1'])).toMatch(/already closed at 2026-11-01T12:00:00\.000Z; nothing changed/);
    expect(await run(saleRoundCommand, ['close', '--id', '2'])).toMatch(/^Closed sale round 2/);
    expect((await rounds()).map((r) => [r.name, r.status])).toEqual([['Public 1', 'closed'], ['Public 2', 'closed']]);
    expect(await refusal(saleRoundCommand, ['close', '--id', '9'])).toBe('no sale round with id 9');
    expect(await refusal(saleRoundCommand, ['close'])).toBe('close needs exactly one of --id or --name');
    expect(await refusal(saleRoundCommand, ['close', '--id', '1', '--name', 'Public 1'])).toBe('close needs exactly one of --id or --name');
  });

  it('collections add: validated; idempotent by slug; served by the Staking Hub', async () => {
    const policy = 'ab'.repeat(28);
    expect(await refusal(collectionsCommand, ['add', '--chain', 'ethereum', '--policy', 'x', '--name', '', '--slug', 'Bad Slug', '--supply', '0', '--holders', 'many']))
      .toBe(['--chain must be cardano or solana', '--name is required', '--slug must be 1–64 lowercase letters, digits and dashes (not at the ends)',
        '--supply must be between 1 and 1,000,000,000', '--holders must be a whole number'].join('\n'));
    expect(await refusal(collectionsCommand, ['add', '--chain', 'cardano', '--policy', 'abc', '--name', 'Budz', '--slug', 'budz', '--supply', '10', '--holders', '11']))
      .toBe(['--policy must be a Cardano policy id: 56 lowercase hex characters', '--holders cannot exceed --supply'].join('\n'));
    expect(await refusal(collectionsCommand, ['add', '--chain', 'solana', '--policy', policy, '--name', 'Sol', '--slug', 'sol', '--supply', '10', '--holders', '1']))
      .toBe('--policy must be a Solana collection address (base58, 32 bytes)');

    const add = ['add', '--chain', 'cardano', '--policy', policy, '--name', 'Space Budz', '--slug', 'space-budz', '--supply', '10000', '--holders', '2500'];
    expect(await run(collectionsCommand, add)).toMatch(/^Added cardano collection \d+ "Space Budz" \(space-budz\)/);
    expect(await run(collectionsCommand, add)).toMatch(/already exists with these values; nothing changed\.$/);
    expect(await run(collectionsCommand, add.map((a) => (a === '2500' ? '2600' : a)))).toMatch(/^Updated collection \d+ \(space-budz\): name "Space Budz", supply 10000, holders 2600/);
    expect(await refusal(collectionsCommand, add.map((a) => (a === 'space-budz' ? 'budz-2' : a)))).toMatch(/already listed as "space-budz"/);
    expect(await refusal(collectionsCommand, add.map((a) => (a === policy ? 'cd'.repeat(28) : a)))).toMatch(/chain and policy do not change/);
    const sol = createSolanaTestWallet().address;
    expect(await run(collectionsCommand, ['add', '--chain', 'solana', '--policy', sol, '--name', 'Sol Cats', '--slug', 'sol-cats', '--supply', '500', '--holders', '120'])).toMatch(/^Added solana/);

    const rows = await exec<{ slug: string; chain: string; collection_key: string; supply: number; holders: number }>(k.db.orm, sql`SELECT slug, chain, collection_key, supply, holders FROM collections ORDER BY id`);
    expect(rows).toEqual([
      { slug: 'space-budz', chain: 'cardano', collection_key: policy, supply: 10000, holders: 2600 },
      { slug: 'sol-cats', chain: 'solana', collection_key: sol, supply: 500, holders: 120 },
    ]);
    expect(await run(collectionsCommand, ['list', '--chain', 'solana'])).toMatch(/^\s+\d+\s+solana\s+sol-cats\s+Sol Cats\s+supply 500\s+holders 120\s+votes 0/);
    expect(await refusal(collectionsCommand, ['list', '--chain', 'tezos'])).toBe('--chain must be cardano or solana');
    const page = await k.get('/staking/collections/space-budz');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Space Budz');
  });
});
