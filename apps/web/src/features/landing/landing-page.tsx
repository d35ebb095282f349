import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/session-calls.ts';
import { PATHS_WEB } from '../../paths.ts';

/** The landing route: 'Enter Now' → login, 'Mint Your Land' → the external mint URL. */
export function LandingPage() {
  const { t } = useTranslation();
  const mintUrl = useConfig().data?.mint_url;
  return (
    <div className="landing">
      <section className="hero">
        <p className="hero__crest" aria-hidden="true">
          ♛
        </p>
        <h1 className="hero__title">{t('landing.title')}</h1>
        <p className="hero__lead">{t('landing.lead')}</p>
        <div className="hero__actions">
          <Link to={PATHS_WEB.login} className="btn btn--primary btn--large">
            {t('landing.enterNow')}
          </Link>
          {mintUrl ? (
            <a href={mintUrl} className="btn btn--gold btn--large" target="_blank" rel="noreferrer noopener">
              {t('landing.mintLand')}
            </a>
          ) : (
            <span className="btn btn--gold btn--large btn--disabled" aria-disabled="true">
              {t('landing.mintLand')}
            </span>
          )}
        </div>
      </section>
      <section className="feature-grid">
        {(['lands', 'mines', 'staking'] as const).map((k) => (
          <article key={k} className="card feature">
            <h2>{t(`landing.features.${k}`)}</h2>
            <p>{t(`landing.features.${k}Text`)}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
