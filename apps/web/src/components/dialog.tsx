import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/** Props of {@link Dialog}. */
export interface DialogProps {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** Extra class on the panel, e.g. `dialog--wide`. */
  className?: string;
}

/**
 * A modal dialog (spec §2 modals): `role="dialog"`, labelled by its heading, closed by Escape, the
 * close button or a click on the backdrop; focus moves in on open and back to the opener on close.
 */
export function Dialog({ title, onClose, children, className }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, []);

  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panel} className={className ? `dialog ${className}` : 'dialog'} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
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
    </div>,
    document.body,
  );
}
