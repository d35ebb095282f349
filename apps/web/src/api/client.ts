/**
 * The one HTTP client of the web app (DESIGN.md "Web"; spec §7, §8).
 *
 * baseURL `/api`, cookies sent, JSON headers, XSRF cookie → header, bearer token from the session
 * store, no timeout. Failures are turned into {@link ApiError} after the generic handling of
 * spec §8 has shown its toast.
 */
import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { API_PREFIX, GENERIC_MESSAGES, XSRF_COOKIE, XSRF_HEADER, isErrorCode } from '@kingdom/api';
import { notifyError } from '../components/notify.ts';
import { errorText } from '../i18n/index.ts';
import { useSession } from '../session/session-store.ts';
import { useAppStatus } from '../session/app-status.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The endpoint answers without a body (e.g. 204); don't treat it as missing data. */
    allowEmpty?: boolean;
  }
}

/** Marker returned to the caller on status 401 (spec §8), never toasted by the client. */
export const USER_NOT_AUTH = 'USER_NOT_AUTH';
/** Codes of failures that have no server code. */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const NO_DATA = 'NO_DATA';
export const HTTP_ERROR = 'HTTP_ERROR';

/** A failed call after generic handling. `code` is a catalogue code or one of the markers above. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  /** Field errors of a validation answer. */
  readonly errors: Record<string, string[]> | undefined;
  /** True when the client already showed a toast for it. */
  readonly notified: boolean;

  constructor(code: string, message: string, opts: { status?: number; errors?: Record<string, string[]>; notified?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = opts.status;
    this.errors = opts.errors;
    this.notified = opts.notified ?? false;
  }
}

/** True when `e` is the spec §8 USER_NOT_AUTH marker. */
export function isNotAuth(e: unknown): boolean {
  return e instanceof ApiError && e.code === USER_NOT_AUTH;
}

interface ErrorShape {
  error?: unknown;
  message?: unknown;
  errors?: unknown;
}

function asErrorShape(data: unknown): ErrorShape {
  return data !== null && typeof data === 'object' ? (data as ErrorShape) : {};
}

function isEmptyBody(data: unknown): boolean {
  return data === undefined || data === null || data === '';
}

/**
 * Spec §8 generic handling of a failed call: decides the toast and the error the caller gets.
 * Exported for tests; the interceptor below is its only caller in the app.
 */
export function handleFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (!(error instanceof AxiosError)) {
    const message = error instanceof Error ? error.message : errorText('unavailable', GENERIC_MESSAGES.unavailable);
    notifyError(message);
    return new ApiError(HTTP_ERROR, message, { notified: true });
  }
  const res = error.response;
  if (!res) {
    notifyError(errorText('unavailable', GENERIC_MESSAGES.unavailable));
    return new ApiError(NETWORK_ERROR, errorText('unavailable', GENERIC_MESSAGES.unavailable), { notified: true });
  }
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
  else if (serverCode && isErrorCode(serverCode)) message = serverMessage ?? errorText(serverCode);
  notifyError(message);
  return new ApiError(serverCode === 'invalid_grant' ? 'invalid_grant' : code, message, { status: res.status, errors, notified: true });
}

/** The axios instance. Prefer {@link apiGet}/{@link apiPost}. */
export const http = axios.create({
  baseURL: API_PREFIX,
  withCredentials: true,
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  xsrfCookieName: XSRF_COOKIE,
  xsrfHeaderName: XSRF_HEADER,
  timeout: 0,
});

http.interceptors.request.use((config) => {
  const { token } = useSession.getState();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

http.interceptors.response.use(
  (res: AxiosResponse) => {
    if (!res.config.allowEmpty && isEmptyBody(res.data)) {
      notifyError(errorText('noData', GENERIC_MESSAGES.noData));
      throw new ApiError(NO_DATA, errorText('noData', GENERIC_MESSAGES.noData), { status: res.status, notified: true });
    }
    return res;
  },
  (error: unknown) => Promise.reject(handleFailure(error)),
);

/** Strips an optional leading `api/` so callers may pass either form (spec §7 "api/ prefix optional"). */
function normalisePath(path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  return p.startsWith(`${API_PREFIX}/`) ? p.slice(API_PREFIX.length) : p;
}

/** Generic GET (spec §7): resolves with the answer body. */
export async function apiGet<T>(path: string, config?: AxiosRequestConfig): Promise<T> {
  const res = await http.get<T>(normalisePath(path), config);
  return res.data;
}

/** Generic POST (spec §7): sends `body` as JSON, resolves with the answer body. */
export async function apiPost<T>(path: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const res = await http.post<T>(normalisePath(path), body ?? {}, config);
  return res.data;
}
