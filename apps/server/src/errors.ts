/**
 * Errors the server answers with: a catalogue code from `@kingdom/api` (docs/product.md §8). Routes throw
 * {@link ApiError}; rules from `@kingdom/game` throw `GameError`; the app's error handler maps both
 * to `{error, message}` with the code's status.
 */
import { ERROR_MESSAGES, errorStatus, type ErrorCode } from '@kingdom/api';

export class ApiError extends Error {
  readonly status: number;
  constructor(public readonly code: ErrorCode, public readonly errors?: Record<string, string[]>) {
    super(ERROR_MESSAGES[code]);
    this.name = 'ApiError';
    this.status = errorStatus(code);
  }
}

/** Throws the catalogue error `code`. */
export function fail(code: ErrorCode, errors?: Record<string, string[]>): never {
  throw new ApiError(code, errors);
}
