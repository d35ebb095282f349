import { useTranslation } from 'react-i18next';

/** Props of {@link Pager}. */
export interface PagerProps {
  page: number;
  perPage: number;
  total: number;
  onPage(page: number): void;
  disabled?: boolean;
}

/** Previous/next paging for lists answered as `{total, page, per_page}`. Hidden when one page. */
export function Pager({ page, perPage, total, onPage, disabled }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button type="button" className="btn btn--ghost" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.prev')}
      </button>
      <span className="pager__info">{t('pager.page', { page, pages })}</span>
      <button type="button" className="btn btn--ghost" disabled={disabled || page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
