/**
 * `lands` (docs/product.md §7): with `my=true` the signed-in user's lands (searchable by hex_name, paged),
 * otherwise the whole collection (public, for /collectibles); a single land (public) and its
 * expansion. Pages of {@link PAGE_SIZE}.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { PAGE_SIZE } from '@kingdom/game';
import { route, sessionOf } from '../../http/routes.ts';
import { optionalSession } from '../../auth/session.ts';
import { toLand } from './land.ts';
import { SharedCache } from '../../http/shared-cache.ts';
import { jsonBodies, type JsonBody } from '../../http/json-body.ts';
import { allLandsPage, myLandsPage, type LandsPage } from './repository.ts';
import { expandLand, landDetail } from './service.ts';
import { landSeen, landUpdates, upgradeResult } from './updates.ts';

/** `%` and `_` in a search are literal characters, not patterns. */
function searchTerm(search: string | undefined): string | null {
  const s = search?.trim();
  return s ? s.replace(/[\\%_]/g, (c) => `\\${c}`) : null;
}

/** Players' land pages kept at most (all are dropped when full). */
const MY_PAGES_MAX = 10_000;

/** Registers the land endpoints. */
export async function landRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  // the signed-in players' pages, kept as the bytes sent until lands, holdings or workers change (in any process)
  const myPages = new SharedCache<JsonBody<typeof ENDPOINTS.lands>>('lands', MY_PAGES_MAX);
  await myPages.start(db);
  app.addHook('onClose', async () => myPages.stop());
  const bodies = jsonBodies(ENDPOINTS.lands);
  const answer = (r: LandsPage, page: number) => ({ lands: r.lands.map(toLand), total: r.total, page, per_page: PAGE_SIZE });
  route(app, ENDPOINTS.lands, async ({ query, request }) => {
    const { my, page, search } = query;
    const offset = (page - 1) * PAGE_SIZE;
    if (my) return myLandsPage(db, myPages, request, searchTerm(search), PAGE_SIZE, offset, (r) => bodies.of(answer(r, page)));
    return answer(await allLandsPage(db, searchTerm(search), PAGE_SIZE, offset), page);
  }, { clock: 'in-query' });
  // Public: a missing or stale token just means a visitor (`yours` is then false).
  route(app, ENDPOINTS.land, async ({ params, request, now }) => landDetail(db, params.hex_name, await optionalSession(db, request, now)));
  route(app, ENDPOINTS.landUpdates, async (input) => landUpdates(db.orm, sessionOf(input).userId));
  route(app, ENDPOINTS.landSeen, async (input) => {
    await landSeen(db.orm, sessionOf(input).userId, input.params.hex_name);
    return { status: 'success' as const };
  });
  route(app, ENDPOINTS.landUpgradeResult, async (input) => upgradeResult(db.orm, sessionOf(input).userId, input.params.hex_name, input.query.mine));
  route(app, ENDPOINTS.landExpand, async (input) => {
    await expandLand(db, sessionOf(input).userId, input.params.hex_name, input.now);
    return { status: 'success' as const };
  });
}
