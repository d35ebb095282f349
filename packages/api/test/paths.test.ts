import { describe, expect, it } from 'vitest';
import { MINE_KINDS } from '@kingdom/game';
import { ENDPOINTS, MINE_ENDPOINTS, PATHS, VALLEY_PATHS, STAKING_PATHS, pathOf } from '../src/index.ts';

describe('paths are the descriptors\' paths (written twice only so pages need no zod)', () => {
  it('every static path and every filled pattern equals its descriptor', () => {
    const E = ENDPOINTS;
    const pairs: Array<[string, string]> = [
      [PATHS.csrfCookie, E.csrfCookie.path], [PATHS.config, E.config.path], [PATHS.authChallenge, E.authChallenge.path],
      [PATHS.authLogin, E.authLogin.path], [PATHS.authLogout, E.authLogout.path], [PATHS.dashboardUser, E.dashboardUser.path],
      [PATHS.prices, E.prices.path], [PATHS.balance('hexo'), pathOf(E.balance, { token: 'hexo' })],
      [PATHS.notificationsCount, E.notificationsCount.path], [PATHS.inventoryItems, E.inventoryItems.path],
      [PATHS.inventoryCount, E.inventoryCount.path], [PATHS.lands, E.lands.path], [PATHS.miningTools, E.miningTools.path],
      [PATHS.totalLands, E.totalLands.path], [PATHS.walletSync, E.walletSync.path], [PATHS.demoFaucet, E.demoFaucet.path],
      [PATHS.notifications, E.notifications.path], [PATHS.notificationsRead, E.notificationsRead.path],
      [PATHS.workerNfts, E.workerNfts.path], [PATHS.performance, E.minePerformance.path],
      [PATHS.report('frenmine', '2026-01-02'), pathOf(E.mineReport, { mine: 'frenmine', day: '2026-01-02' })],
      [PATHS.land('E03N12'), pathOf(E.land, { hex_name: 'E03N12' })], [PATHS.landExpand('E03N12'), pathOf(E.landExpand, { hex_name: 'E03N12' })],
      [PATHS.worldDays, E.worldDays.path], [PATHS.demoClock, E.demoClock.path], [PATHS.demoTick, E.demoTick.path],
      [VALLEY_PATHS.map, E.valleyMap.path], [VALLEY_PATHS.mine, E.valleyMine.path],
      [PATHS.vendorCatalogue, E.vendorCatalogue.path], [PATHS.vendorPurchase, E.vendorPurchase.path],
      [PATHS.accountLedger, E.accountLedger.path], [PATHS.accountLedgerCsv, E.accountLedgerCsv.path],
      [PATHS.accountProfile, E.accountProfile.path], [PATHS.accountProfile, E.accountProfileUpdate.path],
      [PATHS.chest, E.chest.path], [PATHS.chestOpen, E.chestOpen.path], [PATHS.chestWeek('2026-11-23'), pathOf(E.chestWeek, { week: '2026-11-23' })],
      [PATHS.quests, E.quests.path], [PATHS.achievements, E.achievements.path], [PATHS.hallOfFame, E.hallOfFame.path], [PATHS.hallOfFameMe, E.hallOfFameMe.path], [PATHS.questTable, E.questTable.path], [PATHS.questClaim('daily-2026-11-27-0'), pathOf(E.questClaim, { id: 'daily-2026-11-27-0' })],
      ...MINE_KINDS.flatMap((k): Array<[string, string]> => [
        [PATHS.mines(k), MINE_ENDPOINTS[k].mines.path], [PATHS.mineWorkers(k), MINE_ENDPOINTS[k].assign.path],
        [PATHS.mineWorkersRemove(k), MINE_ENDPOINTS[k].remove.path], [PATHS.mineUpgrade(k), MINE_ENDPOINTS[k].upgrade.path],
      ]),
    ];
    for (const [a, b] of pairs) expect(a).toBe(b);
  });
});

describe('Staking-Hub and wallets paths', () => {
  it('every path equals its descriptor (same names)', () => {
    const E = ENDPOINTS as unknown as Record<string, { path: string; params?: unknown }>;
    for (const [name, p] of Object.entries(STAKING_PATHS)) {
      const e = E[name];
      expect(e, name).toBeDefined();
      if (typeof p === 'string') expect(p).toBe(e!.path);
    }
    expect(STAKING_PATHS.stakingCollection('spacebudz')).toBe(pathOf(ENDPOINTS.stakingCollection, { project: 'spacebudz' }));
    expect(STAKING_PATHS.stakingReport('2026-01-02')).toBe(pathOf(ENDPOINTS.stakingReport, { day: '2026-01-02' }));
  });
});
