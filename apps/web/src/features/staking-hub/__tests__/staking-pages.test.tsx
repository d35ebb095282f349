import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { signedInRoutes } from '../../../test/fixtures.ts';

const project = {
  project: 'shadow-beasts', name: 'Shadow Beasts', chain: 'cardano', collection_key: 'ab', rank: 11, votes: 240_000, league: null,
  holders: 3442, supply: 7000, reward_per_nft: '4917142', reward_token: 'hexo', qualified: false,
};

describe('staking hub pages', () => {
  it('the leaderboard lists projects with league, reward and qualification', async () => {
    mockHttp(signedInRoutes({
      'GET /staking/leaderboard': { body: { items: [project, { ...project, project: 'velvet', name: 'Velvet Elves', rank: 1, votes: 1_372_417, league: 'epic', qualified: true }], total: 2, page: 1, per_page: 20, next_snapshot_at: '2026-12-17T00:00:00.000Z' } },
    }));
    renderRoute('/staking-hub/cardano');
    expect((await screen.findAllByText('Shadow Beasts')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Epic').length).toBeGreaterThan(0);
    expect(screen.getAllByText('4.91 HEXO').length).toBe(2);
    screen.getByText('Not qualified');
  });

  it("My Votes: 'no votes' empty state; the add-votes dialog says 'Not valid value' for 0 and for more than the free points", async () => {
    mockHttp(signedInRoutes({
      'GET /staking/votes': { body: { locked: 10, allocated: 0, free: 10, allocations: [] } },
      'GET /staking/leaderboard': { body: { items: [project], total: 1, page: 1, per_page: 20, next_snapshot_at: '2026-12-17T00:00:00.000Z' } },
    }));
    renderRoute('/staking-hub/votes', { signedIn: true });
    await screen.findByText('No votes');
    renderRoute('/staking-hub/cardano', { signedIn: true });
    fireEvent.click((await screen.findAllByTestId('add-votes'))[0]!);
    const input = await screen.findByLabelText('Votes (1 – 10)');
    for (const bad of ['0', '11', '1.5']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(screen.getByTestId('add-votes-submit'));
      await screen.findByText('Not valid value');
    }
  });
});

describe('staking hub, a player\'s week (docs/product.md §10)', () => {
  const board = (items: unknown[]) => ({ body: { items, total: items.length, page: 1, per_page: 20, next_snapshot_at: '2026-12-17T00:00:00.000Z' } });

  it('says what happened: no project matches a search; no such project for an unknown slug', async () => {
    mockHttp(signedInRoutes({
      'GET /staking/leaderboard': board([]),
      'GET /staking/collections/nope': { body: { project: null, history: [], next_snapshot_at: '2026-12-17T00:00:00.000Z' } },
    }));
    renderRoute('/staking-hub/cardano?search=zzz');
    await screen.findByText('No project matches “zzz”');
    expect(screen.queryByText('No collections are open for staking yet.')).toBeNull();
    renderRoute('/collection/nope');
    await screen.findByText('No such project');
  });

  it('My NFTs names each NFT and lists the mining tools that pay daily rewards', async () => {
    const hex = (s: string) => Array.from(new TextEncoder().encode(s), (b) => b.toString(16).padStart(2, '0')).join('');
    mockHttp(signedInRoutes({
      'GET /staking/mine': { body: { inactive: false, land_owner: true, collections: [{ project: 'clay-mates', name: 'Clay Mates', chain: 'cardano', qualified: true, league: 'gold', reward_token: 'hexo', reward_per_day: '1000000',
        nfts: [{ asset: hex('ClayMates7'), address: 'addr_test1vqg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygxrcya6', held_since: '2026-11-20T00:00:00Z', counts_from: '2026-11-21T00:00:00Z', counts: true }] }] } },
      'GET /mining_tool': { body: { mtools: [{ id: 1, name: 'Alchemist Glove', serial: 12, daily_hexo: '100000000', owner: null }], total: 1, page: 1, per_page: 12 } },
    }));
    renderRoute('/staking-hub/user', { signedIn: true });
    expect((await screen.findByTestId('stake-nft-name')).textContent).toBe('ClayMates7');
    const tools = await screen.findByTestId('stake-tools');
    within(tools).getByText('Alchemist Glove');
    expect(tools.textContent).toContain('100 HEXO / day');
  });

  it('toasts a success when EXO is locked as vote points', async () => {
    mockHttp(signedInRoutes({
      'GET /staking/votes': { body: { locked: 0, allocated: 0, free: 0, allocations: [] } },
      'POST /staking/votes/lock': { body: { locked: 1500, allocated: 0, free: 1500, allocations: [] } },
    }));
    renderRoute('/staking-hub/votes', { signedIn: true });
    const input = await screen.findByLabelText(/EXO to lock as vote points/);
    fireEvent.change(input, { target: { value: '1500' } });
    fireEvent.click(screen.getByTestId('lock-submit'));
    await screen.findByText('1,500 EXO locked as vote points');
  });
});
