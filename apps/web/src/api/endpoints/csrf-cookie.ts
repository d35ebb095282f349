/** `GET /sanctum/csrf-cookie`: sets the XSRF-TOKEN cookie (spec §7, at startup). */
import { PATHS } from '@kingdom/api';
import { apiGet } from '../client.ts';

/** Asks the server for the CSRF cookie. The answer has no body. */
export async function fetchCsrfCookie(): Promise<void> {
  await apiGet<unknown>(PATHS.csrfCookie, { allowEmpty: true });
}
