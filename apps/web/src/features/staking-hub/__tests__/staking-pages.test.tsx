import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { signedInRoutes } from '../../../test/fixtures.ts';

const project = {
  project: 'shadow-beasts', name: 'Shadow Beasts', chain: 'cardano', policy_id: 'ab', rank: 11, votes: 240_000, league: null,
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
    expect(screen.getAllByText('4.9171 HEXO').length).toBe(2);
    expect(screen.getByText('Not qualified')).toBeTruthy();
  });

  it("My Votes: 'no votes' empty state; the add-votes dialog says 'Not valid value' for 0 and for more than the free points", async () => {
    mockHttp(signedInRoutes({
      'GET /staking/votes': { body: { locked: 10, allocated: 0, free: 10, allocations: [] } },
      'GET /staking/leaderboard': { body: { items: [project], total: 1, page: 1, per_page: 20, next_snapshot_at: '2026-12-17T00:00:00.000Z' } },
    }));
    renderRoute('/staking-hub/votes', { signedIn: true });
    expect(await screen.findByText('No votes')).toBeTruthy();
    renderRoute('/staking-hub/cardano', { signedIn: true });
    fireEvent.click((await screen.findAllByTestId('add-votes'))[0]!);
    const input = await screen.findByLabelText('Votes (1 – 10)');
    for (const bad of ['0', '11', '1.5']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(screen.getByTestId('add-votes-submit'));
      expect(await screen.findByText('Not valid value')).toBeTruthy();
    }
  });
});
