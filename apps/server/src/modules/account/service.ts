/**
 * The account's balances history and profile (docs/product.md §2 /account/balances, /account/settings).
 * History rows come from the ledger (the only writer of balances), so the newest row's running
 * balance is the balance; reasons are answered as words (`LEDGER_REASONS`) with the raw reason kept.
 */
import { fromBaseUnits, type Token } from '@kingdom/game';
import { LEDGER_REASONS, toCsv, type LedgerAsset, type LedgerReason, type LedgerResponse, type LedgerRow, type ProfileResponse } from '@kingdom/api';
import type { Orm } from '../../db/client.ts';
import { fail } from '../../errors.ts';
import { avatarChoices, balanceOf, ledgerPage, profileOf, rawReasons, setProfile, type LedgerRowDb } from './repository.ts';

/** History rows per page. */
export const LEDGER_PAGE_SIZE = 25;
/** The most rows a CSV export holds. */
export const LEDGER_CSV_MAX_ROWS = 100_000;

/** A raw ledger reason in words (one of {@link LEDGER_REASONS}). */
export function reasonInWords(raw: string): LedgerReason {
  // staking pays `staking_reward`: test it before the mines' `<kind>_reward`
  if (raw.startsWith('staking')) return 'staking';
  // quests pay `quest_reward` (docs/game-rules.md §14): not the mines' `<kind>_reward`
  if (raw === 'quest_reward') return 'quest';
  if (raw === 'withdrawal_refund') return 'withdrawal_returned';
  if (raw.endsWith('_reward')) return 'mining';
  if (raw.endsWith('_salary')) return 'salary';
  if (raw === 'upgrade_refund') return 'refund';
  if (raw.endsWith('_upgrade')) return 'upgrade';
  if (raw === 'compensation' || raw.startsWith('compensation:')) return 'compensation';
  return (LEDGER_REASONS as readonly string[]).includes(raw) ? (raw as LedgerReason) : 'other';
}

/** The app page that explains an entry, when there is one. */
function linkOf(raw: string, reference: string): string | null {
  if (raw.startsWith('goldmine_')) return raw.endsWith('_upgrade') ? '/goldmine' : `/goldmine?day=${encodeURIComponent(reference)}`;
  if (raw.startsWith('frenmine_')) return raw.endsWith('_upgrade') ? '/frenmine' : `/frenmine?day=${encodeURIComponent(reference)}`;
  if (raw === 'vendor_purchase') return '/vendor';
  if (raw === 'quest_reward') return '/quests';
  if (raw === 'shop_royalty' || raw.startsWith('compensation')) return '/account/inbox';
  if (raw === 'chest') return `/chest/verify?week=${encodeURIComponent(reference)}`;
  if (raw === 'land_expansion') return '/lands';
  if (raw === 'deposit' || raw === 'withdrawal' || raw === 'withdrawal_refund') return '/account/balances';
  if (raw === 'exo_order') return '/tokensale';
  if (raw.startsWith('staking') || raw.startsWith('votes_')) return '/staking-hub/user';
  return null;
}

const toRow = (r: LedgerRowDb): LedgerRow => ({
  id: r.id, at: new Date(r.created_at).toISOString(), asset: r.asset, amount: r.amount, reason: reasonInWords(r.reason), raw_reason: r.reason,
  reference: r.reference, link: linkOf(r.reason, r.reference), running_balance: r.running,
});

async function reasonFilter(orm: Orm, userId: number, asset: LedgerAsset, reason: LedgerReason | undefined): Promise<string[] | null> {
  if (!reason) return null;
  return (await rawReasons(orm, userId, asset)).filter((r) => reasonInWords(r) === reason);
}

/** One page (1-based) of `asset`'s history, newest first. */
export async function ledgerHistory(orm: Orm, userId: number, asset: LedgerAsset, reason: LedgerReason | undefined, page: number): Promise<LedgerResponse> {
  const reasons = await reasonFilter(orm, userId, asset, reason);
  const rows = reasons && reasons.length === 0 ? [] : await ledgerPage(orm, userId, asset, reasons, LEDGER_PAGE_SIZE, (page - 1) * LEDGER_PAGE_SIZE);
  return {
    token: asset, balance: asset === 'items' ? null : await balanceOf(orm, userId, asset),
    rows: rows.map(toRow), total: rows[0]?.total ?? 0, page, per_page: LEDGER_PAGE_SIZE,
  };
}

/**
 * The whole history of `asset` as CSV, oldest first: date, asset, amount (whole tokens or items),
 * reason, raw reason, reference, balance after. Without a reason filter the amounts sum to the balance.
 */
export async function ledgerCsv(orm: Orm, userId: number, asset: LedgerAsset, reason: LedgerReason | undefined): Promise<string> {
  const reasons = await reasonFilter(orm, userId, asset, reason);
  const rows = reasons && reasons.length === 0 ? [] : await ledgerPage(orm, userId, asset, reasons, LEDGER_CSV_MAX_ROWS, 0);
  const whole = (v: string, a: string) => (a.startsWith('item:') ? v : fromBaseUnits(v, a as Token));
  return toCsv([
    ['date', 'asset', 'amount', 'reason', 'raw_reason', 'reference', 'balance_after'],
    ...rows.reverse().map((r) => [new Date(r.created_at).toISOString(), r.asset, whole(r.amount, r.asset), reasonInWords(r.reason), r.reason, r.reference, whole(r.running, r.asset)]),
  ]);
}

/** The profile with the avatar choices. */
export async function profile(orm: Orm, userId: number): Promise<ProfileResponse> {
  const p = await profileOf(orm, userId);
  return { user_name: p.name, user_avatar: p.avatar, avatars: await avatarChoices(orm, userId) };
}

/**
 * Changes name and avatar. @throws ApiError USER_NAME_TAKEN (another account has the name, in any
 * case), NOT_VALID_AVATAR (not one of the player's NFTs)
 */
export async function updateProfile(orm: Orm, userId: number, name: string, avatar: string | null): Promise<ProfileResponse> {
  const choices = await avatarChoices(orm, userId);
  if (avatar !== null && !choices.some((c) => c.id === avatar)) fail('NOT_VALID_AVATAR');
  if (!(await setProfile(orm, userId, name, avatar))) fail('USER_NAME_TAKEN');
  return { user_name: name, user_avatar: avatar, avatars: choices };
}
