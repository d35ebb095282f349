import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MintLandButton } from '../../chain/mint-door.tsx';
import { PATHS_WEB } from '../../paths.ts';

/** The landing route: 'Enter Now' → login, 'Mint Your Land' → the external mint page, or the app's own mint dialog when none is configured. */
export function LandingPage() {
  const { t } = useTranslation();
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
          <MintLandButton className="btn btn--gold btn--large" label={t('landing.mintLand')} />
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
