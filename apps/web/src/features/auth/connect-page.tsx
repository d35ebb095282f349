import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shortenMiddle } from '@kingdom/game';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { selectWalletConnected, useSession } from '../../session/session-store.ts';
import { PATHS_WEB } from '../../paths.ts';

/** `/connect/:type`: the state of the wallet connection for a chain. */
export function ConnectPage() {
  const { t } = useTranslation();
  const { type = '' } = useParams();
  const connected = useSession(selectWalletConnected);
  const walletType = useSession((s) => s.walletType);
  const address = useSession((s) => s.walletAddress);
  const apiName = useSession((s) => s.walletApiName);
  const isThisChain = connected && walletType === type;
  return (
    <>
      <PageHeader title={t('connect.title', { type })} />
      {isThisChain ? (
        <EmptyState title={t('connect.connectedAs', { wallet: apiName })} text={shortenMiddle(address, 12, 8)} />
      ) : (
        <EmptyState title={t('connect.notConnected')} text={t('connect.notConnectedText')}>
          <Link className="btn btn--primary" to={PATHS_WEB.login}>
            {t('connect.goLogin')}
          </Link>
        </EmptyState>
      )}
    </>
  );
}
