import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/session-calls.ts';
import { MintLandButton } from '../../chain/mint-door.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useSession } from '../../session/session-store.ts';
import { formatThousands } from '../../i18n/format.ts';
import { SMALL_SCREEN, useMediaQuery } from '../../components/use-media-query.ts';
import { starterSet, starterSetTotals, useDemoAssets, type StarterResult } from './api.ts';

/** The starter set in words, its numbers counted from {@link starterSet} itself. */
function starterText(t: (key: string, o: Record<string, unknown>) => string, address: string): string {
  const n = starterSetTotals(starterSet(address));
  return t('start.demoText', { lands: n.lands, tools: n.tools, workers: n.workers, hexo: formatThousands(n.hexo), food: formatThousands(n.food) });
}

/** What to try first once the player holds something (demo: right after the starter set). */
function FirstSteps() {
  const { t } = useTranslation();
  // on a small screen the game clock sits in the account menu, not in the header bar
  const small = useMediaQuery(SMALL_SCREEN);
  return (
    <ol className="first-steps" data-testid="first-steps">
      <li>
        <Link to="/goldmine/workers">{t('start.step1Link')}</Link> {t('start.step1')}
      </li>
      <li>
        <Link to="/frenmine/workers">{t('start.step2Link')}</Link> {t('start.step2')}
      </li>
      <li>{t(small ? 'start.step3Phone' : 'start.step3')}</li>
      <li>
        <Link to="/account/inbox">{t('start.step4Link')}</Link> {t('start.step4')}
      </li>
    </ol>
  );
}

/**
 * A new player's way in (docs/product.md §10): in demo mode 'Get demo assets' (the faucet's starter set for the
 * signed-in address) and what to try first; outside demo mode, with no land yet, 'Mint Your Land'
 * and the wallet's marketplace. Hidden for a player who already holds lands (outside a fresh
 * starter set).
 */
export function GettingStarted({ lands }: { lands: number | undefined }) {
  const { t } = useTranslation();
  const config = useConfig().data;
  const address = useSession((s) => s.walletAddress);
  const assets = useDemoAssets();
  const [got, setGot] = useState<StarterResult | null>(null);
  if (!config) return null;
  if (got) {
    return (
      <section className="panel getting-started" aria-labelledby="start-title">
        <h2 id="start-title" className="panel__title">
          {t('start.gotTitle')}
        </h2>
        <p data-testid="getting-started-got">{t('start.got', { lands: got.lands, workers: got.workers, tools: got.tools })}</p>
        <FirstSteps />
      </section>
    );
  }
  if (lands === undefined || lands > 0) return null;
  if (config.demo) {
    const get = () =>
      assets.mutate(address, {
        onSuccess: (r) => {
          setGot(r);
          notifySuccess(t('start.toast', { lands: r.lands, workers: r.workers }));
        },
      });
    return (
      <section className="panel getting-started" aria-labelledby="start-title">
        <h2 id="start-title" className="panel__title">
          {t('start.title')}
        </h2>
        <p data-testid="starter-text">{starterText(t, address)}</p>
        <button type="button" className="btn btn--gold" disabled={assets.isPending || !address} onClick={get}>
          {assets.isPending ? <span className="spinner" aria-hidden="true" /> : null}
          {t('start.getDemoAssets')}
        </button>
      </section>
    );
  }
  return (
    <section className="panel getting-started" aria-labelledby="start-title">
      <h2 id="start-title" className="panel__title">
        {t('start.title')}
      </h2>
      <p>{t('start.text')}</p>
      <p className="getting-started__actions">
        <MintLandButton label={t('mines.mintLand')} />
        <span className="muted">{t('mines.marketplaceHint')}</span>
      </p>
    </section>
  );
}
