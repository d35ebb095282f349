/** The chain-money answers as the web app sees them (from the endpoint descriptors of `@kingdom/api`). */
import type { ENDPOINTS, EndpointOutput } from '@kingdom/api';

type Out<N extends keyof typeof ENDPOINTS> = EndpointOutput<(typeof ENDPOINTS)[N]>;

export type ChainInfo = Out<'chainInfo'>;
export type DepositsAnswer = Out<'chainDeposits'>;
export type Deposit = DepositsAnswer['deposits'][number];
export type Withdrawal = Out<'chainWithdrawals'>['withdrawals'][number];
export type SaleRound = Out<'saleRounds'>['rounds'][number];
export type ExoOrder = Out<'exoOrders'>['orders'][number];
export type WalletHoldings = Out<'chainWalletBalance'>;
