/** Quest endpoints (docs/game-rules.md §14): the player's quests, the claim, the published table. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route, sessionOf } from '../../http/routes.ts';
import { idempotencyKeyOf } from '../../http/idempotency.ts';
import { achievementsOf, claimQuest, hallOfFame, hallOfFameMe, questsOf, questTableAnswer } from './service.ts';

/** Registers the quest endpoints. */
export async function questRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const table = questTableAnswer();
  route(app, ENDPOINTS.quests, async (input) => questsOf(db, sessionOf(input).userId, input.now));
  route(app, ENDPOINTS.questClaim, async (input) => claimQuest(db, sessionOf(input).userId, idempotencyKeyOf(input.request), input.params.id, input.now));
  route(app, ENDPOINTS.questTable, async () => table);
  route(app, ENDPOINTS.hallOfFame, async (input) => hallOfFame(db, input.query, input.now));
  route(app, ENDPOINTS.hallOfFameMe, async (input) => hallOfFameMe(db, sessionOf(input).userId, input.query, input.now));
  route(app, ENDPOINTS.achievements, async (input) => achievementsOf(db, sessionOf(input).userId, input.now));
}
