/**
 * The HTTP constants server, web app and the typed client (`./client.ts`) share, in a module of
 * their own that imports nothing: the client and the web app's first page read them without
 * loading the endpoint descriptors (and zod).
 */

/** Prefix of every API path. */
export const API_PREFIX = '/api';

/** Name of the CSRF cookie the server sets and header the client returns (double submit). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Path (under `/api`) of the generated OpenAPI document: served by the server, not an endpoint descriptor. */
export const OPENAPI_PATH = '/docs/json';
