/**
 * The demo wallet's "sign this transaction?" prompt: a native modal `<dialog>` drawn with DOM calls
 * (the wallet is not a React component), texts through i18n. Loaded when the demo wallet first
 * signs a transaction.
 *
 * @module
 */
import { i18n } from '../../i18n/index.ts';
import { localizeNumber } from '../../i18n/format.ts';
import { loadPageTexts } from '../../i18n/page-texts.ts';
import type { TxSummary } from './sign-tx.ts';

/** Lovelace as ADA text with up to 6 decimals (exact, no floats), in the player's language. */
function adaText(lovelace: bigint): string {
  const whole = lovelace / 1_000_000n;
  const frac = (lovelace % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return localizeNumber(frac ? `${whole}.${frac}` : String(whole));
}

/** What a Solana transaction does, as the demo wallet shows it before signing (lamports, exact). */
export interface SolanaTxPrompt {
  chain: 'solana';
  /** `legacy` or `0`. */
  version: 'legacy' | 0;
  /** Lamports the transaction moves by System transfers, in total. */
  lamports: bigint;
  /** Where they go (the first transfer's recipient), base58; empty when nothing is transferred. */
  to: string;
  /** The first memo's text, if any. */
  memo: string;
}

/** Lamports as SOL text with up to 9 decimals (exact). */
function solText(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n;
  const frac = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/**
 * Asks the person to sign: resolves true on Sign, false on Decline, Escape or a click outside.
 *
 * @param summary a Cardano transaction's id and fee, or what a Solana transaction pays, shown in the prompt.
 */
export async function confirmSignInPage(summary: TxSummary | SolanaTxPrompt): Promise<boolean> {
  // its texts live with the pages' texts, not yet loaded on /login (a hardware-wallet sign-in signs there)
  await loadPageTexts();
  return new Promise((resolve) => {
    const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts ?? {});
    const dialog = document.createElement('dialog');
    dialog.className = 'dialog demo-sign';
    dialog.setAttribute('aria-labelledby', 'demo-sign-title');
    dialog.dataset.testid = 'demo-wallet-sign-dialog';
    const panel = document.createElement('div');
    panel.className = 'dialog__panel';
    const title = document.createElement('h2');
    title.id = 'demo-sign-title';
    title.className = 'dialog__title';
    title.textContent = t('demoWallet.signTitle');
    const body = document.createElement('div');
    body.className = 'dialog__body';
    const facts = document.createElement('p');
    facts.className = 'muted break';
    if ('chain' in summary) {
      const version = summary.version === 0 ? t('demoWallet.solanaV0') : t('demoWallet.solanaLegacy');
      facts.textContent = summary.lamports > 0n ? t('demoWallet.solanaPays', { version, sol: solText(summary.lamports), to: summary.to }) : t('demoWallet.solanaSigns', { version });
      if (summary.memo) facts.textContent += ` ${t('demoWallet.solanaMemo', { memo: summary.memo.length > 80 ? `${summary.memo.slice(0, 80)}…` : summary.memo })}`;
      facts.dataset.testid = 'demo-wallet-sign-facts';
    } else {
      facts.textContent = summary.fee === undefined ? t('demoWallet.txId', { hash: summary.txHash }) : t('demoWallet.txIdFee', { hash: summary.txHash, fee: adaText(summary.fee) });
    }
    const actions = document.createElement('div');
    actions.className = 'dialog__actions';
    const decline = document.createElement('button');
    decline.type = 'button';
    decline.className = 'btn btn--ghost';
    decline.textContent = t('demoWallet.decline');
    decline.dataset.testid = 'demo-wallet-decline';
    const sign = document.createElement('button');
    sign.type = 'button';
    sign.className = 'btn btn--primary';
    sign.textContent = t('demoWallet.sign');
    sign.dataset.testid = 'demo-wallet-sign';
    actions.append(decline, sign);
    body.append(facts, actions);
    panel.append(title, body);
    dialog.append(panel);
    let done = false;
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      if (dialog.open) dialog.close();
      dialog.remove();
      resolve(ok);
    };
    sign.addEventListener('click', () => finish(true));
    decline.addEventListener('click', () => finish(false));
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      finish(false);
    });
    dialog.addEventListener('mousedown', (e) => {
      if (e.target === dialog) finish(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    sign.focus();
  });
}
