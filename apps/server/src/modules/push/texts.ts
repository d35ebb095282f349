/**
 * What a push notification shows (docs/product.md §10, "Push notifications"): a title, a short body and the app page it
 * opens, in the device's language at delivery time, from the inbox notification's type and data. Only
 * what the inbox shows goes out (no keys, no addresses, no session): the push service and the device's
 * lock screen see this text.
 */
import type { NotificationType } from '@kingdom/api';
import { TOKEN_SYMBOLS, isToken } from '@kingdom/game';

export type PushLanguage = 'en' | 'es';

/** The payload the service worker shows (JSON, encrypted per RFC 8291). `tag`: the notification's id, so a resend replaces, never doubles. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

type Data = Record<string, unknown>;

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** Base units (6 decimals) as a whole-and-decimals text, e.g. `12.5`; not an integer: as given. */
export function pushAmount(v: unknown): string {
  const s = str(v);
  if (!/^-?\d+$/.test(s)) return s;
  const neg = s.startsWith('-');
  const digits = (neg ? s.slice(1) : s).padStart(7, '0');
  const whole = digits.slice(0, -6).replace(/^0+(?=\d)/, '');
  const frac = digits.slice(-6).replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

function sym(t: unknown): string {
  const tk = str(t).toLowerCase();
  return isToken(tk) ? TOKEN_SYMBOLS[tk] : str(t).toUpperCase();
}

const T = {
  en: {
    title: {
      goldmine_daily_report: 'Gold mine daily report', frenmine_daily_report: 'Fren mine daily report', staking_daily_report: 'Staking hub daily report',
      shop_royalty: 'Shop royalty', goldmine_ready_to_upgrade: 'Ready to upgrade', goldmine_upgrade_success: 'Upgrade success',
      goldmine_upgrade_failed: 'Upgrade failed', frenmine_upgrade: 'Fren mine upgrade', balance_topup: 'Top up', balance_withdrawal: 'Withdrawal',
      vendor_purchase: 'Vendor purchase success', low_balance_warning: 'Low balance', not_enough_balance: 'Not enough balance',
      worker_left: 'Worker left', market_fill: 'Market order filled', chest_ready: 'Chest ready', quests_reset: 'New quests', operator_message: 'Message from the Kingdom', server_compensation: 'Compensation for server downtime',
    } as Readonly<Record<string, string>>,
    report: (day: string) => `Your report of ${day} is ready.`,
    upgradeDone: (hex: string, level: string) => `Your mine on ${hex} was upgraded to level ${level}.`,
    upgradeFailed: (hex: string) => `The upgrade of your mine on ${hex} failed; the toolkit was refunded.`,
    ready: (hex: string) => `Your gold mine on ${hex} is ready to upgrade.`,
    topup: (amount: string) => `${amount} was credited to your balance.`,
    withdrawal: (amount: string, status: string) => status === 'confirmed' ? `${amount} was paid to your Master Wallet.` : `Your withdrawal of ${amount}: ${status}.`,
    purchase: (name: string) => `You bought ${name}.`,
    lowBalance: (token: string, days: string) => `Your ${token} covers ${days} more day(s) of salaries: top up so your workers keep working.`,
    notEnough: (day: string) => `${day}: some workers were not paid and did not work. Top up your balance.`,
    workerLeft: (hex: string) => `A worker left your mine on ${hex}.`,
    compensation: (amount: string) => `You received ${amount}.`,
    marketFill: (qty: string, good: string) => `Your market order was filled: ${qty} × ${good}.`,
    chestReady: (week: string) => `The chest of the week of ${week} can be opened.`,
    questsReset: (weekly: boolean) => weekly ? 'New daily and weekly quests are waiting.' : 'New daily quests are waiting.',
    generic: 'News from the Kingdom.',
  },
  es: {
    title: {
      goldmine_daily_report: 'Informe diario de la mina de oro', frenmine_daily_report: 'Informe diario de la mina fren', staking_daily_report: 'Informe diario del Staking Hub',
      shop_royalty: 'Regalía de la tienda', goldmine_ready_to_upgrade: 'Lista para mejorar', goldmine_upgrade_success: 'Mejora completada',
      goldmine_upgrade_failed: 'Mejora fallida', frenmine_upgrade: 'Mejora de la mina fren', balance_topup: 'Recarga', balance_withdrawal: 'Retiro',
      vendor_purchase: 'Compra realizada', low_balance_warning: 'Saldo bajo', not_enough_balance: 'Saldo insuficiente',
      worker_left: 'Un trabajador se fue', market_fill: 'Orden del mercado completada', chest_ready: 'Cofre listo', quests_reset: 'Nuevas misiones', operator_message: 'Mensaje del Reino', server_compensation: 'Compensación por caída del servidor',
    } as Readonly<Record<string, string>>,
    report: (day: string) => `Tu informe del ${day} está listo.`,
    upgradeDone: (hex: string, level: string) => `Tu mina en ${hex} subió al nivel ${level}.`,
    upgradeFailed: (hex: string) => `La mejora de tu mina en ${hex} falló; se devolvió el kit de herramientas.`,
    ready: (hex: string) => `Tu mina de oro en ${hex} está lista para mejorar.`,
    topup: (amount: string) => `Se acreditaron ${amount} a tu saldo.`,
    withdrawal: (amount: string, status: string) => status === 'confirmed' ? `Se pagaron ${amount} a tu Master Wallet.` : `Tu retiro de ${amount}: ${status}.`,
    purchase: (name: string) => `Compraste ${name}.`,
    lowBalance: (token: string, days: string) => `Tu ${token} cubre ${days} día(s) más de salarios: recarga para que tus trabajadores sigan trabajando.`,
    notEnough: (day: string) => `${day}: algunos trabajadores no cobraron y no trabajaron. Recarga tu saldo.`,
    workerLeft: (hex: string) => `Un trabajador dejó tu mina en ${hex}.`,
    compensation: (amount: string) => `Recibiste ${amount}.`,
    marketFill: (qty: string, good: string) => `Tu orden del mercado se completó: ${qty} × ${good}.`,
    chestReady: (week: string) => `El cofre de la semana del ${week} ya se puede abrir.`,
    questsReset: (weekly: boolean) => weekly ? 'Te esperan nuevas misiones diarias y semanales.' : 'Te esperan nuevas misiones diarias.',
    generic: 'Novedades del Reino.',
  },
} as const;

/**
 * The push text of one inbox notification.
 * @param id the notification's id (the tag: the device keeps one notification per id)
 */
export function pushText(id: number, type: string, data: Data, lang: PushLanguage): PushPayload {
  const t = T[lang];
  const inbox = '/account/inbox';
  const day = str(data.day);
  const hex = str(data.hex_name ?? data.hex);
  const money = (amountField: unknown, token: unknown) => `${pushAmount(amountField)} ${sym(token)}`;
  let body: string = t.generic;
  let url = inbox;
  switch (type as NotificationType) {
    case 'goldmine_daily_report': case 'frenmine_daily_report':
      body = t.report(day);
      if (/^\d{4}-\d{2}-\d{2}$/.test(day)) url = `${inbox}/report/${type === 'goldmine_daily_report' ? 'goldmine' : 'frenmine'}/${day}`;
      break;
    case 'staking_daily_report':
      body = t.report(day);
      if (/^\d{4}-\d{2}-\d{2}$/.test(day)) url = `${inbox}/staking-report/${day}`;
      break;
    case 'shop_royalty': body = t.report(day); break;
    case 'goldmine_ready_to_upgrade': body = t.ready(hex); break;
    case 'goldmine_upgrade_success': case 'frenmine_upgrade':
      body = data.success === false ? t.upgradeFailed(hex) : t.upgradeDone(hex, str(data.level));
      break;
    case 'goldmine_upgrade_failed': body = t.upgradeFailed(hex); break;
    case 'balance_topup': body = t.topup(money(data.amount, data.token)); url = '/account/balances'; break;
    case 'balance_withdrawal': body = t.withdrawal(money(data.amount, data.token), str(data.status)); url = '/account/balances'; break;
    case 'vendor_purchase': body = t.purchase(str(data.name)); break;
    case 'low_balance_warning': body = t.lowBalance(sym(data.token), str(data.days ?? data.count)); url = '/account/balances'; break;
    case 'not_enough_balance': body = t.notEnough(day); url = '/account/balances'; break;
    case 'worker_left': body = t.workerLeft(hex); break;
    case 'operator_message': {
      const title = str(data.title).slice(0, 120);
      return { title: title || t.title.operator_message!, body: str(data.body).slice(0, 300), url: inbox, tag: `n${id}` };
    }
    case 'server_compensation': body = t.compensation(money(data.amount, data.token)); break;
    case 'chest_ready': body = t.chestReady(str(data.week)); url = '/account/chest'; break;
    case 'quests_reset': body = t.questsReset(data.weekly === true); url = '/quests'; break;
    default:
      if (type === 'market_fill') body = t.marketFill(str(data.quantity), str(data.good));
      break;
  }
  return { title: t.title[type] ?? t.generic, body, url, tag: `n${id}` };
}
