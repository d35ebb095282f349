/**
 * Gold mine and fren mine routes (GAME-RULES.md §3, §4): the player's mines, worker NFTs, setting and
 * removing workers, upgrades, performance, daily reports; land expansion.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PATHS, minesResponse, workerNftsResponse, assignRequest, slotRequest, landRequest, performanceQuery, performanceResponse,
  reportParams, reportResponse, mineKind, type MineKind,
} from '@kingdom/api';
import { addDays, gameDay } from '@kingdom/game';
import { requireSession } from '../../auth/session.ts';
import { fail } from '../../errors.ts';
import { loadMines, mineDays, userLands, workerNfts } from './queries.ts';
import { assignWorker, expandLand, removeWorker, startUpgrade } from './actions.ts';

const secured = { security: [{ bearer: [] }] };
const okResponse = z.object({ status: z.literal('success') });

export const mineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  for (const mine of mineKind.options) {
    const tags = [mine];
    app.get(PATHS.mines(mine), { schema: { ...secured, tags, summary: `The player's ${mine}s with slots, workers and upgrades`, response: { 200: minesResponse } } }, async (request) => {
      const now = clock();
      const session = await requireSession(db, request, now);
      return { mines: await loadMines(db.orm, mine, await userLands(db.orm, session.userId)), now: now.toISOString() };
    });

    app.post(PATHS.mineWorkers(mine), { schema: { ...secured, tags, summary: `Sets a worker into a ${mine} slot`, body: assignRequest, response: { 200: okResponse } } }, async (request) => {
      const now = clock();
      const session = await requireSession(db, request, now);
      await assignWorker(db, session.userId, mine, request.body, now);
      return { status: 'success' as const };
    });

    app.post(PATHS.mineWorkersRemove(mine), { schema: { ...secured, tags, summary: `Removes the worker in a ${mine} slot`, body: slotRequest, response: { 200: okResponse } } }, async (request) => {
      const now = clock();
      const session = await requireSession(db, request, now);
      await removeWorker(db, session.userId, mine, request.body.hex_name, request.body.slot);
      return { status: 'success' as const };
    });

    app.post(PATHS.mineUpgrade(mine), {
      schema: { ...secured, tags, summary: `Starts the next ${mine} upgrade (consumes the toolkit)`, body: landRequest, response: { 200: z.object({ target_level: z.number().int(), ends_at: z.string() }) } },
    }, async (request) => {
      const now = clock();
      const session = await requireSession(db, request, now);
      const r = await startUpgrade(db, session.userId, mine, request.body.hex_name, now);
      return { target_level: r.targetLevel, ends_at: r.endsAt.toISOString() };
    });
  }

  app.get(PATHS.workerNfts, { schema: { ...secured, tags: ['goldmine'], summary: "The player's worker NFTs with rarity and assignment", response: { 200: workerNftsResponse } } }, async (request) => {
    const session = await requireSession(db, request, clock());
    return { workers: await workerNfts(db.orm, session.userId) };
  });

  app.get(PATHS.performance, { schema: { ...secured, tags: ['goldmine', 'frenmine'], summary: 'Per day and land: EXO mined, salary paid, workers, effectivity', querystring: performanceQuery, response: { 200: performanceResponse } } }, async (request) => {
    const now = clock();
    const session = await requireSession(db, request, now);
    const { mine, days } = request.query;
    return { mine, rows: await mineDays(db.orm, session.userId, mine, { fromDay: addDays(gameDay(now), -days) }) };
  });

  app.get('/mines/:mine/reports/:day', { schema: { ...secured, tags: ['goldmine', 'frenmine'], summary: 'A daily report: the rows of one settled day', params: reportParams, response: { 200: reportResponse } } }, async (request) => {
    const session = await requireSession(db, request, clock());
    const { mine, day } = request.params;
    const rows = await mineDays(db.orm, session.userId, mine as MineKind, { day });
    if (rows.length === 0) fail('NOT_FOUND');
    const sum = (f: (r: (typeof rows)[number]) => string) => rows.reduce((a, r) => a + BigInt(f(r)), 0n).toString();
    return {
      mine, day, rows,
      totals: { exo_mined: sum((r) => r.exo_mined), salary_paid: sum((r) => r.salary_paid), workers_worked: rows.reduce((a, r) => a + r.workers_worked, 0), workers: rows.reduce((a, r) => a + r.workers, 0) },
    };
  });

  app.post('/lands/:hex_name/expand', { schema: { ...secured, tags: ['lands'], summary: 'Expands a land one size with an expansion permit', params: z.object({ hex_name: z.string().max(16) }), response: { 200: okResponse } } }, async (request) => {
    const now = clock();
    const session = await requireSession(db, request, now);
    await expandLand(db, session.userId, request.params.hex_name, now);
    return { status: 'success' as const };
  });
};
