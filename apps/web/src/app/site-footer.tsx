import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../api/session-calls.ts';

/** Footer: whitepaper, social network, chat community and guidebook links from `/config`; copyright. */
export const SiteFooter = memo(function SiteFooter() {
  const { t } = useTranslation();
  const links = useConfig().data?.links;
  const items = links
    ? [
        { href: links.whitepaper, label: t('footer.whitepaper') },
        { href: links.social, label: t('footer.social') },
        { href: links.chat, label: t('footer.chat') },
        { href: links.guidebook, label: t('footer.guidebook') },
      ].filter((l) => l.href)
    : [];
  return (
    <footer className="footer">
      {items.length > 0 ? (
        <nav aria-label={t('footer.links')}>
          <ul className="footer__links">
            {items.map((l) => (
              <li key={l.label}>
                <a href={l.href} target="_blank" rel="noreferrer noopener">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="footer__copy">{t('app.copyright')}</p>
    </footer>
  );
});
