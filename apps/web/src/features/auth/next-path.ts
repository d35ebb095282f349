/**
 * Where a sign-in goes on to: the page that sent the visitor to `/login?next=<path>` (e.g. the operator
 * console), else the dashboard. Only a path of this site is followed (one leading `/`, no scheme, no
 * `//host`, no backslash), so a crafted link cannot send a fresh session to another site.
 */
import { PATHS_WEB } from '../../paths.ts';

/** The `next` of `search` (a location's `?…`) when it is a path of this site, else the overview. */
export function nextPathAfterSignIn(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.includes('\\') || next.length > 512) return PATHS_WEB.overview;
  if (!/^\/[A-Za-z0-9/_\-.~?=&%]*$/.test(next)) return PATHS_WEB.overview;
  return next;
}
