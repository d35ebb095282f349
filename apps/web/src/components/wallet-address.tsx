import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortenMiddle } from '@kingdom/game';

/**
 * The signed-in wallet's address, shortened (docs/product.md §9) with the whole address in its title and a
 * copy button (demo players read it here for the faucet); its ADA Handle (`$name`, the spec's wallet
 * handle) in place of the shortened address when it holds one (the button still copies the address).
 */
export function WalletAddress({ address, handle = '' }: { address: string; handle?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  if (!address) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // No clipboard (insecure origin or denied): the title still shows the whole address.
    }
  };
  return (
    <span className="address">
      <span className="address__text mono" title={address} data-testid="header-address" data-address={address} aria-label={t('header.address', { address })}>
        {handle ? <span data-testid="header-handle">${handle}</span> : shortenMiddle(address, 10, 6)}
      </span>
      <button type="button" className="btn btn--link address__copy" onClick={() => void copy()} aria-label={t('header.copy')} title={t('header.copy')}>
        {copied ? (
          '✓'
        ) : (
          <svg viewBox="0 0 24 24" aria-hidden="true" width="14" height="14">
            <path fill="currentColor" d="M16 1H6a2 2 0 0 0-2 2v12h2V3h10V1Zm3 4H10a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h9a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2Zm0 16H10V7h9v14Z" />
          </svg>
        )}
      </button>
    </span>
  );
}
