/** Quest endpoints (docs/game-rules.md §14): the player's quests, the claim, the published table. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { chestWeekOf } from '@kingdom/game';
import { SharedCache } from '../../http/shared-cache.ts';
import { hallOfFameRanks, type HallQuery, type HallRanks } from './repository.ts';
import { route, sessionOf } from '../../http/routes.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';
import { achievementsOf, claimQuest, hallOfFame, hallOfFameMe, questsOf, questTableAnswer } from './service.ts';

/** Whole hall-of-fame rankings kept at most per cache (each up to every ranked player; all dropped when full). */
const HALL_RANKS_MAX = 12;

/** Registers the quest endpoints. */
export async function questRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const table = questTableAnswer();
  // Whole rankings (a page is a slice, a player's own rank a lookup), kept by every process until a
  // claim, a settled day or a wallet change commits (topics `halls`, `users`: names; migration 0026),
  // and never while the notifications are not heard; the boards that only a settled day changes
  // (EXO mined, average effectivity) are kept apart, dropped by a settled day or a wallet change but
  // not by a claim (topic `halls_days`, migration 0027).
  const ranks = new SharedCache<HallRanks>(['halls', 'users'], HALL_RANKS_MAX);
  const dayRanks = new SharedCache<HallRanks>(['halls_days', 'users'], HALL_RANKS_MAX);
  await ranks.start(db);
  await dayRanks.start(db);
  app.addHook('onClose', async () => { ranks.stop(); dayRanks.stop(); });
  const ranksAt = (now: Date) => (q: HallQuery) => (q.board === 'quests_completed' ? ranks : dayRanks)
    .get(`${q.chain}|${q.board}|${q.week}|${chestWeekOf(now.getTime())}`, () => hallOfFameRanks(db.orm, q));
  route(app, ENDPOINTS.quests, async (input) => questsOf(db, sessionOf(input).userId, input.now));
  route(app, ENDPOINTS.questClaim, async (input) => {
    const answer = await claimQuest(db, sessionOf(input).userId, idempotencyKeyOf(input.request), input.params.id, input.now);
    ranks.clear(); // this process sees its own claim at once (the others on the notification)
    return answer;
  });
  route(app, ENDPOINTS.questTable, async () => table);
  route(app, ENDPOINTS.hallOfFame, async ({ query, now }) => hallOfFame(db, query, now, ranksAt(now)));
  route(app, ENDPOINTS.hallOfFameMe, async (input) => hallOfFameMe(db, sessionOf(input).userId, input.query, input.now, ranksAt(input.now)));
  route(app, ENDPOINTS.achievements, async (input) => achievementsOf(db, sessionOf(input).userId));
}
