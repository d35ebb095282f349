/**
 * The signed-in operator as the console's pages see it (docs/product.md §2 `/console`): their role,
 * and what a role allows. Roles are ordered weakest first — `viewer` reads, `support` acts on
 * players, `admin` moves money and manages operators (the contract's `OPERATOR_ROLES`).
 */
import { createContext, useContext } from 'react';
import { OPERATOR_ROLES, roleAtLeast, type OperatorRole } from '@kingdom/api';

export { OPERATOR_ROLES, roleAtLeast, type OperatorRole };

/** The signed-in operator: wallet address and role. */
export interface ConsoleOperator {
  address: string;
  role: OperatorRole;
  /** Adjustments and payment credits above this many base units (any token) wait for a second admin. */
  twoPersonLimit: string;
  /** Admins other than this operator (who could approve). */
  otherAdmins: number;
}

/** The operator of the console's pages (set by the console's frame once `me` answered). */
export const OperatorContext = createContext<ConsoleOperator | null>(null);

/** The signed-in operator; the frame renders pages only once it is known. */
export function useOperator(): ConsoleOperator {
  const op = useContext(OperatorContext);
  if (!op) throw new Error('useOperator outside the console frame');
  return op;
}

/** True when the signed-in operator's role allows what `needed` allows. */
export function useCan(needed: OperatorRole): boolean {
  return roleAtLeast(useOperator().role, needed);
}
