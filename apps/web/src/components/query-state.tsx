import type { ReactNode } from 'react';
import { Skeleton } from './skeleton.tsx';

/** Skeleton cards while a list loads. */
export function CardSkeletons({ count = 6, label }: { count?: number; label?: string }) {
  return (
    <ul className="card-grid" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="card card--skeleton">
          <Skeleton height="1.4em" width="60%" />
          <Skeleton height="0.9em" />
          <Skeleton height="0.9em" width="80%" />
        </li>
      ))}
    </ul>
  );
}

/** Wraps content that may be hidden behind a failed query with a short inline note. */
export function InlineError({ children }: { children: ReactNode }) {
  return (
    <p className="inline-error" role="alert">
      {children}
    </p>
  );
}
