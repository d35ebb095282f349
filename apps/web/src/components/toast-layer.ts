/**
 * Where the toasts live in the DOM (docs/product.md §10: toasts showed under an open dialog's backdrop, dimmed
 * and not clickable). A modal `<dialog>` sits in the browser's top layer and makes everything outside
 * it inert, so the toast container's host element moves into the topmost open dialog while one is
 * open, and back to `<body>` after. React renders the container into the host through a portal,
 * which only manages the host's children: moving the host itself is safe, toasts keep their state.
 */

let host: HTMLDivElement | undefined;
const openDialogs: HTMLDialogElement[] = [];

/** Puts the host in the topmost open dialog, else at the end of `<body>`. */
function place(): void {
  if (!host) return;
  const target = openDialogs.at(-1) ?? document.body;
  if (host.parentElement !== target) target.append(host);
}

/** The element the toast container renders into (created once, placed as {@link place} says). */
export function toastLayer(): HTMLElement {
  if (!host) {
    host = document.createElement('div');
    host.className = 'toast-layer';
    place();
  }
  return host;
}

/** A modal dialog opened: toasts now show inside it, above its backdrop. */
export function dialogOpened(dialog: HTMLDialogElement): void {
  openDialogs.push(dialog);
  place();
}

/** A dialog closed: toasts go back to the next open dialog or to `<body>`. */
export function dialogClosed(dialog: HTMLDialogElement): void {
  const i = openDialogs.lastIndexOf(dialog);
  if (i >= 0) openDialogs.splice(i, 1);
  place();
}
