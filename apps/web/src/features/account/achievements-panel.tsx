/**
 * The profile's achievements (docs/game-rules.md §14): a badge per milestone, lit once earned,
 * with its progress until then. Computed by the server from the game's records.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AchievementsResponse } from '@kingdom/api';
import { call } from '../../api/call.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { InlineError } from '../../components/query-state.tsx';
import { i18n } from '../../i18n/index.ts';
import { enAchievements } from '../../i18n/en-achievements.ts';
import { esAchievements } from '../../i18n/es-achievements.ts';
import './achievements.css';

i18n.addResourceBundle('en', 'translation', enAchievements, true, false);
i18n.addResourceBundle('es', 'translation', esAchievements, true, false);

/** The signed-in player's achievements. */
export function useAchievements() {
  return useQuery(queryOptions({ queryKey: ['me', 'achievements'], queryFn: (): Promise<AchievementsResponse> => call('achievements'), enabled: useIsAuthenticated() }));
}

/** The achievements panel of the profile page. */
export function AchievementsPanel() {
  const { t } = useTranslation();
  const q = useAchievements();
  const list = q.data?.achievements ?? [];
  return (
    <section className="panel" aria-labelledby="achievements-title" data-testid="achievements">
      <h2 id="achievements-title" className="panel__title">{t('achievements.title')}</h2>
      {q.isError ? <InlineError>{t('achievements.loadFailed')}</InlineError> : null}
      {q.data ? <p className="muted">{t('achievements.count', { earned: q.data.earned, total: list.length })}</p> : null}
      <ul className="achievement-list">
        {list.map((a) => (
          <li key={a.key} className={a.earned ? 'badge badge--gold' : 'badge'} data-testid={`achievement-${a.key}`} data-earned={a.earned}>
            {a.earned ? '★ ' : ''}{t(`achievements.items.${a.key}`)}
            {a.earned ? <span className="sr-only"> — {t('achievements.earned')}</span> : <span className="achievement-progress"> · {t('achievements.progress', { progress: a.progress, target: a.target })}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
