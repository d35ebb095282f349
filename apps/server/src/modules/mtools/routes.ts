/**
 * `mining_tool` (docs/product.md §7): with `my=true` the signed-in user's mining tools, otherwise the whole
 * collection (public). Pages of {@link PAGE_SIZE}.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { PAGE_SIZE } from '@kingdom/game';
import { route } from '../../http/routes.ts';
import { allToolsPage, myToolsPage } from './repository.ts';

/** Registers the mining-tool list endpoint. */
export async function miningToolRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  route(app, ENDPOINTS.miningTools, async ({ query, request }) => {
    const { my, page } = query;
    const offset = (page - 1) * PAGE_SIZE;
    const { mtools, total } = my ? await myToolsPage(db, request, PAGE_SIZE, offset) : await allToolsPage(db, PAGE_SIZE, offset);
    return { mtools, total, page, per_page: PAGE_SIZE };
  });
}
