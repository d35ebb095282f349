import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { dialogClosed, dialogOpened } from './toast-layer.ts';

/** Props of {@link Dialog}. */
export interface DialogProps {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** Extra class on the panel, e.g. `dialog--wide`. */
  className?: string;
}

/**
 * A modal dialog (docs/product.md §2 modals) on the platform's `<dialog>` opened with `showModal()`: the
 * browser makes the rest of the page inert (focus cannot leave it), closes it on Escape, and labels
 * it by its heading. The close button or a click on the backdrop close it too; focus goes back to
 * the element that opened it. While it is open the toasts render inside it (toast-layer.ts), above
 * its backdrop and clickable.
 */
export function Dialog({ title, onClose, children, className }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialogOpened(dialog);
    // Escape fires `cancel`: let the owner unmount us rather than the browser hiding the dialog.
    const onCancel = (e: Event) => {
      e.preventDefault();
      close();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialogClosed(dialog);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      // a click on the backdrop lands on the <dialog> itself, one on the content on its panel
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="dialog__panel">
      <header className="dialog__head">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="btn btn--ghost dialog__close" onClick={onClose} aria-label={t('dialog.close')}>
          ×
        </button>
      </header>
      <div className="dialog__body">{children}</div>
      </div>
    </dialog>,
    document.body,
  );
}
