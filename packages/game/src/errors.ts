/**
 * The error a rule throws: a spec §8 code. The server maps it to `{error, message}` with the
 * catalogue message from `@kingdom/api`.
 */
export class GameError extends Error {
  constructor(public readonly code: string, detail?: string) {
    super(detail ?? code);
    this.name = 'GameError';
  }
}
