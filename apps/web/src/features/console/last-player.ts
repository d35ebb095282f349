/** The last player page an operator opened (the navigation's "Player" leads back to it), for this tab only. */
const KEY = 'kingdom.console.player';

/** The id of the last player page opened in this tab, or null. */
export function lastPlayer(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

/** Remembers `id` as the last player page opened. */
export function rememberPlayer(id: string): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, id);
  } catch {
    // storage refused: the navigation then leads to the search
  }
}
