/**
 * Start-up work spread over the browser's tasks (docs/product.md §10 "start-up speed"): each step
 * runs in a macrotask of its own, so that starting a dozen calls or module preloads is a row of
 * short tasks the browser can paint and take input between, not one long task.
 */

/** `scheduler.postTask` (Chromium, Firefox), not yet in TypeScript's DOM types. */
type PostTask = (callback: () => void, options: { priority: 'user-blocking' }) => Promise<void>;

/**
 * Queues `callback` as a task of its own: a `user-blocking` one where the browser has
 * `scheduler.postTask`, so a step waits for no render slice or other queued work (with plain
 * timers the overview's last call started ~150 ms later), else a `setTimeout(…, 0)`.
 */
function queueTask(callback: () => void): void {
  const postTask = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler?.postTask;
  if (postTask) void postTask.call((globalThis as unknown as { scheduler: object }).scheduler, callback, { priority: 'user-blocking' });
  else setTimeout(callback, 0);
}

/**
 * Runs `steps` in order, each in its own task ({@link queueTask}); the first one too. A step that
 * throws is reported to the console and the rest still run.
 * @returns what each step returned, in order (`undefined` for one that threw), once every step has
 *   run (never rejects)
 */
export async function inSeparateTasks<T>(steps: readonly (() => T)[]): Promise<(T | undefined)[]> {
  const results: (T | undefined)[] = [];
  for (const step of steps) {
    results.push(
      await new Promise<T | undefined>((resolve) =>
        queueTask(() => {
          try {
            resolve(step());
          } catch (error) {
            console.error(error);
            resolve(undefined);
          }
        }),
      ),
    );
  }
  return results;
}
