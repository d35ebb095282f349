import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VALLEY_LAND_COUNT, formatThousands } from '@kingdom/game';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';

/** `/valley`: the Valley map is not drawn yet; points to the land collection. */
export function ValleyPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('valley.title')} />
      <EmptyState title={t('valley.title')} text={t('valley.lead', { count: formatThousands(VALLEY_LAND_COUNT) })}>
        <Link className="btn btn--primary" to="/collectibles/lands">
          {t('collectibles.lands')}
        </Link>
      </EmptyState>
    </>
  );
}
