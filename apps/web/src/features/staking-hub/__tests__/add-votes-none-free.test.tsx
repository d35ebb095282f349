/** docs/game-rules.md §2: "Add votes" without free points points to Lock EXO (button disabled), not "Votes (1 – 0)". */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { useSession } from '../../../session/session-store.ts';

const project = {
  project: 'shadow-beasts', name: 'Shadow Beasts', chain: 'cardano', collection_key: 'ab', rank: 11, votes: 240_000, league: null,
  holders: 3442, supply: 7000, reward_per_nft: '4917142', reward_token: 'hexo', qualified: false,
};

describe('add votes without free points', () => {
  it('says to lock EXO first, links to it and disables the button', async () => {
    mockHttp(signedInRoutes({
      'GET /staking/votes': { body: { locked: 0, allocated: 0, free: 0, allocations: [] } },
      'GET /staking/leaderboard': { body: { items: [project], total: 1, page: 1, per_page: 20, next_snapshot_at: '2026-12-17T00:00:00.000Z' } },
    }));
    renderRoute('/staking-hub/cardano', { signedIn: true });
    fireEvent.click((await screen.findAllByTestId('add-votes'))[0]!);
    const note = await screen.findByTestId('no-free-votes');
    expect(note.textContent).toContain('lock EXO as vote points first');
    expect(screen.getByRole('link', { name: 'Lock EXO' }).getAttribute('href')).toBe('/staking-hub/votes');
    expect(screen.queryByLabelText('Votes (1 – 0)')).toBeNull();
    expect((screen.getByTestId('add-votes-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('deposit and withdraw for a session without a Cardano wallet', () => {
  it('a Solana session is told first that they need a Cardano wallet; the buttons are disabled', async () => {
    mockHttp(signedInRoutes());
    renderRoute('/dashboard/overview', { signedIn: true });
    useSession.setState({ walletType: 'solana', walletApiName: 'phantom' });
    const note = await screen.findByTestId('needs-cardano-hexo');
    expect(note.textContent).toContain('HEXO deposits and withdrawals are on Cardano: sign in with a Cardano wallet.');
    expect((screen.getByTestId('deposit-hexo') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('withdraw-exo') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a Cardano session sees no note and enabled buttons', async () => {
    mockHttp(signedInRoutes());
    renderRoute('/dashboard/overview', { signedIn: true });
    expect((await screen.findByTestId('deposit-hexo') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('needs-cardano-hexo')).toBeNull();
  });
});
