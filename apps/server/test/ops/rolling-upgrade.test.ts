/**
 * Readers tolerate values they do not know (docs/architecture.md §8 "Rolling upgrades"): during a
 * rolling upgrade a newer release may write a notification type, a deposit or order status this
 * release does not know; this release's answers pass it through (open enums, `@kingdom/api`
 * `openEnum`) instead of answering 500 because its response schema refuses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, notificationsResponse } from '@kingdom/api';
import { exec } from '../../src/db/client.ts';
import { createTestKingdom, signInCardano, type TestKingdom } from '../support/kingdom.ts';
import { createCardanoTestWallet } from '../support/wallets.ts';

let k: TestKingdom;
beforeAll(async () => {
  k = await createTestKingdom();
});
afterAll(async () => k?.close());

describe('a value written by a newer release', () => {
  it('GET /api/notifications answers 200 with a notification type this release does not know', async () => {
    const { token, user } = await signInCardano(k, createCardanoTestWallet());
    await exec(k.db.orm, sql`INSERT INTO notifications (user_id, type, data, created_at)
      VALUES (${user.user_id}, 'a_type_of_the_next_release', '{"n":1}'::jsonb, now()), (${user.user_id}, 'achievement', '{"key":"first_mine"}'::jsonb, now())`);
    const res = await k.get(ENDPOINTS.notifications.path + '?page=1', token);
    expect(res.statusCode).toBe(200);
    const body = notificationsResponse.parse(res.json());
    expect(body.notifications.map((n) => n.type).sort()).toEqual(['a_type_of_the_next_release', 'achievement']);
    expect(body.notifications.find((n) => n.type === 'a_type_of_the_next_release')?.data).toEqual({ n: 1 });
  });
});
