import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';

/** `/tokensale`: no sale is open. */
export function TokensalePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('tokensale.title')} />
      <EmptyState title={t('tokensale.text')} />
    </>
  );
}
