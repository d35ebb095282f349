/**
 * Staking-Hub endpoints (docs/game-rules.md §5, docs/product.md §2 `/staking-hub/*`, §6: visitors see every
 * leaderboard): vote points, leaderboards, a project, market, activity, my stake, daily reports.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kingdom/api';
import { DAY_MS, nextSnapshotAt } from '@kingdom/game';
import { route, sessionOf } from '../../http/routes.ts';
import { SharedCache } from '../../http/shared-cache.ts';
import { jsonBodies, type JsonBody } from '../../http/json-body.ts';
import { activity, leaderboardPage, LEADERBOARD_PER_PAGE, projectRow, qualifiedProjects, reportRows, snapshotHistory } from './repository.ts';
import { changeVotes, lockVotes, myStake, projectOut, unlockVotes, votesOf } from './service.ts';

const ACTIVITY_PER_PAGE = 30;

/**
 * Leaderboard pages are public and read far more often than votes change: each page is kept, as the
 * bytes sent (http/json-body.ts), until a committed change of collections, votes or snapshots (by any
 * process) is notified (the database's `staking` notification, migration 0010), and dropped at once
 * when this process changes votes. The game time of its key is read without a round trip while the
 * clock is known current (`clock: 'notified'`, migration 0014): a hit runs no statement.
 */
const BOARD_CACHE_MAX = 500;

/** Registers the Staking-Hub endpoints. */
export async function stakingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const next = (now: Date) => new Date(nextSnapshotAt(now.getTime())).toISOString();
  const boards = new SharedCache<JsonBody<typeof ENDPOINTS.stakingLeaderboard>>('staking', BOARD_CACHE_MAX);
  const boardBodies = jsonBodies(ENDPOINTS.stakingLeaderboard);
  await boards.start(db);
  app.addHook('onClose', async () => boards.stop());

  route(app, ENDPOINTS.votesGet, async (input) => votesOf(db.orm, sessionOf(input).userId));
  route(app, ENDPOINTS.votesLock, async (input) => {
    const s = sessionOf(input);
    await lockVotes(db, s.userId, input.body.amount, input.now);
    return votesOf(db.orm, s.userId);
  });
  route(app, ENDPOINTS.votesUnlock, async (input) => {
    const s = sessionOf(input);
    await unlockVotes(db, s.userId, input.body.amount, input.now);
    return votesOf(db.orm, s.userId);
  });
  route(app, ENDPOINTS.votesAdd, async (input) => {
    const s = sessionOf(input);
    await changeVotes(db, s.userId, input.body.project, input.body.votes, 1, input.now);
    boards.clear();
    return votesOf(db.orm, s.userId);
  });
  route(app, ENDPOINTS.votesRemove, async (input) => {
    const s = sessionOf(input);
    await changeVotes(db, s.userId, input.body.project, input.body.votes, -1, input.now);
    boards.clear();
    return votesOf(db.orm, s.userId);
  });

  route(app, ENDPOINTS.stakingLeaderboard, async ({ query, now }) => {
    // the game clock is part of the key: a demo clock advance (and its snapshot) is seen at once
    const key = `${query.chain}|${query.page}|${query.search ?? ''}|${nextSnapshotAt(now.getTime())}|${Math.floor(now.getTime() / DAY_MS)}`;
    return boards.get(key, async () => {
      const rows = await leaderboardPage(db.orm, query.chain, query.page, query.search, now);
      return boardBodies.of({ items: rows.map(projectOut), total: rows[0]?.total ?? 0, page: query.page, per_page: LEADERBOARD_PER_PAGE, next_snapshot_at: next(now) });
    });
  }, { clock: 'notified' });
  route(app, ENDPOINTS.stakingCollection, async ({ params, now }) => {
    const r = await projectRow(db.orm, params.project, now);
    if (!r) return { project: null, history: [], next_snapshot_at: next(now) };
    const history = await snapshotHistory(db.orm, r.id, now);
    return {
      project: projectOut(r),
      history: history.map((h) => ({ taken_at: new Date(h.taken_at).toISOString(), votes: Number(h.votes), qualified: h.qualified })),
      next_snapshot_at: next(now),
    };
  });
  route(app, ENDPOINTS.stakingMarket, async ({ now }) => {
    const items = (await qualifiedProjects(db.orm, now)).map(projectOut)
      .sort((a, b) => { const d = BigInt(b.reward_per_nft) - BigInt(a.reward_per_nft); return d === 0n ? a.project.localeCompare(b.project) : d > 0n ? 1 : -1; });
    return { items, next_snapshot_at: next(now) };
  });
  route(app, ENDPOINTS.stakingActivity, async ({ query, now }) => {
    const rows = await activity(db.orm, query.page, ACTIVITY_PER_PAGE, now);
    return { items: rows.map((r) => ({ ...r, at: new Date(r.at).toISOString(), votes: Number(r.votes) })), page: query.page };
  });
  route(app, ENDPOINTS.stakingMine, async (input) => myStake(db.orm, sessionOf(input).userId, input.now));
  route(app, ENDPOINTS.stakingReport, async (input) => {
    const rows = await reportRows(db.orm, sessionOf(input).userId, input.params.day);
    const sum = (t: 'hexo' | 'rune') => rows.filter((r) => r.token === t).reduce((s, r) => s + BigInt(r.amount), 0n).toString();
    return { day: input.params.day, rows, totals: { hexo: sum('hexo'), rune: sum('rune') } };
  });
}
