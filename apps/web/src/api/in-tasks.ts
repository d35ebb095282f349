/**
 * Start-up work spread over the browser's tasks (docs/product.md §10 "start-up speed"): each step
 * runs in a macrotask of its own, so that starting a dozen calls or module preloads is a row of
 * short tasks the browser can paint and take input between, not one long task.
 */

/**
 * Runs `steps` in order, each in its own task (`setTimeout(…, 0)`); the first one too. A step that
 * throws is reported to the console and the rest still run.
 * @returns when every step has run (never rejects)
 */
export function inSeparateTasks(steps: readonly (() => void)[]): Promise<void> {
  return steps.reduce<Promise<void>>(
    (before, step) =>
      before.then(
        () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              try {
                step();
              } catch (error) {
                console.error(error);
              }
              resolve();
            }, 0),
          ),
      ),
    Promise.resolve(),
  );
}
