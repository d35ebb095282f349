import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockHttp } from '../../../test/mock-http.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render-route.tsx';

describe('profile achievements', () => {
  it('lights the earned badges and shows the progress of the others', async () => {
    mockHttp(signedInRoutes({
      'GET /account/profile': { body: { user_name: 'Aldric', user_avatar: null, avatars: [] } },
      'GET /account/achievements': { body: { earned: 2, achievements: [
        { key: 'first_upgrade', earned: true, progress: 1, target: 1 },
        { key: 'mine_level_10', earned: false, progress: 4, target: 10 },
        { key: 'first_quest', earned: true, progress: 1, target: 1 },
      ] } },
    }));
    renderRoute('/account/settings', { signedIn: true });
    expect((await screen.findByTestId('achievement-first_upgrade')).textContent).toBe('★ First upgrade — Earned');
    expect(screen.getByTestId('achievement-mine_level_10').textContent).toBe('Gold mine level 10 · 4 / 10');
    expect(screen.getByTestId('achievement-mine_level_10').getAttribute('data-earned')).toBe('false');
    screen.getByText('2 of 3 earned');
  });
});
