import { useTranslation } from 'react-i18next';
import { useChainInfo } from './hooks.ts';
import { explorerTxUrl, shortHash } from './format.ts';

/**
 * A transaction id (Cardano hash, or Solana signature with `chain="solana"`): a link to the
 * explorer when the chain has one, else the shortened id (emulator, local Solana cluster).
 */
export function TxLink({ hash, chain = 'cardano' }: { hash: string; chain?: 'cardano' | 'solana' }) {
  const { t } = useTranslation();
  const info = useChainInfo();
  const url = explorerTxUrl(chain === 'solana' ? info.data?.solana?.explorer_tx_url : info.data?.explorer_tx_url, hash);
  return url ? (
    <a href={url} target="_blank" rel="noreferrer noopener" className="mono" title={hash} data-testid="tx-link">{shortHash(hash)}</a>
  ) : (
    <span className="mono" title={hash} aria-label={`${t('chain.transaction')} ${hash}`} data-testid="tx-hash">{shortHash(hash)}</span>
  );
}
