import { useCallback, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** When (ms, `performance.now()`) the player last clicked or tapped a link anywhere on the page. */
let lastLinkClick = -1;
let listening = false;

function listenForLinkClicks(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('a[href]')) lastLinkClick = performance.now();
  }, { capture: true });
}

/**
 * Open state of a small-screen menu (the side navigation, the account menu). A page change the
 * player started after opening it (a link clicked, Back) closes it; a page change that was already
 * under way does not (docs/product.md §10: opened just after tapping Staking-Hub, the menu closed by itself
 * when that navigation, and then the redirect to `/staking-hub/activity`, landed — the router
 * commits a navigation only once the page's code has loaded). Links inside the menu close it
 * themselves.
 * @returns the open flag and its setter
 */
export function useMenuOpen(): [boolean, (open: boolean) => void] {
  listenForLinkClicks();
  const location = useLocation();
  const navigationType = useNavigationType();
  // when it was opened (performance.now()), or null while closed
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    // adjusting state while rendering (React's documented pattern for "reset on prop change")
    setSeenKey(location.key);
    if (openedAt !== null && (navigationType === 'POP' || lastLinkClick > openedAt)) setOpenedAt(null);
  }
  const setOpen = useCallback((next: boolean) => setOpenedAt(next ? performance.now() : null), []);
  return [openedAt !== null, setOpen];
}
