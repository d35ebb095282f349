/**
 * The HTTP constants both sides share, in a module of their own: the web app's first page needs
 * them, and importing them from `paths.ts` would also bring every endpoint descriptor (and zod).
 */

/** Prefix of every API path. */
export const API_PREFIX = '/api';

/** Name of the CSRF cookie the server sets and header the client returns (double submit). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
