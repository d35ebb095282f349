import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOKENS, TOKEN_SYMBOLS, type Token } from '@kingdom/game';
import { formatTokenAmount } from '../i18n/format.ts';
import { useBalance } from '../api/account-calls.ts';
import { Skeleton } from './skeleton.tsx';

function BalanceItem({ token, testIdPrefix, actions }: { token: Token; testIdPrefix: string; actions?: (token: Token) => ReactNode }) {
  const { t } = useTranslation();
  const q = useBalance(token);
  const symbol = TOKEN_SYMBOLS[token];
  return (
    <div className={`stat stat--${token}`}>
      <dt className="stat__label" id={`${testIdPrefix}${token}-label`}>
        <span className={`token-dot token-dot--${token}`} aria-hidden="true" />
        {symbol}
      </dt>
      <dd className="stat__value" data-testid={`${testIdPrefix}${token}`} aria-labelledby={`${testIdPrefix}${token}-label`}>
        {q.data !== undefined ? formatTokenAmount(q.data, token) : q.isError ? t('dashboard.unknown') : <Skeleton width="6ch" label={symbol} />}
      </dd>
      {actions ? <dd className="stat__actions">{actions(token)}</dd> : null}
    </div>
  );
}

/**
 * The four balances EXO/HEXO/FOOD/RUNE with thousands separators (docs/product.md §3, §9); `actions` adds
 * controls under a balance (the chain tokens' Deposit / Withdraw).
 */
export function BalanceList({ testIdPrefix = 'balance-', actions }: { testIdPrefix?: string; actions?: (token: Token) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <dl className="stat-grid" aria-label={t('dashboard.balances')}>
      {TOKENS.map((token) => (
        <BalanceItem key={token} token={token} testIdPrefix={testIdPrefix} actions={actions} />
      ))}
    </dl>
  );
}
