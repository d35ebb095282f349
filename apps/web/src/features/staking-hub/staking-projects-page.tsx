import { useLocation } from 'react-router';
import { StakingActivityPage } from './staking-activity-page.tsx';
import { StakingBoardPage } from './staking-board-page.tsx';
import { StakingMarketPage } from './staking-market-page.tsx';

/**
 * `/staking-hub/activity`, `/solana`, `/cardano` and `/market`: the tab's page by path (one route
 * table entry for the four tabs, one lazy page less in the entry chunk /login downloads).
 */
export function StakingProjectsPage() {
  const path = useLocation().pathname;
  if (path.endsWith('/market')) return <StakingMarketPage />;
  if (path.endsWith('/activity')) return <StakingActivityPage />;
  return <StakingBoardPage />;
}
