/**
 * The daily tick as a pure model (docs/game-rules.md §1.5, §3, §4, §5, §6): `settleDay(world, day)`
 * settles one game day of a {@link World} and returns the world after it with every ledger entry,
 * notification, mine report row and the day's totals. The server's set-based SQL tick
 * (apps/server/src/jobs/settlement/, whose index.ts tables its steps and names the model function
 * each one matches) must produce exactly the same {@link DayResult}; a differential property test
 * holds them equal.
 *
 * {@link settleDay} composes one function per step, each seeing the previous steps' changes:
 * `settleStaking` (./staking.ts), {@link finishUpgrades}, {@link releaseWorkers}, {@link payMines},
 * {@link warnLowBalances}, {@link notifyReadyToUpgrade}, {@link payShopRoyalty}, {@link dayTotals}.
 *
 * Money is bigint base units; no I/O, no clock: the day is the only time input.
 */
import { DAY_MS, addDays, dayStart, gameDay } from '../days.ts';
import { MINE_KINDS, MINE_RULES, type MineKind } from '../mines/kinds.ts';
import { effectivityRating, LOW_BALANCE_WARNING_DAYS, openSlotCount, salaryDaysCovered, sharePool } from '../mines/rules.ts';
import { GOLDMINE_MAX_LEVEL, MANAGER_BONUS_PERCENT, WORKER_QUALIFY_VOTES, rarityForVotes } from '../mines/goldmine.ts';
import { settleStaking } from './staking.ts';
import type { Token } from '../tokens/tokens.ts';
import type {
  DayNotification, DayResult, DayTotals, LedgerEntry, MineDayRow, World, WorldLand, WorldWorker,
} from './world.ts';


/** Why a worker left its slot, in the order the reasons are tried (docs/game-rules.md §3). */
export type WorkerLeftReason = 'land_left' | 'nft_left' | 'collection_below_threshold';

const levelOf = (land: WorldLand, mine: MineKind): number | null => (mine === 'goldmine' ? land.goldmineLevel : land.frenmineLevel);
const nftId = (collectionKey: string, assetKey: string) => `${collectionKey}/${assetKey}`;
const byLandSlot = (a: WorldWorker, b: WorldWorker) => a.landId - b.landId || a.slot - b.slot;
const max0 = (v: bigint) => (v > 0n ? v : 0n);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** Tokens whose vendor sales pay the shop royalty (docs/game-rules.md §6). */
export const ROYALTY_TOKENS = ['exo', 'hexo'] as const;
/** The shop royalty's share of a day's sales, percent (docs/game-rules.md §6). */
export const SHOP_ROYALTY_PERCENT = 5n;

/**
 * The day whose shop royalty counts a sale made at `at` (ms, UTC): its own UTC day, or — when the
 * tick had already closed that day's sales before the sale began — the day after the last closed
 * one, so a sale is never lost nor counted twice (docs/game-rules.md §6; docs/game-rules.md §6.4). The vendor reads the last closed day under a lock the tick's closing waits for.
 * @param lastClosed the latest day whose sales the tick closed (`YYYY-MM-DD`), or null
 */
export function royaltyDay(at: number, lastClosed: string | null): string {
  const own = gameDay(at);
  if (lastClosed === null) return own;
  const next = addDays(lastClosed);
  return next > own ? next : own;
}

/**
 * Shares the shop royalty of one token's day of sales among land owners (docs/game-rules.md §6).
 * The pool is ⌊sales × 5 / 100⌋ base units; each owner gets ⌊pool × lands / all lands⌋; the remainder
 * (fewer base units than owners) goes one unit each to the owners holding the most lands, ties to the
 * smaller user id — so the shares sum to the pool exactly. No owners: nothing is paid.
 * @param sales the day's sales of the token, base units
 * @param landsHeld lands held per owner (user id → count > 0)
 * @returns user id → amount (> 0), for owners who get something
 */
export function shopRoyalty(sales: bigint, landsHeld: ReadonlyMap<number, number>): Map<number, bigint> {
  const out = new Map<number, bigint>();
  const pool = (sales * SHOP_ROYALTY_PERCENT) / 100n;
  const total = [...landsHeld.values()].reduce((a, n) => a + BigInt(n), 0n);
  if (pool <= 0n || total === 0n) return out;
  const order = [...landsHeld.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  let left = pool;
  for (const [u, n] of order) {
    const share = (pool * BigInt(n)) / total;
    out.set(u, share);
    left -= share;
  }
  for (const [u] of order) {
    if (left <= 0n) break;
    out.set(u, out.get(u)! + 1n);
    left -= 1n;
  }
  for (const [u, v] of out) if (v === 0n) out.delete(u);
  return out;
}

/** The input's mutable parts copied, so settling never changes the caller's world. */
function copyWorld(w: World): World {
  return {
    lands: w.lands.map((l) => ({ ...l, hasUpdate: l.hasUpdate ?? false })),
    holdings: w.holdings.map((h) => ({ ...h })),
    collections: w.collections.map((c) => ({ ...c })),
    snapshots: w.snapshots.map((s) => ({ ...s, votes: s.votes.map((v) => ({ ...v })) })),
    workers: w.workers.map((x) => ({ ...x })),
    upgrades: w.upgrades.map((u) => ({ ...u })),
    balances: w.balances.map((b) => ({ ...b })),
    items: w.items.map((i) => ({ ...i })),
    readyNotices: w.readyNotices.map((n) => ({ ...n })),
    vendorSales: w.vendorSales.map((v) => ({ ...v })),
    staking: w.staking,
  };
}

/** One roster worker's day in a mine kind. */
interface Paid {
  worker: WorldWorker;
  salary: bigint;
  worked: boolean;
  /** What the worked salary took from each token (the salary token first, the fallback for the rest). */
  paid: Partial<Record<Token, bigint>>;
  eff: bigint;
  share: bigint;
}

/**
 * What the steps of one day share: the day ([`start`, `end`), ms UTC), the world being settled (a
 * copy the steps change), the ledger entries and notifications so far, and lookups over the world.
 */
interface ModelDay {
  day: string;
  start: number;
  end: number;
  world: World;
  ledger: LedgerEntry[];
  notifications: DayNotification[];
  /** @throws RangeError for an unknown land */
  land(id: number): WorldLand;
  /** The smallest user id holding the land's NFT, or null. */
  owner(landId: number): number | null;
  holds(userId: number, collectionKey: string, assetKey: string): boolean;
  balance(userId: number, token: Token): bigint;
  addBalance(userId: number, token: Token, delta: bigint): void;
  itemAmount(userId: number, itemKey: string): number;
  addItem(userId: number, itemKey: string, delta: number): void;
}

/** The lookups of {@link ModelDay} over `world` (its balances and items as they are now, kept up to date by the steps). */
function modelDay(world: World, day: string, ledger: LedgerEntry[], notifications: DayNotification[]): ModelDay {
  const start = dayStart(day);
  const landById = new Map(world.lands.map((l) => [l.id, l]));
  const land = (id: number): WorldLand => {
    const l = landById.get(id);
    if (!l) throw new RangeError(`unknown land ${id}`);
    return l;
  };
  const holders = new Map<string, number[]>();
  for (const h of world.holdings) {
    const k = nftId(h.collectionKey, h.assetKey);
    const list = holders.get(k);
    if (list) list.push(h.userId);
    else holders.set(k, [h.userId]);
  }
  const balanceRows = new Map(world.balances.map((b) => [`${b.userId}:${b.token}`, b]));
  const itemRows = new Map(world.items.map((i) => [`${i.userId}:${i.itemKey}`, i]));
  return {
    day, start, end: start + DAY_MS, world, ledger, notifications, land,
    owner: (landId) => {
      const l = land(landId);
      const list = holders.get(nftId(l.collectionKey, l.assetKey));
      return list && list.length > 0 ? Math.min(...list) : null;
    },
    holds: (userId, collectionKey, assetKey) => holders.get(nftId(collectionKey, assetKey))?.includes(userId) ?? false,
    balance: (userId, token) => balanceRows.get(`${userId}:${token}`)?.amount ?? 0n,
    addBalance: (userId, token, delta) => {
      const row = balanceRows.get(`${userId}:${token}`);
      if (row) row.amount += delta;
      else {
        const fresh = { userId, token, amount: delta };
        world.balances.push(fresh);
        balanceRows.set(`${userId}:${token}`, fresh);
      }
    },
    itemAmount: (userId, itemKey) => itemRows.get(`${userId}:${itemKey}`)?.amount ?? 0,
    addItem: (userId, itemKey, delta) => {
      const row = itemRows.get(`${userId}:${itemKey}`);
      if (row) row.amount += delta;
      else {
        const fresh = { userId, itemKey, amount: delta };
        world.items.push(fresh);
        itemRows.set(`${userId}:${itemKey}`, fresh);
      }
    },
  };
}

/**
 * Settles game day `day` (UTC `YYYY-MM-DD`) of `world`, whose instants are ms UTC; the day runs
 * [00:00, next 00:00). The input is not changed. Ledger entries and notifications come in step
 * order, within a step by user, land and slot (see the module comment for the steps).
 * @throws RangeError for a malformed day or an upgrade or worker on an unknown land
 */
export function settleDay(input: World, day: string): DayResult {
  const world = copyWorld(input);
  const ledger: LedgerEntry[] = [];
  const notifications: DayNotification[] = [];
  const staking = settleStaking(world, day, ledger, notifications);
  const d = modelDay(world, day, ledger, notifications);
  finishUpgrades(d);
  releaseWorkers(d);
  const pay = payMines(d);
  warnLowBalances(d, pay.dailyNeed);
  notifyReadyToUpgrade(d);
  payShopRoyalty(d);
  return { world, ledger, notifications, reports: pay.reports, totals: dayTotals(day, pay), staking };
}

/**
 * Upgrades that end by the day's end (docs/game-rules.md §3.2) succeed when the land's holder
 * started them (a new level), else fail and refund their item; either way the land shows an update.
 */
function finishUpgrades(d: ModelDay): void {
  const { day, end, world, ledger, notifications } = d;
  const due = world.upgrades.filter((u) => u.status === 'in_progress' && u.endsAt <= end).sort((a, b) => a.id - b.id);
  for (const up of due) {
    const l = d.land(up.landId);
    const held = d.owner(up.landId) === up.userId;
    up.status = held ? 'success' : 'failed';
    // the owner sees what changed on the land's badge until they open it (docs/product.md §3 has_update)
    l.hasUpdate = true;
    if (held) {
      if (up.mine === 'goldmine') l.goldmineLevel = up.targetLevel;
      else l.frenmineLevel = up.targetLevel;
    } else {
      ledger.push({ userId: up.userId, asset: `item:${up.itemKey}`, amount: 1n, reason: 'upgrade_refund', reference: String(up.id) });
      d.addItem(up.userId, up.itemKey, 1);
    }
    const type = up.mine === 'frenmine' ? 'frenmine_upgrade' : held ? 'goldmine_upgrade_success' : 'goldmine_upgrade_failed';
    notifications.push({
      userId: up.userId, type,
      data: { day, hex_name: l.hexName, level: up.targetLevel, success: held, item_key: up.itemKey },
    });
  }
}

/**
 * Workers leave for the first reason that applies (docs/game-rules.md §3.5: land left, NFT left,
 * collection below the threshold at the latest snapshot taken by the day's end); on a snapshot day
 * gold NFT workers take their league's rarity (§3.3).
 */
function releaseWorkers(d: ModelDay): void {
  const { day, start, end, world, notifications } = d;
  const latest = world.snapshots.filter((s) => s.takenAt <= end).reduce<World['snapshots'][number] | null>(
    (best, s) => (best === null || s.id > best.id ? s : best), null);
  const keyOfCollection = new Map(world.collections.map((c) => [c.id, c.collectionKey]));
  /** Votes per collection key at the latest snapshot (the highest if several collections share a key). */
  const latestVotes = new Map<string, bigint>();
  for (const v of latest?.votes ?? []) {
    const key = keyOfCollection.get(v.collectionId);
    if (key === undefined) continue;
    const prev = latestVotes.get(key);
    if (prev === undefined || v.votes > prev) latestVotes.set(key, v.votes);
  }
  const leaveReason = (w: WorldWorker): WorkerLeftReason | null => {
    if (d.owner(w.landId) !== w.userId) return 'land_left';
    const nft = w.kind === 'nft' && w.collectionKey !== null && w.assetKey !== null ? { c: w.collectionKey, a: w.assetKey } : null;
    if (w.kind === 'nft' && (nft === null || !d.holds(w.userId, nft.c, nft.a))) return 'nft_left';
    if (w.mine === 'goldmine' && w.kind === 'nft') {
      const votes = w.collectionKey === null ? undefined : latestVotes.get(w.collectionKey);
      if (votes === undefined || votes < WORKER_QUALIFY_VOTES) return 'collection_below_threshold';
    }
    return null;
  };
  const mineOrder = (m: MineKind) => MINE_KINDS.indexOf(m);
  const leaving = world.workers
    .map((w) => ({ w, reason: leaveReason(w) }))
    .filter((x): x is { w: WorldWorker; reason: WorkerLeftReason } => x.reason !== null)
    .sort((a, b) => mineOrder(a.w.mine) - mineOrder(b.w.mine) || byLandSlot(a.w, b.w));
  for (const { w, reason } of leaving) {
    notifications.push({
      userId: w.userId, type: 'worker_left',
      data: { day, mine: w.mine, hex_name: d.land(w.landId).hexName, slot: w.slot, reason },
    });
  }
  const gone = new Set(leaving.map((x) => x.w));
  world.workers = world.workers.filter((w) => !gone.has(w));
  if (world.snapshots.some((s) => s.takenAt > start && s.takenAt <= end)) {
    for (const w of world.workers) {
      if (w.mine !== 'goldmine' || w.kind !== 'nft' || w.collectionKey === null) continue;
      const votes = latestVotes.get(w.collectionKey);
      if (votes !== undefined) w.rarity = rarityForVotes(votes);
    }
  }
}

/** What the mines paid: report rows, each kind's EXO and worked slots, who got EXO, each player's daily need per kind. */
interface MinesPaid {
  reports: MineDayRow[];
  exoByKind: Record<MineKind, bigint>;
  workedByKind: Record<MineKind, number>;
  exoPaidTo: Set<number>;
  /** Per player, the whole roster's daily salary of each kind (the low-balance warning's need). */
  dailyNeed: Map<number, Record<MineKind, bigint>>;
}

/**
 * The mines pay, gold first (its HEXO charges are applied before frens fall back on HEXO;
 * docs/game-rules.md §3.7, §4.4): each player pays its roster (workers assigned before the day)
 * in (land, slot) order while the budget lasts (salary token, then fallback), unpaid workers do not
 * work, the pool is shared by weight (manager +10%); report rows, salary and reward entries, the
 * daily report and the not-enough-balance notice.
 */
function payMines(d: ModelDay): MinesPaid {
  const { day, start, ledger, notifications } = d;
  const reports: MineDayRow[] = [];
  const exoByKind = {} as Record<MineKind, bigint>;
  const workedByKind = {} as Record<MineKind, number>;
  const exoPaidTo = new Set<number>();
  const dailyNeed = new Map<number, Record<MineKind, bigint>>();
  for (const kind of MINE_KINDS) {
    const rules = MINE_RULES[kind];
    const roster = d.world.workers.filter((w) => w.mine === kind && w.assignedAt < start);
    const byUser = new Map<number, WorldWorker[]>();
    for (const w of roster) {
      const list = byUser.get(w.userId);
      if (list) list.push(w);
      else byUser.set(w.userId, [w]);
    }
    const users = [...byUser.keys()].sort((a, b) => a - b);
    const days: Paid[] = [];
    for (const u of users) {
      const list = byUser.get(u)!.sort(byLandSlot);
      const fromTokenBalance = d.balance(u, rules.salaryToken);
      const budget = fromTokenBalance + (rules.salaryFallback ? d.balance(u, rules.salaryFallback) : 0n);
      let cum = 0n;
      for (const w of list) {
        const salary = rules.salary[w.rarity];
        const cumBefore = cum;
        cum += salary;
        const worked = cum <= budget;
        const paid: Paid['paid'] = {};
        if (worked) {
          const fromToken = rules.salaryFallback ? max0(min(salary, fromTokenBalance - cumBefore)) : salary;
          paid[rules.salaryToken] = fromToken;
          if (rules.salaryFallback) paid[rules.salaryFallback] = salary - fromToken;
        }
        days.push({ worker: w, salary, worked, paid, eff: 0n, share: 0n });
      }
      const need = dailyNeed.get(u) ?? { goldmine: 0n, frenmine: 0n };
      need[kind] = cum;
      dailyNeed.set(u, need);
    }
    const managed = new Set(days.filter((p) => p.worked && p.worker.slot === rules.managerSlot).map((p) => p.worker.landId));
    for (const p of days) {
      if (!p.worked) continue;
      const bonus = managed.has(p.worker.landId) && p.worker.slot !== rules.managerSlot ? 100n + MANAGER_BONUS_PERCENT : 100n;
      p.eff = rules.weightCenti[p.worker.rarity] * bonus;
    }
    const shares = sharePool(rules.dailyPool, days.map((p) => p.eff));
    days.forEach((p, i) => { p.share = shares[i]!; });

    // Report rows, one per land with roster workers.
    const byLand = new Map<number, Paid[]>();
    for (const p of days) {
      const list = byLand.get(p.worker.landId);
      if (list) list.push(p);
      else byLand.set(p.worker.landId, [p]);
    }
    for (const landId of [...byLand.keys()].sort((a, b) => a - b)) {
      const list = byLand.get(landId)!;
      const openSlots = openSlotCount(kind, levelOf(d.land(landId), kind) ?? 0);
      const workersWorked = list.filter((p) => p.worked).length;
      const hexoPaid = list.reduce((a, p) => a + (p.paid.hexo ?? 0n), 0n);
      const foodPaid = list.reduce((a, p) => a + (p.paid.food ?? 0n), 0n);
      reports.push({
        day, landId, mine: kind, userId: Math.min(...list.map((p) => p.worker.userId)), openSlots,
        workers: list.length, workersWorked, exoMined: list.reduce((a, p) => a + p.share, 0n),
        salaryPaid: list.reduce((a, p) => a + (p.worked ? p.salary : 0n), 0n), hexoPaid, foodPaid,
        effectivity: effectivityRating(workersWorked, openSlots),
      });
    }

    // Per player: ledger, balances, the daily report and the not-enough-balance notice.
    const payTokens = rules.salaryFallback ? [rules.salaryToken, rules.salaryFallback] : [rules.salaryToken];
    for (const u of users) {
      const mine = days.filter((p) => p.worker.userId === u);
      const exo = mine.reduce((a, p) => a + p.share, 0n);
      const paidIn = (t: Token) => mine.reduce((a, p) => a + (p.paid[t] ?? 0n), 0n);
      for (const t of payTokens) {
        const paid = paidIn(t);
        if (paid > 0n) {
          ledger.push({ userId: u, asset: t, amount: -paid, reason: `${kind}_salary`, reference: day });
          d.addBalance(u, t, -paid);
        }
      }
      if (exo > 0n) {
        ledger.push({ userId: u, asset: 'exo', amount: exo, reason: `${kind}_reward`, reference: day });
        d.addBalance(u, 'exo', exo);
        exoPaidTo.add(u);
      }
      const hexo = paidIn('hexo');
      const food = paidIn('food');
      const worked = mine.filter((p) => p.worked).length;
      notifications.push({
        userId: u, type: rules.dailyReportType,
        data: {
          day, exo: exo.toString(), salary_paid: (hexo + food).toString(), salary_token: rules.salaryToken,
          hexo: hexo.toString(), food: food.toString(), workers: mine.length, workers_worked: worked,
          lands: new Set(mine.map((p) => p.worker.landId)).size,
        },
      });
      if (worked < mine.length) {
        notifications.push({ userId: u, type: 'not_enough_balance', data: { day, mine: kind, unpaid: mine.length - worked } });
      }
    }
    exoByKind[kind] = days.reduce((a, p) => a + p.share, 0n);
    workedByKind[kind] = days.filter((p) => p.worked).length;
  }
  return { reports, exoByKind, workedByKind, exoPaidTo, dailyNeed };
}

/** Low-balance warnings (docs/game-rules.md §3.9): the balances after the day's salaries cover fewer days than the threshold. */
function warnLowBalances(d: ModelDay, dailyNeed: MinesPaid['dailyNeed']): void {
  for (const u of [...dailyNeed.keys()].sort((a, b) => a - b)) {
    const need = dailyNeed.get(u)!;
    const days = salaryDaysCovered({ hexo: d.balance(u, 'hexo'), food: d.balance(u, 'food') }, { goldHexo: need.goldmine, frenFood: need.frenmine });
    if (days !== null && days < LOW_BALANCE_WARNING_DAYS) {
      d.notifications.push({
        userId: u, type: 'low_balance_warning',
        data: { day: d.day, token: 'hexo', days: Number(days), daily_salary: (need.goldmine + need.frenmine).toString() },
      });
    }
  }
}

/** Ready-to-upgrade notices (gold mines; docs/game-rules.md §3.10): toolkit held, size allows, none in progress; once per level. */
function notifyReadyToUpgrade(d: ModelDay): void {
  const { world } = d;
  const sent = new Set(world.readyNotices.map((n) => `${n.landId}:${n.mine}:${n.level}`));
  const upgrading = new Set(world.upgrades.filter((u) => u.mine === 'goldmine' && u.status === 'in_progress').map((u) => u.landId));
  for (const l of [...world.lands].sort((a, b) => a.id - b.id)) {
    const level = l.goldmineLevel;
    if (level === null || level >= GOLDMINE_MAX_LEVEL) continue;
    const u = d.owner(l.id);
    const next = level + 1;
    if (u === null || next > MINE_RULES.goldmine.capFor(l.size)) continue;
    if (d.itemAmount(u, MINE_RULES.goldmine.upgradeItem(next)) <= 0 || upgrading.has(l.id)) continue;
    if (sent.has(`${l.id}:goldmine:${next}`)) continue;
    world.readyNotices.push({ landId: l.id, mine: 'goldmine', level: next });
    sent.add(`${l.id}:goldmine:${next}`);
    d.notifications.push({ userId: u, type: 'goldmine_ready_to_upgrade', data: { day: d.day, hex_name: l.hexName, level: next } });
  }
}

/** The shop royalty (docs/game-rules.md §6.3): 5% of the day's HEXO and EXO vendor sales to land owners, pro rata by lands held ({@link shopRoyalty}). */
function payShopRoyalty(d: ModelDay): void {
  const { day, world, ledger, notifications } = d;
  const landsHeld = new Map<number, number>();
  for (const l of world.lands) {
    const u = d.owner(l.id);
    if (u !== null) landsHeld.set(u, (landsHeld.get(u) ?? 0) + 1);
  }
  const royalty = new Map<number, Record<'exo' | 'hexo', bigint>>();
  for (const token of ROYALTY_TOKENS) {
    const sales = world.vendorSales.filter((v) => v.token === token && (v.royaltyDay ?? gameDay(v.at)) === day).reduce((a, v) => a + v.amount, 0n);
    for (const [u, amount] of shopRoyalty(sales, landsHeld)) {
      const r = royalty.get(u) ?? { exo: 0n, hexo: 0n };
      r[token] = amount;
      royalty.set(u, r);
      ledger.push({ userId: u, asset: token, amount, reason: 'shop_royalty', reference: day });
      d.addBalance(u, token, amount);
    }
  }
  for (const u of [...royalty.keys()].sort((a, b) => a - b)) {
    const r = royalty.get(u)!;
    notifications.push({ userId: u, type: 'shop_royalty', data: { day, exo: r.exo.toString(), hexo: r.hexo.toString(), lands: landsHeld.get(u)! } });
  }
}

/** The day's public totals (`GET /api/world/days`): EXO each pool paid, workers worked, players paid. */
function dayTotals(day: string, pay: MinesPaid): DayTotals {
  return {
    day, goldmineExo: pay.exoByKind.goldmine, frenmineExo: pay.exoByKind.frenmine,
    goldmineWorkersWorked: pay.workedByKind.goldmine, frenmineWorkersWorked: pay.workedByKind.frenmine,
    playersPaid: pay.exoPaidTo.size,
  };
}
