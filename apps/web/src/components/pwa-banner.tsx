/** The notices of {@link PwaHost}: update, install offer, offline (texts in i18n/en-push.ts, es-push.ts). */
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { enPush } from '../i18n/en-push.ts';
import { esPush } from '../i18n/es-push.ts';
import { applyUpdate, dismissInstall, promptInstall } from './pwa.ts';
import './pwa.css';

i18n.addResourceBundle('en', 'translation', enPush, true, false);
i18n.addResourceBundle('es', 'translation', esPush, true, false);

export default function PwaBanner({ update, install, offline }: { update: boolean; install: boolean; offline: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="pwa-notices">
      {offline ? <div className="pwa-notice pwa-notice--offline" role="status" data-testid="offline-notice">{t('pwa.offline')}</div> : null}
      {update ? (
        <div className="pwa-notice" role="alert" data-testid="update-notice">
          <span>{t('pwa.updateAvailable')}</span>
          <button type="button" className="btn btn--primary" onClick={applyUpdate}>{t('pwa.reload')}</button>
        </div>
      ) : null}
      {install && !update ? (
        <div className="pwa-notice" role="dialog" aria-label={t('pwa.installButton')} data-testid="install-offer">
          <span>{t('pwa.install')}</span>
          <button type="button" className="btn btn--primary" onClick={() => void promptInstall()}>{t('pwa.installButton')}</button>
          <button type="button" className="btn" onClick={dismissInstall}>{t('pwa.notNow')}</button>
        </div>
      ) : null}
    </div>
  );
}
