import { useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Open state of a small-screen menu (the side navigation, the account menu). Moving to another
 * page closes it; a redirect does not (issue 18: opened just after tapping Staking-Hub, the menu
 * closed by itself when `/staking-hub` replaced itself with `/staking-hub/activity`). Redirects
 * replace the history entry (`<Navigate replace>`), so only PUSH and POP navigations close it.
 * @returns the open flag and its setter
 */
export function useMenuOpen(): [boolean, (open: boolean) => void] {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [open, setOpen] = useState(false);
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    // adjusting state while rendering (React's documented pattern for "reset on prop change")
    setSeenKey(location.key);
    if (open && navigationType !== 'REPLACE') setOpen(false);
  }
  return [open, setOpen];
}
