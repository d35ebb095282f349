import { useTranslation } from 'react-i18next';
import type { MineKind } from '@kingdom/api';
import { TOKEN_SYMBOLS, WORKER_SALARY_HEXO, type Token } from '@kingdom/game';
import { formatTokenAmount } from '../../i18n/format.ts';
import { useBalance, useInventoryItems } from '../../api/account-calls.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CardSkeletons } from '../../components/query-state.tsx';
import { serverNow } from '../../components/use-game-now.ts';
import { useNow } from '../../components/use-now.ts';
import { useMines, useWorkerNfts } from './api.ts';
import { MINE_KINDS, eligibleWorkers, salaryOf } from './kinds.ts';
import { MineCard } from './mine-card.tsx';
import { itemCounts } from './mine-rules.ts';
import { MinesGate } from './mines-gate.tsx';
import { useSession } from '../../session/session-store.ts';

function BalanceOf({ token }: { token: Token }) {
  const { t } = useTranslation();
  const balance = useBalance(token);
  return (
    <>
      {t('mines.balanceOf', { token: TOKEN_SYMBOLS[token], amount: balance.data === undefined ? t('dashboard.unknown') : formatTokenAmount(balance.data, token) })}
    </>
  );
}

/** The kind's salary rule and the balances that pay it (docs/game-rules.md §3–§4). */
function SalaryNote({ kind }: { kind: MineKind }) {
  const { t } = useTranslation();
  const view = MINE_KINDS[kind];
  return (
    <p className="notice mines-note">
      {t(view.texts.note, {
        default: formatTokenAmount(WORKER_SALARY_HEXO.default, 'hexo'),
        common: formatTokenAmount(WORKER_SALARY_HEXO.common, 'hexo'),
        uncommon: formatTokenAmount(WORKER_SALARY_HEXO.uncommon, 'hexo'),
        rare: formatTokenAmount(WORKER_SALARY_HEXO.rare, 'hexo'),
        epic: formatTokenAmount(WORKER_SALARY_HEXO.epic, 'hexo'),
        food: formatTokenAmount(salaryOf(kind, null), view.rules.salaryToken),
      })}{' '}
      <strong data-testid="salary-balance">
        {view.salaryTokens.map((token, i) => (
          <span key={token}>
            {i > 0 ? ' · ' : null}
            <BalanceOf token={token} />
          </span>
        ))}
      </strong>
    </p>
  );
}

/**
 * The mines in the order the page shows them: the session's selected land first (docs/product.md §3
 * `selectedLand`: the land the mines pages open on), the others as the server listed them.
 */
export function openOnSelected<M extends { land: { hex_name: string } }>(mines: readonly M[], selectedLand: string): M[] {
  const i = mines.findIndex((m) => m.land.hex_name === selectedLand);
  return i <= 0 ? [...mines] : [mines[i]!, ...mines.slice(0, i), ...mines.slice(i + 1)];
}

function WorkersBody({ kind }: { kind: MineKind }) {
  const { t } = useTranslation();
  const selectedLand = useSession((s) => s.selectedLand);
  const mines = useMines(kind);
  const workers = useWorkerNfts();
  const items = useInventoryItems();
  const browserNow = useNow();
  if (mines.isPending) return <CardSkeletons count={2} label={t('mines.yourMines')} />;
  if (!mines.data) return <EmptyState title={t('mines.noLands')} text={t('mines.noLandsText')} />;
  if (mines.data.mines.length === 0) return <EmptyState title={t('mines.noLands')} text={t('mines.noLandsText')} />;
  // The server's clock at answer time, moved on by the time since (the demo clock runs ahead).
  const now = serverNow(mines.data.now, mines.dataUpdatedAt, browserNow);
  const counts = itemCounts(items.data);
  const free = mines.data.mines[0] ? eligibleWorkers(mines.data.mines[0], workers.data).length : 0;
  return (
    <>
      <SalaryNote kind={kind} />
      <p className="muted" data-testid="free-workers">
        {t(MINE_KINDS[kind].texts.free, { count: free })}
      </p>
      <ul className="mine-grid" aria-label={t('mines.yourMines')}>
        {openOnSelected(mines.data.mines, selectedLand).map((mine) => (
          <MineCard key={mine.land.hex_name} mine={mine} workers={workers.data} items={counts} now={now} />
        ))}
      </ul>
    </>
  );
}

/** `/goldmine/workers` and `/frenmine/workers`: one card per land mine of the player. */
export function MinesWorkersPanel({ kind }: { kind: MineKind }) {
  return (
    <MinesGate>
      <WorkersBody kind={kind} />
    </MinesGate>
  );
}
