/**
 * This week's halls of fame (docs/game-rules.md §14.7): EXO mined, average effectivity and quests completed, per chain,
 * paged, and the signed-in player's own rank. Public: visitors see the boards too.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HALL_OF_FAME_BOARDS, type HallOfFameBoard } from '@kingdom/api';
import { HALL_EFFECTIVITY_MIN_WORKED_DAYS } from '@kingdom/game';
import { i18n } from '../../i18n/index.ts';
import { formatThousands, formatTokenAmount } from '../../i18n/format.ts';
import { Pager } from '../../components/pager.tsx';
import { useSession } from '../../session/session-store.ts';
import { useHallOfFame, useHallOfFameMe } from './api.ts';

/** Basis points as a percentage with two decimals in the player's language: `9750` → `97.50%` (Spanish `97,50 %`). */
export function basisPointsText(bp: string): string {
  return (Number(bp) / 10_000).toLocaleString(i18n.language || 'en', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

const valueText = (board: HallOfFameBoard, v: string) =>
  board === 'exo_mined' ? `${formatTokenAmount(v, 'exo')} EXO` : board === 'average_effectivity' ? basisPointsText(v) : formatThousands(v);

/** The hall-of-fame section of the quests page. */
export function HallOfFame() {
  const { t } = useTranslation();
  const walletType = useSession((s) => s.walletType);
  const myId = useSession((s) => s.userId);
  const [chain, setChain] = useState<'cardano' | 'solana'>(walletType === 'solana' ? 'solana' : 'cardano');
  const [board, setBoard] = useState<HallOfFameBoard>('exo_mined');
  const [page, setPage] = useState(1);
  const q = useHallOfFame({ chain, board, page });
  const me = useHallOfFameMe({ chain, board });
  return (
    <section className="panel" aria-labelledby="hall-title" data-testid="hall-of-fame">
      <h2 id="hall-title" className="panel__title">{t('quests.hall.title')}</h2>
      <p className="muted">{t('quests.hall.lead')}</p>
      <div className="filters hall-filters">
        <div role="group" aria-label={t('quests.hall.board')} className="hall-boards">
          {HALL_OF_FAME_BOARDS.map((b) => (
            <button key={b} type="button" className={b === board ? 'btn btn--primary' : 'btn btn--ghost'} aria-pressed={b === board} onClick={() => { setBoard(b); setPage(1); }} data-testid={`hall-board-${b}`}>
              {t(`quests.hall.boards.${b}`)}
            </button>
          ))}
        </div>
        <label className="field">{t('quests.hall.chain')}
          <select value={chain} onChange={(e) => { setChain(e.target.value as 'cardano' | 'solana'); setPage(1); }} data-testid="hall-chain">
            <option value="cardano">{t('quests.hall.chains.cardano')}</option>
            <option value="solana">{t('quests.hall.chains.solana')}</option>
          </select>
        </label>
      </div>
      {board === 'average_effectivity' ? <p className="muted" data-testid="hall-rule">{t('quests.hall.effectivityRule', { days: HALL_EFFECTIVITY_MIN_WORKED_DAYS })}</p> : null}
      {me.data ? (
        <p className="hall-me" data-testid="hall-me">
          {me.data.rank === null ? t('quests.hall.meNone') : t('quests.hall.me', { rank: formatThousands(me.data.rank), total: formatThousands(me.data.total), value: valueText(board, me.data.value) })}
        </p>
      ) : null}
      {q.data && q.data.rows.length === 0 ? <p className="muted">{t('quests.hall.empty')}</p> : null}
      {q.data && q.data.rows.length > 0 ? (
        <div className="table-wrap">
          <table className="table table--stack" data-testid="hall-table">
            <caption className="sr-only">{t('quests.hall.caption', { board: t(`quests.hall.boards.${board}`), chain: t(`quests.hall.chains.${chain}`), week: q.data.week })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('quests.hall.rank')}</th><th scope="col">{t('quests.hall.player')}</th><th scope="col" className="num">{t(`quests.hall.boards.${board}`)}</th>
                {board === 'average_effectivity' ? <th scope="col" className="num">{t('quests.hall.workedSlots')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {q.data.rows.map((r) => (
                <tr key={r.user_id} data-testid="hall-row" className={r.user_id === myId ? 'hall-row--me' : undefined}>
                  <td className="num" data-label={t('quests.hall.rank')}>{r.rank}</td>
                  <td data-label={t('quests.hall.player')}>{r.name}{r.user_id === myId ? ` (${t('quests.hall.you')})` : ''}</td>
                  <td className="num" data-label={t(`quests.hall.boards.${board}`)}>{valueText(board, r.value)}</td>
                  {board === 'average_effectivity' ? <td className="num" data-label={t('quests.hall.workedSlots')}>{formatThousands(r.worked_slots ?? '0')}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {q.data ? <Pager page={q.data.page} perPage={q.data.per_page} total={q.data.total} onPage={setPage} disabled={q.isFetching} /> : null}
    </section>
  );
}
