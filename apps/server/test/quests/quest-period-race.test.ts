/**
 * A quest claim racing its period's end (docs/game-rules.md §14.1, §14.5), on both databases: many
 * players each send a burst of claims of their completed daily quest while the test clock passes
 * 00:00 UTC between the requests (one player's burst straddles it). Each player's claims either pay once, in the old period (the
 * claim's and the ledger's time before the end), or all answer QUEST_PERIOD_ENDED with nothing
 * recorded — never both, never neither, never twice; the winning key replayed after the end
 * answers the first claim.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PATHS, type QuestsResponse } from '@kingdom/api';
import { questPeriodOf } from '@kingdom/game';
import { createTestKingdom, TEST_DB, type TestKingdom } from '../support/kingdom.ts';
import { newPlayer, auth, type Player } from '../support/players.ts';
import { exec } from '../../src/db/client.ts';

const PLAYERS = 8;
const CLAIMS_EACH = 6;

describe('quest claims racing the period end', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k?.close(); });

  it(`each player's claims pay once in the old period or all answer QUEST_PERIOD_ENDED (${TEST_DB})`, async () => {
    // players whose daily slot 0 is complete (a worker assigned, a purchase made)
    const ready: Array<{ p: Player; id: string; token: string; amount: bigint; before: bigint }> = [];
    for (let i = 0; i < PLAYERS; i++) {
      const p = await newPlayer(k, { lands: 1, hexo: '500' });
      expect((await k.post(PATHS.mineWorkers('goldmine'), { hex_name: p.lands[0], slot: 1, worker: null }, auth(p))).statusCode).toBe(200);
      expect((await k.post(PATHS.vendorPurchase, { item: 'food_100', quantity: 1 }, { ...auth(p), 'idempotency-key': randomUUID() })).statusCode).toBe(200);
      const q = (await k.get(PATHS.quests, p.token)).json<QuestsResponse>().daily.quests[0]!;
      expect(q.complete).toBe(true);
      const reward = q.rewards[0]!;
      const before = BigInt((await k.get(PATHS.balance(reward.key), p.token)).json<{ balance: string }>().balance);
      ready.push({ p, id: q.id, token: reward.key, amount: BigInt(reward.amount), before });
    }
    const end = questPeriodOf('daily', k.now().getTime()).endsAt;
    const total = PLAYERS * CLAIMS_EACH;
    // each player sends a burst of claims, one ms of game time apart; the clock passes the end
    // in the middle of the middle player's burst (some of its claims before, some after)
    k.advance(end - total / 2 - CLAIMS_EACH / 2 - k.now().getTime());
    const sent: Array<{ who: number; key: string; answer: Promise<Awaited<ReturnType<TestKingdom['post']>>> }> = [];
    for (let i = 0; i < total; i++) {
      const who = Math.floor(i / CLAIMS_EACH);
      const key = randomUUID();
      sent.push({ who, key, answer: k.post(PATHS.questClaim(ready[who]!.id), {}, { ...auth(ready[who]!.p), 'idempotency-key': key }) });
      await new Promise((r) => setImmediate(r));
      k.advance(1);
    }
    const answers = await Promise.all(sent.map(async (s) => ({ ...s, r: await s.answer })));
    let paid = 0;
    let ended = 0;
    for (const [who, x] of ready.entries()) {
      const mine = answers.filter((a) => a.who === who);
      const codes = mine.map((a) => (a.r.statusCode === 200 ? 'ok' : `${a.r.statusCode} ${a.r.json().error}`));
      for (const c of codes) expect(['ok', '409 QUEST_ALREADY_CLAIMED', '409 QUEST_PERIOD_ENDED']).toContain(c);
      const ok = mine.filter((a) => a.r.statusCode === 200);
      expect(ok.length, codes.join(', ')).toBeLessThanOrEqual(1);
      const claims = await exec<{ claimed_at: Date | string }>(k.db.orm, sql`SELECT claimed_at FROM quest_claims WHERE user_id = ${x.p.userId}`);
      const entries = await exec<{ created_at: Date | string }>(k.db.orm, sql`SELECT created_at FROM ledger_entries
        WHERE user_id = ${x.p.userId} AND reason = 'quest_reward' AND reference = ${x.id}`);
      const balance = BigInt((await k.get(PATHS.balance(x.token), x.p.token)).json<{ balance: string }>().balance);
      if (ok.length === 1) {
        paid++;
        const at = ok[0]!.r.json<{ claimed_at: string }>().claimed_at;
        expect(Date.parse(at)).toBeLessThan(end);
        expect(claims.map((c) => new Date(c.claimed_at).toISOString())).toEqual([at]);
        expect(entries.map((e) => new Date(e.created_at).toISOString())).toEqual([at]);
        expect(balance).toBe(x.before + x.amount);
        // the winning key again, after the end: the first claim's answer, not QUEST_PERIOD_ENDED
        const again = await k.post(PATHS.questClaim(x.id), {}, { ...auth(x.p), 'idempotency-key': ok[0]!.key });
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual(ok[0]!.r.json());
      } else {
        ended++;
        expect(codes.every((c) => c === '409 QUEST_PERIOD_ENDED'), codes.join(', ')).toBe(true);
        expect(claims).toEqual([]);
        expect(entries).toEqual([]);
        expect(balance).toBe(x.before);
      }
    }
    // the boundary passed during the claims: some players were in time, some were not
    expect(paid, `paid ${paid}, ended ${ended}`).toBeGreaterThan(0);
    expect(ended, `paid ${paid}, ended ${ended}`).toBeGreaterThan(0);
  });
});
