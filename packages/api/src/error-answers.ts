/**
 * The error answers of an endpoint (docs/http-contract.md §1): the catalogue codes its descriptor
 * lists (`errors`) plus the ones every endpoint of its kind may answer, derived from the descriptor —
 * so a descriptor added later (the operator console's) gets them without a line of its own:
 *
 * - every endpoint: 500 `UNHANDLED_ERROR` (a real fault);
 * - every endpoint but those open during maintenance ({@link MAINTENANCE_OPEN_PREFIXES}): 503 `MAINTENANCE`;
 * - every signed-in endpoint (`auth` other than `public` and `demo`): 401 `USER_NOT_AUTH`;
 * - every non-GET endpoint: 419 `CSRF_TOKEN_MISMATCH` (double submit), 422 `VALIDATION_ERROR`, and
 *   `VALIDATION_ERROR` with the statuses of a body the server cannot read ({@link BODY_FORMAT_STATUSES});
 * - every endpoint with params, query or required headers: 422 `VALIDATION_ERROR`;
 * - every rate-limited endpoint (`rateLimit`): 429 `TOO_MANY_REQUESTS`.
 *
 * Each code answers with the catalogue's status (`errorStatus`), so the answers group by status. The
 * server publishes them in OpenAPI ({@link openApiErrorResponses}) and checks every error it answers
 * against them ({@link answersWith}); its tests fail on an answer an endpoint does not list.
 */
import type { ErrorCode } from '@kingdom/game';
import type { Endpoint } from './contract.ts';
import { ERROR_MESSAGES, errorStatus } from './errors.ts';

/**
 * Path prefixes (under `/api`) that still answer in maintenance mode; every other endpoint answers 503 MAINTENANCE.
 * Sign-in and the operator console stay up so an operator can switch maintenance off (docs/http-contract.md §4;
 * the server's list: apps/server/src/http/maintenance.ts).
 */
export const MAINTENANCE_OPEN_PREFIXES = ['/config', '/sanctum', '/health/', '/auth/', '/console/'] as const;

/** True when `path` (under `/api`, e.g. a descriptor's) stays open in maintenance mode. */
export function openInMaintenance(path: string): boolean {
  return MAINTENANCE_OPEN_PREFIXES.some((p) => path.startsWith(p));
}

/**
 * Statuses of a request body the server cannot read, answered `VALIDATION_ERROR` by the framework
 * before any schema: 400 malformed JSON, 413 a body over the limit (1 MiB), 415 not JSON.
 */
export const BODY_FORMAT_STATUSES = [400, 413, 415] as const;

/** The codes every endpoint like `e` may answer, whatever its descriptor lists (see the module comment). */
export function derivedErrorCodes(e: Endpoint): ErrorCode[] {
  const codes: ErrorCode[] = ['UNHANDLED_ERROR'];
  if (!openInMaintenance(e.path)) codes.push('MAINTENANCE');
  if (e.auth !== 'public' && e.auth !== 'demo') codes.push('USER_NOT_AUTH');
  // a suspended account's writes (docs/game-rules.md §15); a player or a weaker operator on the console
  if (e.auth === 'session' && e.method !== 'GET' && e.operationId !== 'notificationsRead') codes.push('ACCOUNT_SUSPENDED');
  if (e.auth === 'operator') codes.push('OPERATOR_FORBIDDEN');
  if (e.method !== 'GET') codes.push('CSRF_TOKEN_MISMATCH');
  if (e.method !== 'GET' || e.params || e.query || e.headers || e.body) codes.push('VALIDATION_ERROR');
  if (e.rateLimit !== undefined) codes.push('TOO_MANY_REQUESTS');
  return codes;
}

/** Every code `e` may answer: its descriptor's `errors` and the derived ones, once each, sorted by status then name. */
export function endpointErrorCodes(e: Endpoint): ErrorCode[] {
  const all = [...new Set<ErrorCode>([...(e.errors ?? []), ...derivedErrorCodes(e)])];
  return all.sort((a, b) => errorStatus(a) - errorStatus(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** One status an endpoint may answer with, and the codes it carries. */
export interface ErrorAnswer {
  status: number;
  codes: ErrorCode[];
}

/** `e`'s error answers grouped by status (ascending), each code under its catalogue status; body-format statuses for non-GET endpoints. */
export function errorAnswers(e: Endpoint): ErrorAnswer[] {
  const by = new Map<number, ErrorCode[]>();
  for (const code of endpointErrorCodes(e)) {
    const s = errorStatus(code);
    by.set(s, [...(by.get(s) ?? []), code]);
  }
  if (e.method !== 'GET') for (const s of BODY_FORMAT_STATUSES) by.set(s, [...new Set<ErrorCode>([...(by.get(s) ?? []), 'VALIDATION_ERROR'])]);
  return [...by.entries()].sort((a, b) => a[0] - b[0]).map(([status, codes]) => ({ status, codes }));
}

const answerKeys = new WeakMap<Endpoint, Set<string>>();

/** True when `e` lists `code` under `status` ({@link errorAnswers}); what the server checks every error answer against. */
export function answersWith(e: Endpoint, status: number, code: string): boolean {
  let keys = answerKeys.get(e);
  if (!keys) {
    keys = new Set(errorAnswers(e).flatMap((a) => a.codes.map((c) => `${a.status} ${c}`)));
    answerKeys.set(e, keys);
  }
  return keys.has(`${status} ${code}`);
}

/** An OpenAPI 3 response object of an error status. */
export interface OpenApiErrorResponse {
  description: string;
  content: { 'application/json': { schema: Record<string, unknown> } };
}

/**
 * `e`'s error answers as OpenAPI 3 responses by status: each describes its codes with their messages
 * (`` `CODE`: message ``, one per line) and its schema is the error body `{error, message, errors?}`
 * with `error` an `enum` of those codes.
 */
export function openApiErrorResponses(e: Endpoint): Record<string, OpenApiErrorResponse> {
  const out: Record<string, OpenApiErrorResponse> = {};
  for (const { status, codes } of errorAnswers(e)) {
    out[String(status)] = {
      description: codes.map((c) => `\`${c}\`: ${ERROR_MESSAGES[c]}`).join('\n\n'),
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['error', 'message'],
            properties: {
              error: { type: 'string', enum: codes, description: 'The catalogue code (docs/product.md §8)' },
              message: { type: 'string', description: "The code's message" },
              errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Per field, what is wrong (VALIDATION_ERROR)' },
            },
          },
        },
      },
    };
  }
  return out;
}
