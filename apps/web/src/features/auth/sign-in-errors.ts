/** The toast for a failed sign-in, loaded after the failure (with the error catalogue). */
import { ApiError } from '../../api/client.ts';
import { notifyError } from '../../components/notify.ts';
import { errorText } from '../../i18n/errors.ts';
import { WalletError } from '../../wallets/errors.ts';

/** Shows the right toast for a failed sign-in. The HTTP client has already toasted most API errors. */
export function reportSignInError(e: unknown): void {
  if (e instanceof WalletError) notifyError(errorText(e.code));
  else if (e instanceof ApiError) {
    // 401 comes back as a marker without a toast: at sign-in it means the proof was refused.
    if (!e.notified) notifyError(e.message);
  } else notifyError(errorText('UNHANDLED_WALLET_ERROR'));
}
