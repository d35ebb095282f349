/**
 * The generic handling of a failed call (docs/product.md §8): the toast and the {@link ApiError} the caller
 * gets. Loaded by the HTTP client with the first failure, together with the error catalogue.
 */
import { GENERIC_MESSAGES, isErrorCode } from '@kingdom/api';
import { notifyError } from '../components/notify.ts';
import { errorText } from '../i18n/errors.ts';
import { i18n } from '../i18n/index.ts';
import { useAppStatus } from '../session/app-status.ts';
import { ApiError, HTTP_ERROR, HttpNetworkError, HttpResponseError, NETWORK_ERROR, NO_DATA, USER_NOT_AUTH } from './client.ts';

interface ErrorShape {
  error?: unknown;
  message?: unknown;
  errors?: unknown;
}

function asErrorShape(data: unknown): ErrorShape {
  return data !== null && typeof data === 'object' ? (data as ErrorShape) : {};
}

/**
 * docs/product.md §8 generic handling of a failed call: decides the toast and the error the caller gets.
 * The client (client.ts) is its only caller in the app.
 */
export function handleFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpNetworkError) {
    notifyError(errorText('unavailable', GENERIC_MESSAGES.unavailable));
    return new ApiError(NETWORK_ERROR, errorText('unavailable', GENERIC_MESSAGES.unavailable), { notified: true });
  }
  if (!(error instanceof HttpResponseError)) {
    const message = error instanceof Error ? error.message : errorText('unavailable', GENERIC_MESSAGES.unavailable);
    notifyError(message);
    return new ApiError(HTTP_ERROR, message, { notified: true });
  }
  const res = error;
  const body = asErrorShape(res.data);
  const serverCode = typeof body.error === 'string' ? body.error : undefined;
  const serverMessage = typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
  const errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : undefined;

  if (res.status === 401) {
    // The caller decides (logout, or show the sign-in failure); the marker carries the server text.
    return new ApiError(USER_NOT_AUTH, serverMessage ?? errorText('USER_NOT_AUTH'), { status: 401, errors });
  }
  if (res.status === 503 && serverCode === 'MAINTENANCE') {
    useAppStatus.getState().setMaintenance(true);
    return new ApiError('MAINTENANCE', serverMessage ?? errorText('MAINTENANCE'), { status: 503 });
  }
  const code = serverCode && isErrorCode(serverCode) ? serverCode : HTTP_ERROR;
  let message: string = errorText('unavailable', GENERIC_MESSAGES.unavailable);
  if (errors && serverMessage) message = serverMessage;
  else if (serverCode === 'invalid_grant' && serverMessage) message = serverMessage;
  // the server speaks English: in another language the catalogue's own text of the code (docs/product.md §10)
  else if (serverCode && isErrorCode(serverCode)) message = i18n.language !== 'en' ? errorText(serverCode) : serverMessage ?? errorText(serverCode);
  notifyError(message);
  return new ApiError(serverCode === 'invalid_grant' ? 'invalid_grant' : code, message, { status: res.status, errors, notified: true });
}

/** A 2xx answer without the data the endpoint promised: toasted, and the error the caller gets. */
export function noDataFailure(status: number): ApiError {
  notifyError(errorText('noData', GENERIC_MESSAGES.noData));
  return new ApiError(NO_DATA, errorText('noData', GENERIC_MESSAGES.noData), { status, notified: true });
}
