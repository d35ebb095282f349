/**
 * Readers tolerate values they do not know (docs/architecture.md §8 "Rolling upgrades"): during a
 * rolling upgrade a newer release may write a notification type, a deposit or order status this
 * release does not know; this release's answers pass it through (open enums, `@kingdom/api`
 * `openEnum`) instead of answering 500 because its response schema refuses it. And what this release
 * adds that the one before cannot read (the `operator_message` notification) waits until no older
 * server is alive (`allServersAtLeast`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENDPOINTS, notificationsResponse } from '@kingdom/api';
import { exec } from '../../src/db/client.ts';
import { ProcessRegistry } from '../../src/db/processes.ts';
import { broadcast, messagePlayer } from '../../src/modules/console/service.ts';
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

describe('a notification type the release before cannot read', () => {
  it('operator messages wait until no server of an older release is alive', async () => {
    const { user } = await signInCardano(k, createCardanoTestWallet());
    const actor = { chain: 'cardano', address: 'addr_test_operator', role: 'admin' as const };
    const message = { userId: user.user_id, title: 'Hello', body: 'x', reason: 'test', now: k.now() };
    const old = new ProcessRegistry(k.db, 'host:9:old', '0.1.0+prev', 1);
    await old.start();
    try {
      await expect(messagePlayer(k.db, actor, message)).rejects.toMatchObject({ code: 'SYSTEM_FEATURE_NOT_AVAILABLE' });
      await expect(broadcast(k.db, actor, { audience: 'all', title: 'All', body: 'x', reason: 'test', now: k.now() })).rejects.toMatchObject({ code: 'SYSTEM_FEATURE_NOT_AVAILABLE' });
      expect(await exec(k.db.orm, sql`SELECT 1 FROM notifications WHERE type = 'operator_message'`)).toEqual([]);
    } finally {
      await old.stop();
    }
    // the old server gone, the message goes
    expect((await messagePlayer(k.db, actor, message)).recipients).toBe(1);
    expect(await exec(k.db.orm, sql`SELECT user_id FROM notifications WHERE type = 'operator_message'`)).toEqual([{ user_id: user.user_id }]);
  });
});
