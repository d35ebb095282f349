import { useTranslation } from 'react-i18next';
import { useChainInfo } from './hooks.ts';
import { explorerTxUrl, shortHash } from './format.ts';

/** A transaction id: a link to the explorer when the chain has one, else the shortened id (emulator). */
export function TxLink({ hash }: { hash: string }) {
  const { t } = useTranslation();
  const info = useChainInfo();
  const url = explorerTxUrl(info.data?.explorer_tx_url, hash);
  return url ? (
    <a href={url} target="_blank" rel="noreferrer noopener" className="mono" title={hash} data-testid="tx-link">{shortHash(hash)}</a>
  ) : (
    <span className="mono" title={hash} aria-label={`${t('chain.transaction')} ${hash}`} data-testid="tx-hash">{shortHash(hash)}</span>
  );
}
