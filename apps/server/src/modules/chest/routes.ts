/** Weekly chest endpoints (docs/game-rules.md §7): status, open, and the public week record. */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { route, sessionOf } from '../../http/routes.ts';
import { chestStatus, chestWeek, openChest } from './service.ts';

/** Registers the chest endpoints. */
export async function chestRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.chest, async (input) => chestStatus(db, sessionOf(input).userId, input.now));
  route(app, ENDPOINTS.chestOpen, async (input) => openChest(db, sessionOf(input).userId, input.now, input.body.week));
  route(app, ENDPOINTS.chestWeek, async (input) => chestWeek(db, input.params.week, input.now));
}
