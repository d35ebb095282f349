import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  PATHS, STAKING_PATHS, type LeaderboardResponse, type VotesResponse, type WalletsResponse, type CollectionResponse,
  type MarketResponse, type ActivityResponse, type StakingMineResponse, type StakingReportResponse, type NotificationsResponse,
} from '@kingdom/api';
import { createCardanoTestWallet, createSolanaTestWallet } from '../support/wallets.ts';
import { challengeFor, createTestKingdom, signInCardano, signInSolana, type TestKingdom } from '../support/kingdom.ts';
import { exec } from '../../src/db/client.ts';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function linkSolana(k: TestKingdom, token: string, wallet = createSolanaTestWallet(), connected?: string) {
  const message = await challengeFor(k, 'solana', wallet.address);
  return k.post(STAKING_PATHS.walletsLink, { chain: 'solana', address: wallet.address, message, signature: wallet.signMessage(message), ...(connected !== undefined ? { connected } : {}) }, auth(token));
}

describe('several wallets per account', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k.close(); });

  it('links a Solana wallet with a signed challenge; signing in with it opens the same account; holdings are the union', async () => {
    const card = createCardanoTestWallet();
    expect((await k.post(PATHS.demoFaucet, { address: card.address, lands: 1 })).statusCode).toBe(200);
    const { token, user } = await signInCardano(k, card);
    const sol = createSolanaTestWallet();
    expect((await k.post(PATHS.demoFaucet, { address: sol.address, workers: 2, rarity: 'uncommon' })).statusCode).toBe(200);
    // The faucet made the Solana address an account of its own: linking it elsewhere is refused.
    const taken = await linkSolana(k, token, sol);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('ERROR_WALLET_ALREADY_LINKED');

    const fresh = createSolanaTestWallet();
    const linked = await linkSolana(k, token, fresh);
    expect(linked.statusCode, linked.body).toBe(200);
    const list = linked.json<WalletsResponse>().wallets;
    expect(list.map((w) => w.chain)).toEqual(['cardano', 'solana']);
    expect(list.find((w) => w.chain === 'cardano')!.is_current).toBe(true);
    expect((await linkSolana(k, token, fresh)).json().error).toBe('USER_WALLET_ALREADY_ADDED');

    const again = await signInSolana(k, fresh);
    expect(again.user.user_id).toBe(user.user_id);
    const lands = (await k.get(PATHS.totalLands, again.token)).json<{ total_lands: number }>();
    expect(lands.total_lands).toBe(1);
  });

  it('refuses a wallet extension address that differs, an invalid address and a bad signature', async () => {
    const { token } = await signInCardano(k, createCardanoTestWallet());
    const other = createSolanaTestWallet();
    expect((await linkSolana(k, token, createSolanaTestWallet(), other.address)).json().error).toBe('ERROR_WALLET_NOT_MATCH');
    const bad = await k.post(STAKING_PATHS.walletsLink, { chain: 'solana', address: 'not-an-address', message: 'x', signature: 'y' }, auth(token));
    expect(bad.json().error).toBe('NOT_VALID_REQUEST_ADDRESS');
    const w = createSolanaTestWallet();
    const message = await challengeFor(k, 'solana', w.address);
    const forged = await k.post(STAKING_PATHS.walletsLink, { chain: 'solana', address: w.address, message, signature: other.signMessage(message) }, auth(token));
    // a proof whose signature fails has its own code: never 401, which would end the session
    expect([forged.statusCode, forged.json().error]).toEqual([400, 'WALLET_SIGNATURE_NOT_VALID']);
  });

  it('unlinks (not the last, not the current), sets the master (Cardano only) and re-syncs', async () => {
    const card = createCardanoTestWallet();
    const { token } = await signInCardano(k, card);
    const only = await k.post(STAKING_PATHS.walletsUnlink, { chain: 'cardano', address: card.address }, auth(token));
    expect(only.json().error).toBe('WALLET_LAST_OF_ACCOUNT');
    const sol = createSolanaTestWallet();
    expect((await linkSolana(k, token, sol)).statusCode).toBe(200);
    expect((await k.post(STAKING_PATHS.walletsUnlink, { chain: 'cardano', address: card.address }, auth(token))).json().error).toBe('NOT_SET_ACTIVE_ADDRESS');
    expect((await k.post(STAKING_PATHS.walletsUnlink, { chain: 'solana', address: createSolanaTestWallet().address }, auth(token))).json().error).toBe('USER_WALLET_NOT_BELONG');
    expect((await k.post(STAKING_PATHS.walletsSetMaster, { address: sol.address }, auth(token))).json().error).toBe('NOT_VALID_REQUEST_ADDRESS');
    expect((await k.post(STAKING_PATHS.walletsSetMaster, { address: createCardanoTestWallet().address }, auth(token))).json().error).toBe('USER_WALLET_NOT_BELONG');
    const master = await k.post(STAKING_PATHS.walletsSetMaster, { address: card.address }, auth(token));
    expect(master.json<WalletsResponse>().wallets.find((w) => w.chain === 'cardano')!.is_master).toBe(true);
    const resync = await k.post(STAKING_PATHS.walletsResync, { chain: 'solana', address: sol.address }, auth(token));
    expect(resync.json<WalletsResponse>().wallets.find((w) => w.chain === 'solana')!.synced_at).not.toBeNull();

    // Unlinking the Solana wallet (signed in with it elsewhere) ends its sessions and its holdings leave.
    const solSession = await signInSolana(k, sol);
    await k.post(PATHS.demoFaucet, { address: sol.address, workers: 1 });
    const unlinked = await k.post(STAKING_PATHS.walletsUnlink, { chain: 'solana', address: sol.address }, auth(token));
    expect(unlinked.json<WalletsResponse>().wallets).toHaveLength(1);
    expect((await k.get(STAKING_PATHS.walletsList, solSession.token)).statusCode).toBe(401);
    const left = await exec(k.db.orm, sql`SELECT 1 FROM holdings WHERE address = ${sol.address}`);
    expect(left).toHaveLength(0);
  });
});

describe('votes and leaderboards', () => {
  let k: TestKingdom;
  let token: string;
  beforeAll(async () => {
    k = await createTestKingdom();
    const w = createCardanoTestWallet();
    await k.post(PATHS.demoFaucet, { address: w.address, exo: '1000' });
    token = (await signInCardano(k, w)).token;
  });
  afterAll(async () => { await k.close(); });

  const board = async (chain: string, search = '') => (await k.get(`${STAKING_PATHS.stakingLeaderboard}?chain=${chain}${search ? `&search=${search}` : ''}`)).json<LeaderboardResponse>();

  it('locks EXO as points (ledger entries), refuses more than the balance and invalid values', async () => {
    const r = await k.post(STAKING_PATHS.votesLock, { amount: 600 }, auth(token));
    expect(r.json<VotesResponse>()).toMatchObject({ locked: 600, allocated: 0, free: 600 });
    expect((await k.get(PATHS.balance('exo'), token)).json().balance).toBe('400000000');
    expect((await k.post(STAKING_PATHS.votesLock, { amount: 401 }, auth(token))).json().error).toBe('VENDOR_NOT_ENOUGH_BALANCE');
    for (const bad of [0, -1, 1.5]) expect((await k.post(STAKING_PATHS.votesLock, { amount: bad }, auth(token))).json().error).toBe('VOTES_NOT_VALID_VALUE');
    const entries = await exec<{ asset: string; amount: string }>(k.db.orm, sql`SELECT asset, amount::text FROM ledger_entries WHERE reason = 'votes_lock' ORDER BY asset`);
    expect(entries).toEqual([{ asset: 'exo', amount: '-600000000' }, { asset: 'votes', amount: '600' }]);
  });

  it('adds votes from 1 to the free points, moves the live total and notifies; removes and unlocks', async () => {
    const before = (await board('cardano')).items;
    const target = before[before.length - 1]!;
    expect((await k.post(STAKING_PATHS.votesAdd, { project: target.project, votes: 601 }, auth(token))).json().error).toBe('VOTES_NOT_VALID_VALUE');
    expect((await k.post(STAKING_PATHS.votesAdd, { project: target.project, votes: 0 }, auth(token))).json().error).toBe('VOTES_NOT_VALID_VALUE');
    expect((await k.post(STAKING_PATHS.votesAdd, { project: 'no-such-project', votes: 1 }, auth(token))).statusCode).toBe(404);
    const added = await k.post(STAKING_PATHS.votesAdd, { project: target.project, votes: 500 }, auth(token));
    expect(added.json<VotesResponse>()).toMatchObject({ locked: 600, allocated: 500, free: 100, allocations: [{ project: target.project, votes: 500 }] });
    const after = (await board('cardano', encodeURIComponent(target.name))).items.find((p) => p.project === target.project)!;
    expect(after.votes).toBe(target.votes + 500);
    expect((await k.post(STAKING_PATHS.votesUnlock, { amount: 101 }, auth(token))).json().error).toBe('VOTES_NOT_VALID_VALUE');
    expect((await k.post(STAKING_PATHS.votesRemove, { project: target.project, votes: 501 }, auth(token))).json().error).toBe('VOTES_NOT_VALID_VALUE');
    expect((await k.post(STAKING_PATHS.votesRemove, { project: target.project, votes: 200 }, auth(token))).json<VotesResponse>().free).toBe(300);
    expect((await k.post(STAKING_PATHS.votesUnlock, { amount: 300 }, auth(token))).json<VotesResponse>()).toMatchObject({ locked: 300, allocated: 300, free: 0 });
    expect((await k.get(PATHS.balance('exo'), token)).json().balance).toBe('700000000');
    const inbox = (await k.get(PATHS.notifications, token)).json<NotificationsResponse>().notifications.filter((n) => n.type === 'votes_changed');
    expect(inbox).toHaveLength(2);
    const feed = (await k.get(STAKING_PATHS.stakingActivity)).json<ActivityResponse>().items;
    expect(feed.slice(0, 2).map((i) => [i.kind, i.votes])).toEqual([['votes_removed', 200], ['votes_added', 500]]);
    expect(feed.some((i) => i.kind === 'snapshot')).toBe(true);
  });

  it('removing all of a project\'s votes answers 200 and drops the allocation (docs/architecture.md §6)', async () => {
    const w = createCardanoTestWallet();
    await k.post(PATHS.demoFaucet, { address: w.address, exo: '10' });
    const t = (await signInCardano(k, w)).token;
    await k.post(STAKING_PATHS.votesLock, { amount: 10 }, auth(t));
    const project = (await board('cardano')).items[0]!.project;
    expect((await k.post(STAKING_PATHS.votesAdd, { project, votes: 7 }, auth(t))).statusCode).toBe(200);
    const removed = await k.post(STAKING_PATHS.votesRemove, { project, votes: 7 }, auth(t));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<VotesResponse>()).toMatchObject({ locked: 10, allocated: 0, free: 10, allocations: [] });
    expect((await k.post(STAKING_PATHS.votesRemove, { project, votes: 1 }, auth(t))).json().error).toBe('VOTES_NOT_VALID_VALUE');
  });

  it('concurrent votesAdd from two sessions never allocate more than the free points', async () => {
    const w = createCardanoTestWallet();
    await k.post(PATHS.demoFaucet, { address: w.address, exo: '10' });
    const a = (await signInCardano(k, w)).token;
    const b = (await signInCardano(k, w)).token;
    await k.post(STAKING_PATHS.votesLock, { amount: 10 }, auth(a));
    const project = (await board('solana')).items[0]!.project;
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => k.post(STAKING_PATHS.votesAdd, { project, votes: 4 }, auth(i % 2 ? a : b))));
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(2);
    for (const r of results) if (r.statusCode !== 200) expect(r.json().error).toBe('VOTES_NOT_VALID_VALUE');
    expect((await k.get(STAKING_PATHS.votesGet, a)).json<VotesResponse>()).toMatchObject({ locked: 10, allocated: 8, free: 2 });
  });

  it('leaderboards: ranks per chain, leagues at the snapshot, reward per NFT, qualified, next snapshot; paging and search bounded', async () => {
    for (const chain of ['cardano', 'solana']) {
      const b = await board(chain);
      expect(b.items.length).toBeGreaterThan(0);
      expect(b.items.map((i) => i.rank)).toEqual(b.items.map((_, i) => i + 1));
      expect(new Set(b.items.map((i) => i.league))).toEqual(new Set([null, 'gold', 'platinum', 'diamond', 'epic']));
      expect(b.items.slice(0, 10).every((i) => i.qualified)).toBe(true);
      expect(Date.parse(b.next_snapshot_at) % (14 * 86_400_000)).toBe(0);
      expect(b.items.every((i) => i.reward_token === (chain === 'cardano' ? 'hexo' : 'rune'))).toBe(true);
    }
    expect((await board('cardano', '%25_')).items).toEqual([]);
    expect((await k.get(`${STAKING_PATHS.stakingLeaderboard}?chain=cardano&page=999`)).json<LeaderboardResponse>().items).toEqual([]);
  });

  it('collection page, market ranked by reward, my stake and an empty report', async () => {
    const top = (await board('cardano')).items[0]!;
    const c = (await k.get(STAKING_PATHS.stakingCollection(top.project))).json<CollectionResponse>();
    expect(c.project!.project).toBe(top.project);
    expect(c.history.length).toBeGreaterThanOrEqual(1);
    expect((await k.get(STAKING_PATHS.stakingCollection('nope'))).json<CollectionResponse>()).toMatchObject({ project: null, history: [] });
    const m = (await k.get(STAKING_PATHS.stakingMarket)).json<MarketResponse>().items;
    expect(m.every((i) => i.qualified)).toBe(true);
    for (let i = 1; i < m.length; i++) expect(BigInt(m[i - 1]!.reward_per_nft) >= BigInt(m[i]!.reward_per_nft)).toBe(true);
    const w = createCardanoTestWallet();
    await k.post(PATHS.demoFaucet, { address: w.address, workers: 2, rarity: 'epic' });
    const t = (await signInCardano(k, w)).token;
    const mine = (await k.get(STAKING_PATHS.stakingMine, t)).json<StakingMineResponse>();
    expect(mine.inactive).toBe(false);
    expect(mine.collections.flatMap((g) => g.nfts)).toHaveLength(2);
    expect(mine.collections.flatMap((g) => g.nfts).every((n) => !n.counts)).toBe(true);
    k.advance(25 * 3_600_000);
    const later = (await k.get(STAKING_PATHS.stakingMine, t)).json<StakingMineResponse>();
    expect(later.collections.flatMap((g) => g.nfts).every((n) => n.counts)).toBe(true);
    expect(BigInt(later.collections[0]!.reward_per_day)).toBeGreaterThan(0n);
    const r = (await k.get(STAKING_PATHS.stakingReport('2026-01-01'), t)).json<StakingReportResponse>();
    expect(r).toEqual({ day: '2026-01-01', rows: [], totals: { hexo: '0', rune: '0' } });
  });
});

describe('the staking part of the daily tick', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k.close(); });

  it('pays HEXO per counting NFT of a qualified collection (24 h rule), reports it, and takes each snapshot once', async () => {
    const w = createCardanoTestWallet();
    const given = (await k.post(PATHS.demoFaucet, { address: w.address, workers: 3, rarity: 'epic', tools: 1 })).json<{ workers: Array<{ collection_key: string }> }>();
    const { token } = await signInCardano(k, w);
    const hexo = async () => BigInt((await k.get(PATHS.balance('hexo'), token)).json<{ balance: string }>().balance);
    const before = await hexo();
    // Day 1 ends < 24 h after the NFTs arrived: only the tool pays. Day 2: the NFTs count too.
    const t1 = (await k.post(PATHS.demoTick, { days: 1 })).json<{ settled: string[] }>();
    const day1 = t1.settled.at(-1)!;
    const r1 = (await k.get(STAKING_PATHS.stakingReport(day1), token)).json<StakingReportResponse>();
    expect(r1.rows.map((r) => r.source)).toEqual(['toolkit']);
    const t2 = (await k.post(PATHS.demoTick, { days: 1 })).json<{ settled: string[] }>();
    const day2 = t2.settled.at(-1)!;
    const r2 = (await k.get(STAKING_PATHS.stakingReport(day2), token)).json<StakingReportResponse>();
    const nft = r2.rows.find((r) => r.source === 'nft')!;
    expect(nft).toMatchObject({ ref: given.workers[0]!.collection_key, token: 'hexo', nfts: 3 });
    const board = (await k.get(`${STAKING_PATHS.stakingLeaderboard}?chain=cardano`)).json<LeaderboardResponse>().items;
    const project = board.find((p) => p.collection_key === nft.ref)!;
    // Not a land owner: half the leaderboard's (land owner's) reward per NFT.
    expect(BigInt(nft.amount)).toBe(3n * (BigInt(project.reward_per_nft) / 2n));
    expect(await hexo()).toBe(before + BigInt(r1.totals.hexo) + BigInt(r2.totals.hexo));
    const reports = (await k.get(PATHS.notifications, token)).json<NotificationsResponse>().notifications.filter((n) => n.type === 'staking_daily_report');
    expect(reports).toHaveLength(2);

    // Run up to the next snapshot instant: one snapshot there, the same after a second run of the day.
    const next = Date.parse((await k.get(`${STAKING_PATHS.stakingLeaderboard}?chain=cardano`)).json<LeaderboardResponse>().next_snapshot_at);
    const days = Math.round((next - k.now().getTime()) / 86_400_000) + 1;
    await k.post(PATHS.demoTick, { days });
    const at = new Date(next);
    const snaps = await exec<{ id: number }>(k.db.orm, sql`SELECT id FROM staking_snapshots WHERE taken_at = ${at}`);
    expect(snaps).toHaveLength(1);
    const { settleDay } = await import('../../src/jobs/settlement/index.ts');
    expect(await settleDay(k.db, new Date(next - 86_400_000).toISOString().slice(0, 10))).toBeNull();
    expect(await exec(k.db.orm, sql`SELECT id FROM staking_snapshots WHERE taken_at = ${at}`)).toHaveLength(1);
    const n = await exec<{ n: number }>(k.db.orm, sql`SELECT count(*)::int AS n FROM snapshot_collections WHERE snapshot_id = ${snaps[0]!.id}`);
    expect(n[0]!.n).toBe((await exec(k.db.orm, sql`SELECT id FROM collections`)).length);
  });

  it('counts follow the holdings between ticks (kept counts and logged changes, migration 0018): an NFT that leaves stops counting, a new one counts after 24 h', async () => {
    const w = createCardanoTestWallet();
    const given = (await k.post(PATHS.demoFaucet, { address: w.address, workers: 3, rarity: 'epic' })).json<{ workers: Array<{ collection_key: string; asset_key: string }> }>();
    const { token, user: { user_id: userId } } = await signInCardano(k, w);
    const collection = given.workers[0]!.collection_key;
    const counted = async () => {
      const day = (await k.post(PATHS.demoTick, { days: 1 })).json<{ settled: string[] }>().settled.at(-1)!;
      const rows = (await k.get(STAKING_PATHS.stakingReport(day), token)).json<StakingReportResponse>().rows;
      return rows.find((r) => r.source === 'nft' && r.ref === collection)?.nfts ?? 0;
    };
    await counted();
    expect(await counted()).toBe(3);
    // one NFT leaves the wallet (as a sync deletes it): the next tick reads the logged change
    await exec(k.db.orm, sql`DELETE FROM holdings WHERE collection_key = ${collection} AND asset_key = ${given.workers[0]!.asset_key}`);
    expect(await exec(k.db.orm, sql`SELECT 1 FROM holding_deltas WHERE user_id = ${userId}`)).toHaveLength(1);
    // the tick job's warm-up during the day folds it into the kept counts already; the tick counts the same
    const { warmRosters } = await import('../../src/jobs/settlement/index.ts');
    expect(await warmRosters(k.db, k.now())).not.toBeNull();
    expect(await exec(k.db.orm, sql`SELECT 1 FROM holding_deltas WHERE user_id = ${userId}`)).toHaveLength(0);
    expect(await counted()).toBe(2);
    expect(await counted()).toBe(2);
    // another arrives (held from now): it counts from the day that ends 24 h later
    await exec(k.db.orm, sql`INSERT INTO holdings (chain, collection_key, asset_key, address, user_id, held_since)
      VALUES ('cardano', ${collection}, ${'new-' + given.workers[0]!.asset_key}, ${w.address}, ${userId}, ${k.now()})`);
    expect(await counted()).toBe(2);
    expect(await counted()).toBe(3);
    // each tick folds the logged changes into the kept counts
    expect(await exec(k.db.orm, sql`SELECT 1 FROM holding_deltas WHERE user_id = ${userId}`)).toHaveLength(0);
    const [kept] = await exec<{ nfts: string }>(k.db.orm, sql`SELECT nfts::text AS nfts FROM holding_counts WHERE user_id = ${userId} AND collection_key = ${collection}`);
    expect(kept!.nfts).toBe('3');
  });

  it('a player is never deleted (migration 0017: the ledger keeps their entries)', async () => {
    const { user: { user_id: userId } } = await signInCardano(k, createCardanoTestWallet());
    await expect(exec(k.db.orm, sql`DELETE FROM users WHERE id = ${userId}`)).rejects.toThrow();
    expect(await exec(k.db.orm, sql`SELECT 1 FROM users WHERE id = ${userId}`)).toHaveLength(1);
  });
});

describe('faucet --nfts', () => {
  let k: TestKingdom;
  beforeAll(async () => { k = await createTestKingdom(); });
  afterAll(async () => { await k.close(); });

  it('gives NFTs of a named project on the address chain; an unknown or other-chain project is NOT_FOUND', async () => {
    const board = (await k.get(`${STAKING_PATHS.stakingLeaderboard}?chain=cardano`)).json<LeaderboardResponse>().items;
    const sol = (await k.get(`${STAKING_PATHS.stakingLeaderboard}?chain=solana`)).json<LeaderboardResponse>().items;
    const w = createCardanoTestWallet();
    const r = await k.post(PATHS.demoFaucet, { address: w.address, nfts: { [board[3]!.project]: 2 } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<{ workers: Array<{ collection_key: string }> }>().workers.map((x) => x.collection_key)).toEqual([board[3]!.collection_key, board[3]!.collection_key]);
    const { token } = await signInCardano(k, w);
    const mine = (await k.get(STAKING_PATHS.stakingMine, token)).json<StakingMineResponse>();
    expect(mine.collections.map((c) => [c.project, c.nfts.length])).toEqual([[board[3]!.project, 2]]);
    expect((await k.post(PATHS.demoFaucet, { address: w.address, nfts: { [sol[0]!.project]: 1 } })).statusCode).toBe(404);
    expect((await k.post(PATHS.demoFaucet, { address: w.address, nfts: { 'no-such': 1 } })).statusCode).toBe(404);
  });
});
