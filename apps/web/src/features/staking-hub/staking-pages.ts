/**
 * The Staking Hub's pages, as the route table loads them: one lazy import for the whole feature, so
 * its pages share one chunk and the entry chunk (which /login downloads) names one file and one
 * import in its preload table instead of one per page. Each page lives in its own file.
 */
export { StakingLayout } from './staking-layout.tsx';
export { StakingProjectsPage } from './staking-projects-page.tsx';
export { StakingUserPage } from './staking-user-page.tsx';
export { StakingVotesPage } from './staking-votes-page.tsx';
export { CollectionPage } from './collection-page.tsx';
export { StakingReportRoute } from './staking-report-dialog.tsx';
