/**
 * `/quests` (docs/game-rules.md §14): the player's quests of today and this week, each with its
 * progress (computed by the server from the game's records), reward and a Claim button; a claim
 * toasts what it paid. Visitors see the sign-in prompt.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isToken, TOKEN_SYMBOLS, type QuestKind } from '@kingdom/game';
import type { QuestDto, QuestPeriodDto, QuestRewardDto } from '@kingdom/api';
import { i18n } from '../../i18n/index.ts';
import { enQuests } from '../../i18n/en-quests.ts';
import { esQuests } from '../../i18n/es-quests.ts';
import { formatThousands, formatTokenAmount } from '../../i18n/format.ts';
import { itemName } from '../../i18n/vendor-texts.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SignInPrompt } from '../../components/sign-in-prompt.tsx';
import { CardSkeletons, InlineError } from '../../components/query-state.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { formatCountdown, formatUtc } from '../../components/time-format.ts';
import { useGameNow } from '../../components/use-game-now.ts';
import { useIsAuthenticated } from '../../api/use-is-authenticated.ts';
import { useClaimQuest, useQuests } from './api.ts';
import './quests.css';
import { HallOfFame } from './hall-of-fame.tsx';

i18n.addResourceBundle('en', 'translation', enQuests, true, false);
i18n.addResourceBundle('es', 'translation', esQuests, true, false);

type T = (key: string, values?: Record<string, unknown>) => string;

/** Where the player does each kind of quest. */
const GO: Record<QuestKind, string> = {
  assign_workers: '/goldmine/workers', vendor_purchases: '/vendor', add_votes: '/staking-hub/votes', deposits: '/account/balances',
  upgrades_started: '/goldmine/workers', excellent_mine_days: '/goldmine/performance', exo_mined: '/goldmine/performance', market_sales: '/market',
};

/** An amount of a quest's kind in words: EXO for `exo_mined`, else a whole number. */
function amountText(kind: QuestKind, value: string): string {
  return kind === 'exo_mined' ? formatTokenAmount(value, 'exo') : formatThousands(value);
}

/** A quest's title: "Assign 3 workers", "Mine 1,000 EXO". */
export function questTitle(q: Pick<QuestDto, 'kind' | 'target'>, t: T): string {
  return t(`quests.kinds.${q.kind}`, { count: Number(q.target), target: amountText(q.kind, q.target) });
}

/** One reward in words (items by the name table, i18n/vendor-texts.ts): "20 HEXO", "1 × Toolkit tier 2". */
export function rewardText(r: QuestRewardDto): string {
  if (r.kind === 'token' && isToken(r.key)) return `${formatTokenAmount(r.amount, r.key)} ${TOKEN_SYMBOLS[r.key]}`;
  return `${r.amount} × ${itemName(r.key)}`;
}

function QuestCard({ quest, ended }: { quest: QuestDto; ended: boolean }) {
  const { t } = useTranslation();
  const claim = useClaimQuest();
  // one key per quest and page view: a retry of the same claim is paid once
  const key = useRef<string | null>(null);
  const title = questTitle(quest, t);
  const target = BigInt(quest.target);
  const value = BigInt(quest.progress) > target ? target : BigInt(quest.progress);
  const pct = target === 0n ? 100 : Number((value * 100n) / target);
  const rewards = quest.rewards.map((r) => rewardText(r)).join(' + ');
  const onClaim = () => {
    key.current ??= crypto.randomUUID();
    claim.mutate({ id: quest.id, key: key.current }, { onSuccess: (r) => notifySuccess(t('quests.got', { rewards: r.rewards.map((x) => rewardText(x)).join(' + ') })) });
  };
  return (
    <li className="card vendor-card" data-testid={`quest-${quest.id}`} data-kind={quest.kind}>
      <span className="land-card__name">{title}</span>
      <span className="vendor-card__purpose">{t(`quests.hints.${quest.kind}`)}</span>
      <div className={quest.complete ? 'quest-progress quest-progress--done' : 'quest-progress'} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}
        aria-valuetext={`${amountText(quest.kind, value.toString())} / ${amountText(quest.kind, quest.target)}`}
        aria-label={t('quests.progress', { name: title, value: amountText(quest.kind, value.toString()), target: amountText(quest.kind, quest.target) })}>
        <div className="quest-progress__bar" style={{ width: `${pct}%` }} />
      </div>
      <span className="muted" data-testid="quest-progress">{amountText(quest.kind, value.toString())} / {amountText(quest.kind, quest.target)}</span>
      <span className="quest-card__reward"><span className="quest-card__reward-label">{t('quests.reward')}</span> <span className="vendor-card__price" data-testid="quest-reward">{rewards}</span></span>
      <div className="quest-card__actions">
        {quest.claimed ? (
          <span className="badge badge--gold" data-testid="quest-claimed">✓ {t('quests.claimed')}</span>
        ) : quest.complete ? (
          <button type="button" className="btn btn--gold" disabled={claim.isPending || ended} onClick={onClaim} data-testid="quest-claim">
            {claim.isPending ? t('quests.claiming') : t('quests.claim')}
          </button>
        ) : (
          <Link className="btn btn--ghost" to={GO[quest.kind]} aria-label={`${t('quests.go')}: ${title}`}>{t('quests.go')} →</Link>
        )}
      </div>
    </li>
  );
}

function PeriodSection({ id, title, period, now }: { id: string; title: string; period: QuestPeriodDto; now: number }) {
  const { t } = useTranslation();
  const ends = Date.parse(period.ends_at);
  return (
    <section className="panel" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="panel__title">{title}</h2>
      <p className="muted">{t('quests.ends', { time: formatUtc(period.ends_at), left: formatCountdown(ends, now) })}</p>
      <ul className="card-grid">
        {period.quests.map((q) => <QuestCard key={q.id} quest={q} ended={now >= ends} />)}
      </ul>
      <p className="muted quest-seed"><small>{t('quests.seed', { seed: `${period.seed.slice(0, 16)}…` })}</small></p>
      <p className="muted quest-draw-inputs" data-testid={`${id}-draw-inputs`}>
        <small>{t('quests.drawInputs', { version: period.table_version, flags: t(period.eligibility.cardano_wallet ? 'quests.eligibility.cardano_wallet' : 'quests.eligibility.none') })}</small>
      </p>
    </section>
  );
}

/** `/quests`: today's and this week's quests of the signed-in player. */
export function QuestsPage() {
  const { t } = useTranslation();
  const signedIn = useIsAuthenticated();
  const q = useQuests();
  const now = useGameNow();
  // a new day (or a demo clock moved past it): the next period's quests
  const dailyEnd = q.data ? Date.parse(q.data.daily.ends_at) : null;
  const { refetch } = q;
  useEffect(() => {
    if (dailyEnd !== null && now >= dailyEnd) void refetch();
  }, [dailyEnd, now, refetch]);
  return (
    <>
      <PageHeader title={t('quests.title')} lead={t('quests.lead')} />
      {!signedIn ? <SignInPrompt /> : null}
      {signedIn && q.isPending ? <CardSkeletons count={3} /> : null}
      {q.isError ? <InlineError>{t('quests.loadFailed')}</InlineError> : null}
      {q.data ? (
        <>
          <PeriodSection id="quests-daily" title={t('quests.daily')} period={q.data.daily} now={now} />
          <PeriodSection id="quests-weekly" title={t('quests.weekly')} period={q.data.weekly} now={now} />
        </>
      ) : null}
      <HallOfFame />
    </>
  );
}
