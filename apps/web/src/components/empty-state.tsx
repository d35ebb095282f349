import type { ReactNode } from 'react';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  title: string;
  text?: string;
  children?: ReactNode;
}

/** An honest "nothing here" panel (docs/product.md §2 empty states). */
export function EmptyState({ title, text, children }: EmptyStateProps) {
  return (
    <section className="empty-state" role="status">
      <div className="empty-state__sigil" aria-hidden="true">
        ✦
      </div>
      <h2 className="empty-state__title">{title}</h2>
      {text ? <p className="empty-state__text">{text}</p> : null}
      {children ? <div className="empty-state__actions">{children}</div> : null}
    </section>
  );
}
