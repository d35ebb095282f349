import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCollectionLands } from '../../api/endpoints/lands.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LandGrid } from '../../components/land-card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';

function LandDetails({ hexName }: { hexName: string }) {
  const { t } = useTranslation();
  const q = useCollectionLands({ page: 1, search: hexName });
  const land = q.data?.lands.find((l) => l.hex_name === hexName);
  if (q.isPending) return <CardSkeletons count={1} />;
  if (!land) return <EmptyState title={t('land.notFound')} />;
  return <LandGrid lands={[land]} label={t('land.pageTitle', { name: land.hex_name })} />;
}

/** `/land/:hex_name?`: one land of the collection, or a hint to choose one. */
export function LandPage() {
  const { t } = useTranslation();
  const { hex_name: hexName } = useParams();
  return (
    <>
      <PageHeader title={hexName ? t('land.pageTitle', { name: hexName }) : t('nav.lands')} />
      {hexName ? (
        <LandDetails hexName={hexName} />
      ) : (
        <EmptyState title={t('land.notFound')} text={t('land.choose')}>
          <Link className="btn btn--primary" to="/collectibles/lands">
            {t('collectibles.lands')}
          </Link>
        </EmptyState>
      )}
    </>
  );
}
