import { useTranslation } from 'react-i18next';

/** Effectivity rating 0–5 with its docs/product.md §4 label (Inactive … Excellent), as stars and words. */
export function Effectivity({ rating }: { rating: number }) {
  const { t } = useTranslation();
  const r = Math.max(0, Math.min(5, Math.trunc(rating)));
  const label = t(`effectivity.${r}`);
  return (
    <span className={`effectivity effectivity--${r}`} data-rating={r}>
      <span className="effectivity__stars" aria-hidden="true">
        {'★'.repeat(r)}
        {'☆'.repeat(5 - r)}
      </span>{' '}
      <span className="effectivity__label">
        {r} · {label}
      </span>
    </span>
  );
}
