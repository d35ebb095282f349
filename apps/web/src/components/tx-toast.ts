/**
 * Success toasts the spec names (§8 "transaction sent", "upgrade succeeded"), one helper each so
 * every path that sends a transaction — Cardano deposits, EXO orders, withdrawals, Solana payments —
 * says it the same way. Texts come from the frame's `toasts` group (both languages).
 */
import { shortenMiddle } from '@kingdom/game';
import { i18n } from '../i18n/index.ts';
import { notifySuccess } from './notify.ts';

/**
 * "Transaction sent (abcd…wxyz)": call once the wallet's transaction has been sent (submitted to
 * the network), whatever chain. `txId` is its hash (Cardano) or signature (Solana); the toast's
 * message names it, so two transactions sent in a row show two toasts.
 */
export function notifyTransactionSent(txId: string): void {
  notifySuccess(i18n.t('toasts.transactionSent', { hash: shortenMiddle(txId, 8, 6) }));
}

/** "Upgrade succeeded": a mine upgrade finished while the player is online (`level` is the new level). */
export function notifyUpgradeSucceeded(u: { mine: 'goldmine' | 'frenmine'; hexName: string; level: number }): void {
  notifySuccess(i18n.t('toasts.upgradeSucceeded', { mine: i18n.t(`toasts.${u.mine}`), land: u.hexName, level: u.level }));
}
