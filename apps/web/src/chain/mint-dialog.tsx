/**
 * The in-app mint dialog (docs/game-rules.md §2 "Mint Your Land"): pick the land (the Valley's
 * cell, or "Any" with coordinates settings), see the price, reserve it, pay with the session's
 * wallet, and follow the mint until it is confirmed and the land is the player's. Every refusal
 * (PENDING_TRANSACTION, LAND_NOT_AVAILABLE, LAND_SOLD_OUT, MINT_REMOVE_COORS, wallet codes) is shown
 * with its message. Opened from the Valley's side panel and the landing page when no external
 * mint page is configured.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BIOMES, LAND_SIZES, LAND_SIZE_INFO, MINT_QUADRANTS, type Biome, type LandSize, type MintQuadrant } from '@kingdom/game';
import type { LandMint, MintRequest } from '@kingdom/api';
import { i18n } from '../i18n/index.ts';
import { enMint } from '../i18n/en-mint.ts';
import { esMint } from '../i18n/es-mint.ts';
import { errorText } from '../i18n/errors.ts';
import { formatThousands } from '../i18n/format.ts';
import { ApiError } from '../api/client.ts';
import { useIsAuthenticated } from '../api/use-is-authenticated.ts';
import { useSession } from '../session/session-store.ts';
import { PATHS_WEB } from '../paths.ts';
import { Dialog } from '../components/dialog.tsx';
import { DemoBlocksButton } from '../components/demo-blocks-button.tsx';
import { notifySuccess } from '../components/notify.ts';
import { notifyTransactionSent } from '../components/tx-toast.ts';
import { formatUtc } from '../components/time-format.ts';
import { formatAda } from './format.ts';
import { payFailureText, type PayStep } from './pay.ts';
import { isOpenMint, refreshAfterMint, useCancelMint, useCreateMint, useMintInfo, useMints, usePayMint } from './mint-api.ts';
import { TxLink } from './tx-link.tsx';
import './chain.css';
import './mint.css';

// The mint's texts travel with its dialog (both languages; English is every text's fallback).
i18n.addResourceBundle('en', 'translation', enMint, true, false);
i18n.addResourceBundle('es', 'translation', esMint, true, false);

/** The text of a failed call: the code's message in the current language, or the wallet's failure. */
function failureText(e: unknown, needsCardano: string): string {
  if (e instanceof ApiError) return errorText(e.code, e.message);
  return payFailureText(e, { error: (c) => errorText(c), needsCardano });
}

type Filter = { biome: Biome | ''; size: LandSize | ''; quadrant: MintQuadrant | '' };

/** The request of the form: the named land, or "Any" with the coordinates settings set. */
function requestOf(named: string | null, f: Filter): MintRequest {
  if (named) return { hex_name: named };
  return { any: { ...(f.biome ? { biome: f.biome } : {}), ...(f.size ? { size: f.size } : {}), ...(f.quadrant ? { quadrant: f.quadrant } : {}) } };
}

/** Choosing the land and reserving it. */
function MintChoose({ hexName, onReserved }: { hexName?: string; onReserved(m: LandMint): void }) {
  const { t } = useTranslation();
  const info = useMintInfo();
  const create = useCreateMint();
  // The mint is paid in ADA by the session's Cardano wallet: said before reserving, and no reservation without it.
  const walletType = useSession((s) => s.walletType);
  const canPay = walletType === 'cardano';
  const [useNamed, setUseNamed] = useState(!!hexName);
  const [filter, setFilter] = useState<Filter>({ biome: '', size: '', quadrant: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const price = info.data ? formatAda(info.data.price_lovelace) : '…';
  const reserve = () => {
    setFailure(null);
    create.mutate(requestOf(useNamed && hexName ? hexName : null, filter), {
      onSuccess: (r) => onReserved(r.mint),
      onError: (e) => setFailure(failureText(e, t('mint.needsCardano'))),
    });
  };
  const set = <K extends keyof Filter>(k: K, v: Filter[K]) => setFilter((f) => ({ ...f, [k]: v }));
  return (
    <>
      <p className="muted">{t('mint.lead', { ada: price, n: info.data?.confirmations ?? 15 })}</p>
      {info.data && !info.data.open ? <p className="field-error" role="alert">{t('mint.closed')}</p> : null}
      {info.data?.open ? <p className="muted" data-testid="mint-free">{t('mint.free', { n: formatThousands(info.data.free) })}</p> : null}
      <fieldset className="mint-choice">
        <legend>{t('mint.choose')}</legend>
        {hexName ? (
          <label className="mint-choice__option">
            <input type="radio" name="mint-land" checked={useNamed} onChange={() => setUseNamed(true)} data-testid="mint-named" />
            {t('mint.thisLand', { name: hexName })}
          </label>
        ) : null}
        <label className="mint-choice__option">
          <input type="radio" name="mint-land" checked={!useNamed} onChange={() => setUseNamed(false)} data-testid="mint-any" />
          {t('mint.anyLand')}
        </label>
        {!useNamed ? (
          <div className="mint-coords" role="group" aria-label={t('mint.coords')}>
            <label className="field">
              {t('mint.biome')}
              <select value={filter.biome} onChange={(e) => set('biome', e.target.value as Filter['biome'])} data-testid="mint-biome">
                <option value="">{t('mint.any')}</option>
                {BIOMES.map((b) => <option key={b} value={b}>{t(`mint.biomes.${b}`)}</option>)}
              </select>
            </label>
            <label className="field">
              {t('mint.size')}
              <select value={filter.size} onChange={(e) => set('size', e.target.value as Filter['size'])} data-testid="mint-size">
                <option value="">{t('mint.any')}</option>
                {LAND_SIZES.map((s) => <option key={s} value={s}>{LAND_SIZE_INFO[s].label}</option>)}
              </select>
            </label>
            <label className="field">
              {t('mint.quadrant')}
              <select value={filter.quadrant} onChange={(e) => set('quadrant', e.target.value as Filter['quadrant'])} data-testid="mint-quadrant">
                <option value="">{t('mint.any')}</option>
                {MINT_QUADRANTS.map((q) => <option key={q} value={q}>{t(`mint.quadrants.${q}`)}</option>)}
              </select>
            </label>
          </div>
        ) : null}
      </fieldset>
      <dl className="facts facts--wide">
        <div><dt>{t('mint.price')}</dt><dd data-testid="mint-price">{price} ADA</dd></div>
      </dl>
      {canPay
        ? <p className="muted" data-testid="mint-pays-with">{t('mint.paysWith')}</p>
        : <p className="field-error" role="alert" data-testid="mint-pays-with">{t('mint.needsCardano')}</p>}
      {failure ? <p className="field-error" role="alert" data-testid="mint-failure">{failure}</p> : null}
      <div className="dialog__actions">
        <button type="button" className="btn btn--gold" disabled={create.isPending || !info.data?.open || !canPay} onClick={reserve} data-testid="mint-reserve">
          {create.isPending ? t('mint.reserving') : t('mint.reserve')}
        </button>
      </div>
    </>
  );
}

/** A mint after its reservation: pay, give up, then its progress until confirmed. */
function MintProgress({ mint, onAnother }: { mint: LandMint; onAnother(): void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const info = useMintInfo();
  const walletType = useSession((s) => s.walletType);
  const [step, setStep] = useState<PayStep | null>(null);
  const pay = usePayMint(setStep);
  const cancel = useCancelMint();
  const [failure, setFailure] = useState<string | null>(null);
  const done = useRef(mint.status === 'confirmed');
  useEffect(() => {
    if (done.current || mint.status !== 'confirmed') return;
    done.current = true;
    notifySuccess(t('mint.minted', { name: mint.land.hex_name }));
    void refreshAfterMint(qc);
  }, [mint.status, mint.land.hex_name, qc, t]);
  const ada = formatAda(mint.lovelace);
  const statusText = mint.status === 'submitted' && mint.confirmations > 0
    ? t('mint.status.pending', { n: mint.confirmations, of: info.data?.confirmations ?? 15 })
    : t(`mint.status.${mint.status}`);
  const onPay = () => {
    setFailure(null);
    pay.mutate(mint.id, {
      onSuccess: (m) => { if (m.tx_hash) notifyTransactionSent(m.tx_hash); },
      onError: (e) => setFailure(failureText(e, t('mint.needsCardano'))),
      onSettled: () => setStep(null),
    });
  };
  const onGiveUp = () => cancel.mutate(mint.id, { onError: (e) => setFailure(failureText(e, t('mint.needsCardano'))) });
  return (
    <>
      <dl className="facts facts--wide" aria-live="polite">
        <div><dt>{t('mint.land')}</dt><dd data-testid="mint-land">{mint.land.hex_name} · {LAND_SIZE_INFO[mint.land.size].label} · {t(`mint.biomes.${mint.land.biome}`)}</dd></div>
        <div><dt>{t('mint.price')}</dt><dd>{ada} ADA</dd></div>
        {mint.tx_hash && mint.status !== 'reserved' ? <div><dt>{t('chain.transaction')}</dt><dd><TxLink hash={mint.tx_hash} /></dd></div> : null}
        <div>
          <dt>{t('chain.status')}</dt>
          <dd data-testid="mint-status" className={mint.status === 'confirmed' ? 'chain-ok' : mint.status === 'expired' ? 'text-danger' : undefined}>{statusText}</dd>
        </div>
      </dl>
      {mint.status === 'reserved' ? <p className="muted">{t('mint.reservedLead', { time: formatUtc(mint.expires_at) })}</p> : null}
      {mint.status === 'reserved' && walletType !== 'cardano' ? <p className="field-error" role="alert">{t('mint.needsCardano')}</p> : null}
      {failure ? <p className="field-error" role="alert" data-testid="mint-failure">{failure}</p> : null}
      {step ? <p className="muted" aria-live="polite">{t(`chain.step.${step}`)}</p> : null}
      <div className="dialog__actions">
        {mint.status === 'reserved' ? (
          <>
            <button type="button" className="btn btn--ghost" disabled={cancel.isPending || pay.isPending} onClick={onGiveUp} data-testid="mint-give-up">{t('mint.giveUp')}</button>
            <button type="button" className="btn btn--gold" disabled={pay.isPending || walletType !== 'cardano'} onClick={onPay} data-testid="mint-pay">{t('mint.pay', { ada })}</button>
          </>
        ) : null}
        {mint.status === 'submitted' ? <DemoBlocksButton className="btn btn--ghost" /> : null}
        {mint.status === 'confirmed' ? <Link className="btn btn--primary" to={PATHS_WEB.inventoryLands} data-testid="mint-my-lands">{t('mint.myLands')}</Link> : null}
        {mint.status === 'confirmed' || mint.status === 'expired' || mint.status === 'cancelled'
          ? <button type="button" className="btn btn--ghost" onClick={onAnother} data-testid="mint-another">{t('mint.another')}</button> : null}
      </div>
    </>
  );
}

/**
 * The mint dialog. `hexName`: the Valley cell it was opened on (else "Any"). An open mint of the
 * account (reserved or submitted) is shown first: one mint at a time (PENDING_TRANSACTION).
 */
export function MintDialog({ hexName, onClose }: { hexName?: string; onClose(): void }) {
  const { t } = useTranslation();
  const signedIn = useIsAuthenticated();
  const mints = useMints();
  const list = mints.data ?? [];
  // The mint this dialog follows: one reserved here, or the account's open one (kept after it confirms); -1 = none (choose again).
  const [followed, setFollowed] = useState<number | null>(null);
  const [reservedHere, setReservedHere] = useState<LandMint | null>(null);
  const id = followed ?? list.find(isOpenMint)?.id ?? null;
  const shown = (id === null ? undefined : list.find((m) => m.id === id)) ?? (reservedHere && reservedHere.id === id ? reservedHere : null);
  // Keep following the mint once it is shown (also after it confirms and is no longer open).
  if (followed === null && shown) setFollowed(shown.id);
  return (
    <Dialog title={t('mint.title')} onClose={onClose} className="dialog--chain dialog--mint">
      {!signedIn ? (
        <>
          <p className="muted">{t('mint.signIn')}</p>
          <div className="dialog__actions"><Link className="btn btn--primary" to={PATHS_WEB.login} data-testid="mint-sign-in">{t('empty.signIn')}</Link></div>
        </>
      ) : shown ? (
        <>
          {/* the player's own open mint is a step of the mint, not an error: one mint at a time, shown as where it stands */}
          {reservedHere?.id !== shown.id && isOpenMint(shown) ? <p className="muted" data-testid="mint-pending">{t('mint.ongoing')}</p> : null}
          <MintProgress mint={shown} onAnother={() => { setFollowed(-1); setReservedHere(null); }} />
        </>
      ) : (
        <MintChoose hexName={hexName} onReserved={(m) => { setReservedHere(m); setFollowed(m.id); }} />
      )}
    </Dialog>
  );
}
