/** `GET /user/balance/{hexo,exo,food,rune}` → `{balance}` in integer base units (spec §7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PATHS } from '@kingdom/api';
import type { Token } from '@kingdom/game';
import { apiGet } from '../client.ts';
import { queryKeys } from '../keys.ts';
import { useIsAuthenticated } from '../use-is-authenticated.ts';

/** Fetches one token balance as a base-unit string. */
export async function getBalance(token: Token): Promise<string> {
  const res = await apiGet<{ balance: string }>(PATHS.balance(token));
  return res.balance;
}

export function balanceQueryOptions(token: Token, enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.balance(token), queryFn: () => getBalance(token), enabled });
}

/** One token balance of the signed-in user. */
export function useBalance(token: Token) {
  return useQuery(balanceQueryOptions(token, useIsAuthenticated()));
}
