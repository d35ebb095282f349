import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { configQueryOptions } from '../../api/session-calls.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useAppStatus } from '../../session/app-status.ts';

/** How often the page asks `/config` whether maintenance is over (ms). */
const RECHECK_MS = 30_000;

/**
 * Shown instead of every page while the server is in maintenance: 'We'll be back soon', the
 * operator's message and announced end (UTC) from `/config` when the console set them
 * (docs/operator-guide.md, the console), and back to the game by itself once it is switched off.
 */
export function MaintenancePage() {
  const { t } = useTranslation();
  const setMaintenance = useAppStatus((s) => s.setMaintenance);
  // fresh on arrival (the frame's copy may predate the switch), then every RECHECK_MS
  const config = useQuery({ ...configQueryOptions(), staleTime: 0, refetchInterval: RECHECK_MS });
  const over = config.data?.maintenance === false && config.isFetchedAfterMount;
  useEffect(() => {
    if (over) setMaintenance(false);
  }, [over, setMaintenance]);
  const message = config.data?.maintenance_message ?? null;
  const endsAt = config.data?.maintenance_ends_at ?? null;
  return (
    <section className="maintenance" role="status">
      <p className="hero__crest" aria-hidden="true">
        ⚒
      </p>
      <h1>{t('maintenance.title')}</h1>
      <p className="muted">{message ?? t('maintenance.text')}</p>
      {endsAt ? <p>{t('maintenance.endsAt', { time: formatDateTime(endsAt) })}</p> : null}
      <button type="button" className="btn btn--ghost" onClick={() => window.location.reload()}>
        {t('maintenance.retry')}
      </button>
    </section>
  );
}
