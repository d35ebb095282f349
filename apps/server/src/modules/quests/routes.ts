/** Quest endpoints (docs/game-rules.md §14): the player's quests, the claim, the published table. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, type HallOfFameResponse } from '@kingdom/api';
import { chestWeekOf } from '@kingdom/game';
import { SharedCache } from '../../http/shared-cache.ts';
import { hallOfFameRanks, type HallRanks } from './repository.ts';
import { route, sessionOf } from '../../http/routes.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';
import { achievementsOf, claimQuest, hallOfFame, hallOfFameMe, questsOf, questTableAnswer } from './service.ts';

/** Hall-of-fame pages kept at most (all dropped when full). */
const HALL_CACHE_MAX = 500;
/** Whole hall-of-fame rankings kept at most per cache (each up to every ranked player; all dropped when full). */
const HALL_RANKS_MAX = 12;

/** Registers the quest endpoints. */
export async function questRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const table = questTableAnswer();
  // kept by every process until a claim, a settled day or a wallet change commits (topics `halls`,
  // `users`: names; migration 0026), and never while the notifications are not heard; the boards
  // that only a settled day changes (EXO mined, average effectivity) are kept apart, dropped by a
  // settled day or a wallet change but not by a claim (topic `halls_days`, migration 0027)
  const halls = new SharedCache<HallOfFameResponse>(['halls', 'users'], HALL_CACHE_MAX);
  const dayHalls = new SharedCache<HallOfFameResponse>(['halls_days', 'users'], HALL_CACHE_MAX);
  await halls.start(db);
  await dayHalls.start(db);
  app.addHook('onClose', async () => { halls.stop(); dayHalls.stop(); });
  // whole rankings, kept and dropped as the pages are: a player's own rank is a lookup, not a ranking per request
  const ranks = new SharedCache<HallRanks>(['halls', 'users'], HALL_RANKS_MAX);
  const dayRanks = new SharedCache<HallRanks>(['halls_days', 'users'], HALL_RANKS_MAX);
  await ranks.start(db);
  await dayRanks.start(db);
  app.addHook('onClose', async () => { ranks.stop(); dayRanks.stop(); });
  route(app, ENDPOINTS.quests, async (input) => questsOf(db, sessionOf(input).userId, input.now));
  route(app, ENDPOINTS.questClaim, async (input) => {
    const answer = await claimQuest(db, sessionOf(input).userId, idempotencyKeyOf(input.request), input.params.id, input.now);
    halls.clear(); // this process sees its own claim at once (the others on the notification)
    ranks.clear();
    return answer;
  });
  route(app, ENDPOINTS.questTable, async () => table);
  route(app, ENDPOINTS.hallOfFame, async ({ query, now }) => {
    const key = `${query.chain}|${query.board}|${query.week ?? chestWeekOf(now.getTime())}|${query.page}|${chestWeekOf(now.getTime())}`;
    return (query.board === 'quests_completed' ? halls : dayHalls).get(key, () => hallOfFame(db, query, now));
  });
  route(app, ENDPOINTS.hallOfFameMe, async (input) => hallOfFameMe(db, sessionOf(input).userId, input.query, input.now,
    (q) => (q.board === 'quests_completed' ? ranks : dayRanks).get(`${q.chain}|${q.board}|${q.week}|${chestWeekOf(input.now.getTime())}`, () => hallOfFameRanks(db.orm, q))));
  route(app, ENDPOINTS.achievements, async (input) => achievementsOf(db, sessionOf(input).userId));
}
