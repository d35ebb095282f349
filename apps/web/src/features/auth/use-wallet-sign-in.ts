/** Hook running a wallet sign-in and putting its result in the session. */
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Chain } from '@kingdom/api';
import { queryKeys } from '../../api/keys.ts';
import { notifySuccess } from '../../components/notify.ts';
import { useSession } from '../../session/session-store.ts';
import { nextPathAfterSignIn } from './next-path.ts';

/**
 * Returns `signIn(chain, apiName, hardware?)` and the id of the wallet being signed in with, if any.
 * `hardware`: sign a transaction instead of a message (Ledger / Trezor; the HD flag), on either chain.
 */
export function useWalletSignIn() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const qc = useQueryClient();
  const { t } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);

  const signIn = useCallback(
    async (chain: Chain, apiName: string, hardware = false) => {
      setPending(`${chain}:${apiName}`);
      try {
        // wallet code (address codecs, the demo wallet's crypto) loads on the click, not with the page
        const { signInWithCardano, signInWithSolana } = await import('./sign-in.ts');
        const res = chain === 'cardano' ? await signInWithCardano(apiName, hardware) : await signInWithSolana(apiName, hardware);
        qc.removeQueries({ queryKey: queryKeys.me });
        // the login answer is the user: the frame and the dashboard need not ask again
        qc.setQueryData(queryKeys.user, res.login.user);
        useSession.getState().signIn({
          token: res.login.token,
          user: res.login.user,
          chain: res.chain,
          address: res.address,
          walletApiName: apiName,
          solanaWalletType: chain === 'solana' ? res.walletName : undefined,
          isHD: res.hardware,
        });
        notifySuccess(t('login.connected'));
        // back to the page that asked for the sign-in (`/login?next=…`), else the dashboard
        await navigate(nextPathAfterSignIn(search), { replace: true });
      } catch (e) {
        // how to explain it (and the error catalogue) loads after the failure, not with the page
        void import('./sign-in-errors.ts').then(({ reportSignInError }) => reportSignInError(e));
      } finally {
        setPending(null);
      }
    },
    [navigate, qc, t, search],
  );

  return { signIn, pending };
}
