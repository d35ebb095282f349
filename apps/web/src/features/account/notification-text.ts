/**
 * Human text of each notification type (docs/product.md §3) from its `data`, through i18n. Amounts in `data`
 * are base-unit strings (6 decimals); unknown or missing fields fall back to a plain title.
 */
import { NOTIFICATION_TYPES, type MineKind, type Notification } from '@kingdom/api';
import { LAND_SIZES, LAND_SIZE_INFO, TOKEN_SYMBOLS, isToken, type LandSize } from '@kingdom/game';
import { formatTokenAmount } from '../../i18n/format.ts';
import { itemName } from '../../i18n/vendor-texts.ts';
import { i18n } from '../../i18n/index.ts';

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';
}

/**
 * A whole count (votes, workers, quantity) for i18next's `number` format (docs/product.md §10: "now 1373817"):
 * a Number where exact (Intl groups Numbers and BigInts alike only then), else a BigInt; not a
 * whole number: its text.
 */
function count(v: unknown): number | bigint | string {
  const s = str(v);
  if (!/^-?\d+$/.test(s)) return s;
  const n = BigInt(s);
  return n <= BigInt(Number.MAX_SAFE_INTEGER) && n >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}

function amount(v: unknown, token: string): string {
  const s = str(v);
  const tk = token.toLowerCase();
  if (!/^-?\d+$/.test(s) || !isToken(tk)) return s;
  return formatTokenAmount(s, tk);
}

function symbol(token: unknown): string {
  const tk = str(token).toLowerCase();
  return isToken(tk) ? TOKEN_SYMBOLS[tk] : str(token).toUpperCase();
}

function mineName(mine: unknown): string {
  return i18n.t(`inbox.mine.${str(mine) === 'frenmine' ? 'frenmine' : 'goldmine'}`);
}

function sizeLabel(size: unknown): string {
  const s = str(size);
  return (LAND_SIZES as readonly string[]).includes(s) ? LAND_SIZE_INFO[s as LandSize].label : s;
}

/**
 * The salary of a daily report as paid, in each token that paid it (`15 FOOD + 15 HEXO`): from the
 * data's `food`/`hexo` when present (fren mines pay HEXO where FOOD runs short, docs/game-rules.md §4), else
 * `salary_paid` in `token`.
 */
function salaryText(d: Record<string, unknown>, token: string): string {
  const parts: string[] = [];
  for (const tk of ['food', 'hexo'] as const) {
    const v = str(d[tk]);
    if (/^\d+$/.test(v) && BigInt(v) > 0n) parts.push(`${formatTokenAmount(v, tk)} ${TOKEN_SYMBOLS[tk]}`);
  }
  if (parts.length > 0) return parts.join(' + ');
  return `${amount(d.salary_paid, token)} ${symbol(token)}`;
}

/** The daily report a notification opens, if it is a gold mine or fren mine daily report. */
export function reportOf(n: Notification): { mine: MineKind; day: string } | null {
  if (n.type !== 'goldmine_daily_report' && n.type !== 'frenmine_daily_report') return null;
  const day = str(n.data.day);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  return { mine: n.type === 'goldmine_daily_report' ? 'goldmine' : 'frenmine', day };
}

/** The day of a staking hub daily report notification, or null. */
export function stakingReportDay(n: Notification): string | null {
  if (n.type !== 'staking_daily_report') return null;
  const day = str(n.data.day);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/**
 * Title (the type's name) and text (what happened) of a notification. A type this app does not know
 * (a newer release wrote it during a rolling upgrade: docs/architecture.md §8) gets a generic title and text.
 */
export function notificationText(n: Notification): { title: string; text: string } {
  const t = i18n.t.bind(i18n);
  const d = n.data;
  if (!(NOTIFICATION_TYPES as readonly string[]).includes(n.type)) return { title: t('inbox.unknownTitle'), text: t('inbox.text.unknown') };
  const title = t(`inbox.title.${n.type}`, { defaultValue: n.type });
  switch (n.type) {
    case 'goldmine_daily_report':
    case 'frenmine_daily_report': {
      const token = str(d.salary_token) || (n.type === 'goldmine_daily_report' ? 'hexo' : 'food');
      return {
        title,
        text: t('inbox.text.dailyReport', {
          day: str(d.day), exo: amount(d.exo, 'exo'), salary: salaryText(d, token),
          worked: count(d.workers_worked), workers: count(d.workers), count: Number(d.lands) || 0,
        }),
      };
    }
    case 'goldmine_ready_to_upgrade':
      return { title, text: t('inbox.text.readyToUpgrade', { hex: str(d.hex_name), level: str(d.level) }) };
    case 'goldmine_upgrade_success':
      return { title, text: t('inbox.text.upgradeSuccess', { mine: mineName('goldmine'), hex: str(d.hex_name), level: str(d.level) }) };
    case 'goldmine_upgrade_failed':
      return { title, text: t('inbox.text.upgradeFailed', { mine: mineName('goldmine'), hex: str(d.hex_name), level: str(d.level) }) };
    case 'frenmine_upgrade':
      return d.success === false
        ? { title, text: t('inbox.text.upgradeFailed', { mine: mineName('frenmine'), hex: str(d.hex_name), level: str(d.level) }) }
        : { title, text: t('inbox.text.upgradeSuccess', { mine: mineName('frenmine'), hex: str(d.hex_name), level: str(d.level) }) };
    case 'worker_left':
      return {
        title,
        text: t('inbox.text.workerLeft', {
          mine: mineName(d.mine), hex: str(d.hex_name), slot: str(d.slot),
          reason: t(`inbox.reason.${str(d.reason) || 'unknown'}`, { defaultValue: t('inbox.reason.unknown') }),
        }),
      };
    case 'not_enough_balance':
      return { title, text: t('inbox.text.notEnoughBalance', { day: str(d.day), mine: mineName(d.mine), count: Number(d.unpaid) || 0 }) };
    case 'low_balance_warning': {
      const token = str(d.token) || 'hexo';
      return { title, text: t('inbox.text.lowBalance', { token: symbol(token), count: Number(d.days) || 0, daily: amount(d.daily_salary, token) }) };
    }
    case 'land_update':
      return { title, text: t('inbox.text.landUpdate', { hex: str(d.hex_name), size: sizeLabel(d.size) }) };
    case 'achievement':
      // the achievement's name in the player's language when the profile's texts are loaded, else the server's
      return { title, text: t('inbox.text.achievement', { name: t(`achievements.items.${str(d.key)}`, { defaultValue: str(d.name) || str(d.key) }) }) };
    case 'vendor_purchase':
      return { title, text: t('inbox.text.vendorPurchase', { quantity: count(d.quantity), name: itemName(str(d.item), str(d.name) || undefined), price: `${amount(d.amount, str(d.token) || 'hexo')} ${symbol(str(d.token) || 'hexo')}` }) };
    case 'shop_royalty':
      return { title, text: t('inbox.text.shopRoyalty', { day: str(d.day), exo: `${amount(d.exo, 'exo')} EXO`, hexo: `${amount(d.hexo, 'hexo')} HEXO`, count: Number(d.lands) || 0 }) };
    case 'server_compensation':
      return { title, text: t('inbox.text.compensation', { amount: `${amount(d.amount, str(d.token) || 'hexo')} ${symbol(str(d.token) || 'hexo')}`, reason: str(d.reason) }) };
    case 'staking_daily_report':
      return { title, text: t('inbox.text.stakingReport', { day: str(d.day), hexo: amount(d.hexo, 'hexo'), rune: amount(d.rune, 'rune') }) };
    case 'votes_changed':
      return { title, text: t(d.added === false ? 'inbox.text.votesRemoved' : 'inbox.text.votesAdded', { votes: count(d.votes), name: str(d.name), total: count(d.total) }) };
    case 'balance_topup': {
      const token = str(d.token) || 'hexo';
      const value = `${amount(d.amount, token)} ${symbol(token)}`;
      return { title, text: t(str(d.source) === 'exo_order' ? 'inbox.text.topupOrder' : 'inbox.text.topupDeposit', { amount: value }) };
    }
    case 'balance_withdrawal': {
      const token = str(d.token) || 'hexo';
      const value = `${amount(d.amount, token)} ${symbol(token)}`;
      const status = str(d.status);
      if (status === 'confirmed') return { title, text: t('inbox.text.withdrawalConfirmed', { amount: value }) };
      if (status === 'failed' || status === 'expired') return { title, text: t('inbox.text.withdrawalReturned', { amount: value, reason: str(d.reason) || status }) };
      return { title, text: t('inbox.text.withdrawalOther', { amount: value, status }) };
    }
    case 'market_fill': {
      // a Market order filled (docs/game-rules.md §16.6): what, at what price, and what stays open
      const token = str(d.token) || 'hexo';
      const price = (v: unknown) => `${amount(v, token)} ${symbol(token)}`;
      const good = str(d.good);
      const name = good === 'food' ? TOKEN_SYMBOLS.food : itemName(good);
      const vars = { quantity: count(d.quantity), name, price: price(d.price), amount: price(d.amount), fee: price(d.fee) };
      const text = t(str(d.side) === 'sell' ? 'inbox.text.marketSold' : 'inbox.text.marketBought', vars);
      const rest = Number(d.remaining) || 0;
      return { title, text: rest > 0 ? `${text} ${t('inbox.text.marketRest', { remaining: rest })}` : text };
    }
    case 'chest_ready':
      // written only for players with a push subscription of the topic `chest` (docs/product.md §10)
      return { title, text: t('inbox.text.chestReady', { week: str(d.week) }) };
    case 'quests_reset':
      return { title, text: t(d.weekly === true ? 'inbox.text.questsWeekly' : 'inbox.text.questsDaily') };
    case 'operator_message':
      // the operator's own words (docs/http-contract.md §4): shown as written, in whatever language they wrote
      return { title: str(d.title) || t('inbox.unknownTitle'), text: str(d.body) };
    default:
      return { title, text: '' };
  }
}
