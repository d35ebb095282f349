/**
 * Toast helpers. Toasts appear top-right, close after 5000 ms, dark theme (spec §9); those options
 * live on the one `ToastContainer` in the app providers. The message doubles as toast id so a burst
 * of failing calls shows one toast, not ten.
 */
import { toast } from 'react-toastify';

/** Shows an error toast. */
export function notifyError(message: string): void {
  toast.error(message, { toastId: `error:${message}` });
}

/** Shows a success toast. */
export function notifySuccess(message: string): void {
  toast.success(message, { toastId: `success:${message}` });
}
