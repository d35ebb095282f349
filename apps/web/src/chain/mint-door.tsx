/**
 * 'Mint Your Land' (docs/game-rules.md §2): the external mint page when the deployment names one
 * (`/config` `mint_url`), otherwise a button opening the app's own mint dialog, loaded (with the
 * pages' texts) only when first opened.
 */
import { Suspense, lazy, useState } from 'react';
import { useConfig } from '../api/session-calls.ts';
import { loadPageTexts } from '../i18n/page-texts.ts';

const MintDialog = lazy(() => Promise.all([import('./mint-dialog.tsx'), loadPageTexts()]).then(([m]) => ({ default: m.MintDialog })));

/**
 * The 'Mint Your Land' control. `hexName`: the Valley cell to mint (the dialog also offers "Any").
 * Renders nothing until the configuration is known.
 */
export function MintLandButton({ hexName, className = 'btn btn--gold', label, testId = 'mint-open' }: { hexName?: string; className?: string; label: string; testId?: string }) {
  const config = useConfig().data;
  const [open, setOpen] = useState(false);
  if (!config) return null;
  if (config.mint_url) {
    return <a className={className} href={config.mint_url} target="_blank" rel="noreferrer noopener" data-testid={testId}>{label}</a>;
  }
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} data-testid={testId}>{label}</button>
      {open ? <Suspense fallback={null}><MintDialog hexName={hexName} onClose={() => setOpen(false)} /></Suspense> : null}
    </>
  );
}
