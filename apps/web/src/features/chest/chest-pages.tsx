import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { chestDraw, chestEntryIndex, chestSeedHash, chestWeekOf, isToken, type ChestLoot } from '@kingdom/game';
import { formatDateTime, formatPercent, formatThousands, formatTokenAmount } from '../../i18n/format.ts';
import { itemName } from '../../i18n/vendor-texts.ts';
import type { ChestWeekResponse } from '@kingdom/api';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { InlineError } from '../../components/query-state.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useKnownGameNow } from '../../components/use-game-now.ts';
import { useChest, useChestWeek, useOpenChest } from './api.ts';

/** A loot in words: "250 HEXO" or "1 × Toolkit tier 2". */
export function lootText(loot: ChestLoot): string {
  if (loot.kind === 'token' && isToken(loot.key)) return `${formatTokenAmount(loot.amount, loot.key)} ${loot.key.toUpperCase()}`;
  return `${formatThousands(loot.amount)} × ${itemName(loot.key)}`;
}

/** `/account/chest`: this week's chest (docs/game-rules.md §7): open once, see the draw, verify it. */
export function ChestPage() {
  const { t } = useTranslation();
  const q = useChest();
  const open = useOpenChest();
  const c = q.data;
  return (
    <section className="panel" aria-labelledby="chest-title">
      <h2 id="chest-title" className="panel__title">{t('chest.title')}</h2>
      {q.isError ? <InlineError>{t('chest.loadFailed')}</InlineError> : null}
      {c ? (
        <>
          <p>{t('chest.week', { week: c.week, ends: `${formatDateTime(Date.parse(c.ends_at) - 60_000, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })} UTC` })}</p>
          {c.state === 'openable' ? (
            <button type="button" className="btn btn--gold btn--large" disabled={open.isPending} data-testid="chest-open"
              onClick={() => open.mutate(undefined, { onSuccess: (r) => notifySuccess(t('chest.got', { loot: lootText(r.loot) })) })}>
              {t('chest.open')}
            </button>
          ) : null}
          {c.state === 'not_land_owner' ? <EmptyState title={t('chest.notOwner')} /> : null}
          {c.state === 'locked' ? <EmptyState title={t('chest.locked')} /> : null}
          {c.opened ? (
            <dl className="facts facts--wide chest-opened" data-testid="chest-opened">
              <div><dt>{t('chest.loot')}</dt><dd data-testid="chest-loot">{lootText(c.opened.loot)}</dd></div>
              <div><dt>{t('chest.draw')}</dt><dd className="chest-draw" data-testid="chest-draw">{c.opened.draw}</dd></div>
            </dl>
          ) : null}
          <dl className="facts facts--wide chest-hashes">
            <div><dt>{t('chest.seedHash')}</dt><dd className="chest-draw" data-testid="chest-seed-hash">{c.seed_hash}</dd></div>
            <div><dt>{t('chest.nextSeedHash', { week: c.next_week.week })}</dt><dd className="chest-draw">{c.next_week.seed_hash}</dd></div>
          </dl>
          <p><Link to={`/chest/verify?week=${c.week}`}>{t('chest.verifyLink')}</Link></p>
        </>
      ) : null}
    </section>
  );
}

/** One line of the verification: passed, failed, or (null) nothing to check yet. */
type Check = { ok: boolean | null; text: string };

function verify(rec: ChestWeekResponse, userId: number | null, t: (k: string, o?: Record<string, unknown>) => string): Check[] {
  // a running week: its seed is revealed when it ends, nothing is wrong yet
  if (!rec.seed) return [{ ok: null, text: t('chest.notRevealedYet') }];
  const checks: Check[] = [];
  const hashOk = chestSeedHash(rec.seed) === rec.seed_hash;
  checks.push({ ok: hashOk, text: hashOk ? t('chest.hashOk') : t('chest.hashBad') });
  const table = rec.table.map((e) => ({ weight: e.weight, loot: e.loot }));
  const draws = userId === null ? rec.draws : rec.draws.filter((d) => d.user_id === userId);
  for (const d of draws) {
    const draw = chestDraw(rec.seed, rec.week, d.user_id);
    const entry = chestEntryIndex(draw, table);
    const ok = draw === d.draw && entry === d.entry;
    checks.push({ ok, text: t(ok ? 'chest.drawOk' : 'chest.drawBad', { user: d.user_id, loot: lootText(table[entry]!.loot) }) });
  }
  if (userId !== null && draws.length === 0) {
    const draw = chestDraw(rec.seed, rec.week, userId);
    checks.push({ ok: true, text: t('chest.drawWould', { user: userId, loot: lootText(table[chestEntryIndex(draw, table)]!.loot) }) });
  }
  return checks;
}

/**
 * `/chest/verify` (public): recompute any week's draws from its revealed seed. Without `?week=` it
 * shows the game clock's current week (its seed hash is published; a week always has a seed from
 * its start), once the game clock is known: never a week guessed from the wall clock (docs/product.md §10).
 */
export function ChestVerifyPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const gameNow = useKnownGameNow();
  const week = params.get('week') ?? (gameNow === null ? null : chestWeekOf(gameNow));
  const [typedWeek, setWeekInput] = useState<string | null>(null);
  const weekInput = typedWeek ?? week ?? '';
  const [userInput, setUserInput] = useState(params.get('user') ?? '');
  const q = useChestWeek(week !== null && /^\d{4}-\d{2}-\d{2}$/.test(week) ? week : null);
  const userId = /^\d{1,9}$/.test(params.get('user') ?? '') ? Number(params.get('user')) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams({ week: weekInput, ...(userInput ? { user: userInput } : {}) });
  };
  const checks = q.data ? verify(q.data, userId, t) : [];
  return (
    <>
      <PageHeader title={t('chest.verifyTitle')} lead={t('chest.verifyLead')} />
      <section className="panel">
        <form className="filters" onSubmit={submit}>
          <label className="field">{t('chest.weekLabel')}<input value={weekInput} onChange={(e) => setWeekInput(e.target.value)} placeholder="YYYY-MM-DD" data-testid="verify-week" /></label>
          <label className="field">{t('chest.userLabel')}<input value={userInput} inputMode="numeric" onChange={(e) => setUserInput(e.target.value)} data-testid="verify-user" /></label>
          <button type="submit" className="btn btn--primary">{t('chest.verify')}</button>
        </form>
        {q.isError ? <InlineError>{t('chest.noWeek')}</InlineError> : null}
        {q.data ? (
          <>
            <dl className="facts facts--wide">
              <div><dt>{t('chest.weekSeedHash')}</dt><dd className="chest-draw">{q.data.seed_hash}</dd></div>
              <div><dt>{t('chest.seed')}</dt><dd className="chest-draw" data-testid="verify-seed">{q.data.seed ?? t('chest.notRevealed')}</dd></div>
            </dl>
            <ul className="verify-checks" data-testid="verify-checks">
              {checks.map((c, i) => <li key={i} className={c.ok === null ? 'muted' : c.ok ? 'amount--in' : 'amount--out'}>{c.ok === null ? '' : c.ok ? '✓ ' : '✗ '}{c.text}</li>)}
            </ul>
            <h2 className="section-title">{t('chest.table')}</h2>
            <div className="table-wrap">
              <table className="table table--stack">
                <thead><tr><th scope="col">#</th><th scope="col">{t('chest.loot')}</th><th scope="col" className="num">{t('chest.chance')}</th></tr></thead>
                <tbody>
                  {q.data.table.map((e, i) => (
                    <tr key={i}><td data-label="#">{i}</td><td data-label={t('chest.loot')}>{lootText(e.loot)}</td><td className="num" data-label={t('chest.chance')}>{formatPercent(e.weight, 10_000)}</td></tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </section>
    </>
  );
}
