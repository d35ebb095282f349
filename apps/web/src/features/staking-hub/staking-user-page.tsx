import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOKEN_SYMBOLS, nftName } from '@kingdom/game';
import { formatTokenAmount } from '../../i18n/format.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { ToolGrid } from '../../components/tool-card.tsx';
import { formatUtc } from '../../components/time-format.ts';
import { useMyMiningTools, useMyStake } from './api.ts';
import { LeagueBadge } from './staking-parts.tsx';

/** `/staking-hub/user`: the player's stakeable NFTs over all linked wallets. */
export function StakingUserPage() {
  const { t } = useTranslation();
  const q = useMyStake();
  const tools = useMyMiningTools();
  if (!useIsAuthenticated()) return <SignInPrompt />;
  if (q.isPending || tools.isPending) return <CardSkeletons count={2} />;
  const collections = q.data?.collections ?? [];
  const myTools = tools.data?.mtools ?? [];
  if (collections.length === 0 && myTools.length === 0) return <EmptyState title={t('staking.noNfts')} text={t('staking.noNftsText')} />;
  return (
    <>
      {q.data?.inactive ? <p className="notice" role="status">{t('stakingHub.inactive')}</p> : null}
      {collections.length === 0 ? <p className="muted">{t('staking.noNftsText')}</p> : null}
      {collections.map((c) => (
        <section key={c.project} className="panel" data-testid="stake-collection" data-project={c.project}>
          <h2 className="panel__title">
            <Link to={`/collection/${c.project}`}>{c.name}</Link> <LeagueBadge league={c.league} />
          </h2>
          <p data-testid="stake-per-day">
            {c.qualified
              ? t('stakingHub.perDay', { amount: formatTokenAmount(c.reward_per_day, c.reward_token), token: TOKEN_SYMBOLS[c.reward_token] })
              : t('stakingHub.notQualified')}
          </p>
          <div className="table-wrap">
            <table className="table table--stack">
              <caption className="sr-only">{c.name}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('stakingHub.nft')}</th>
                  <th scope="col">{t('stakingHub.heldSince')}</th>
                  <th scope="col">{t('stakingHub.countsFrom')}</th>
                  <th scope="col">{t('stakingHub.counts')}</th>
                </tr>
              </thead>
              <tbody>
                {c.nfts.map((n) => (
                  <tr key={`${n.address}-${n.asset}`}>
                    <td data-label={t('stakingHub.nft')} data-testid="stake-nft-name" title={n.asset}>{nftName(c.chain, n.asset, c.name)}</td>
                    <td data-label={t('stakingHub.heldSince')}>{formatUtc(n.held_since)}</td>
                    <td data-label={t('stakingHub.countsFrom')}>{formatUtc(n.counts_from)}</td>
                    <td data-label={t('stakingHub.counts')}>{n.counts ? t('stakingHub.counts') : t('stakingHub.waiting')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      {myTools.length > 0 ? (
        <section className="panel" aria-labelledby="my-tools-title" data-testid="stake-tools">
          <h2 id="my-tools-title" className="panel__title">{t('stakingHub.toolsTitle')}</h2>
          <p className="muted">{t('stakingHub.toolsLead')}</p>
          <ToolGrid tools={myTools} label={t('stakingHub.toolsTitle')} />
        </section>
      ) : null}
    </>
  );
}
