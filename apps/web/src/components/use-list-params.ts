/** Page and search of a list kept in the URL (`?page=2&search=…`), so back/forward and links work. */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = params.get('search') ?? '';
  const setPage = useCallback(
    (p: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p > 1) next.set('page', String(p));
        else next.delete('page');
        return next;
      }),
    [setParams],
  );
  const setSearch = useCallback(
    (s: string) =>
      setParams(() => {
        const next = new URLSearchParams();
        if (s) next.set('search', s);
        return next;
      }),
    [setParams],
  );
  return { page, search, setPage, setSearch };
}
