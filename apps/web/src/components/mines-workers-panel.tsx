import { useTranslation } from 'react-i18next';
import type { MineKind } from '@kingdom/api';
import { FREN_SALARY_FOOD, WORKER_SALARY_HEXO, formatTokenAmount } from '@kingdom/game';
import { useBalance } from '../api/endpoints/balance.ts';
import { useInventoryItems } from '../api/endpoints/inventory-items.ts';
import { useMines } from '../api/endpoints/mines.ts';
import { useWorkerNfts } from '../api/endpoints/worker-nfts.ts';
import { EmptyState } from './empty-state.tsx';
import { MineCard } from './mine-card.tsx';
import { itemCounts } from './mine-rules.ts';
import { MinesGate } from './mines-gate.tsx';
import { CardSkeletons } from './query-state.tsx';
import { eligibleWorkers } from './set-worker-dialog.tsx';
import { serverNow } from './use-game-now.ts';
import { useNow } from './use-now.ts';

function SalaryNote({ kind }: { kind: MineKind }) {
  const { t } = useTranslation();
  const token = kind === 'goldmine' ? 'hexo' : 'food';
  const balance = useBalance(token);
  const hexo = useBalance('hexo');
  const amount = (v: string | undefined, tk: 'hexo' | 'food') => (v === undefined ? t('dashboard.unknown') : formatTokenAmount(v, tk));
  return (
    <p className="notice mines-note">
      {kind === 'goldmine'
        ? t('mines.goldNote', {
            default: formatTokenAmount(WORKER_SALARY_HEXO.default, 'hexo'),
            common: formatTokenAmount(WORKER_SALARY_HEXO.common, 'hexo'),
            uncommon: formatTokenAmount(WORKER_SALARY_HEXO.uncommon, 'hexo'),
            rare: formatTokenAmount(WORKER_SALARY_HEXO.rare, 'hexo'),
            epic: formatTokenAmount(WORKER_SALARY_HEXO.epic, 'hexo'),
          })
        : t('mines.frenNote', { food: formatTokenAmount(FREN_SALARY_FOOD, 'food') })}{' '}
      <strong data-testid="salary-balance">
        {kind === 'goldmine'
          ? t('mines.balanceHexo', { amount: amount(balance.data, 'hexo') })
          : t('mines.balanceFood', { food: amount(balance.data, 'food'), hexo: amount(hexo.data, 'hexo') })}
      </strong>
    </p>
  );
}

function WorkersBody({ kind }: { kind: MineKind }) {
  const { t } = useTranslation();
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
        {kind === 'goldmine' ? t('mines.freeWorkers', { count: free }) : t('mines.freeFrens', { count: free })}
      </p>
      <ul className="mine-grid" aria-label={t('mines.yourMines')}>
        {mines.data.mines.map((mine) => (
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
