/** Hook: true while a session token is present (docs/product.md §4). */
import { selectIsAuthenticated, useSession } from '../session/session-store.ts';

export function useIsAuthenticated(): boolean {
  return useSession(selectIsAuthenticated);
}
