import { useTranslation } from 'react-i18next';

/** Shown instead of every page while the server is in maintenance: 'We'll be back soon'. */
export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <section className="maintenance" role="status">
      <p className="hero__crest" aria-hidden="true">
        ⚒
      </p>
      <h1>{t('maintenance.title')}</h1>
      <p className="muted">{t('maintenance.text')}</p>
      <button type="button" className="btn btn--ghost" onClick={() => window.location.reload()}>
        {t('maintenance.retry')}
      </button>
    </section>
  );
}
