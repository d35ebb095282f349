import { useTranslation } from 'react-i18next';
import { useConfig } from '../api/session-calls.ts';
import { useDemoClock } from '../api/session-calls.ts';
import { useDemoTick } from '../api/account-calls.ts';
import { DemoBlocksButton } from '../components/demo-blocks-button.tsx';
import { notifySuccess } from '../components/notify.ts';

/**
 * Demo only (`/config` demo): the game day and "Advance one day", which moves the game clock and
 * settles the day that ended (docs/game-rules.md §1), then refreshes everything the player sees; and
 * "+15 blocks", which moves the emulated chain on so deposits and withdrawals confirm at once.
 */
export function GameClock() {
  const { t } = useTranslation();
  const demo = useConfig().data?.demo === true;
  const clock = useDemoClock(demo);
  const tick = useDemoTick();
  if (!demo) return null;
  const advance = () =>
    tick.mutate(1, {
      onSuccess: (r) => {
        const settled = r.settled ?? [];
        notifySuccess(settled.length > 0 ? t('clock.settled', { days: settled.join(', '), count: settled.length }) : t('clock.nothingSettled'));
      },
    });
  return (
    <div className="game-clock" role="group" aria-label={t('clock.title')} data-testid="game-clock">
      <span className="game-clock__day">
        <span className="game-clock__label">{t('clock.label')}</span>
        <span data-testid="game-day">{clock.data?.today ?? '...'}</span>
      </span>
      <button type="button" className="btn btn--gold btn--small" disabled={tick.isPending || !clock.data} onClick={advance}>
        {tick.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {t('clock.advance')}
      </button>
      <DemoBlocksButton />
    </div>
  );
}
