import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { initialParams, type TableParams } from './state';
import { applyPatch, readUrlState, urlPatch } from './url-state';

/**
 * The table's params, either in React state or (urlState set) in the URL's search params so that
 * back/forward restore them. `urlState` may be a prefix string for pages with several tables.
 */
export function useTableParams(defaults: Partial<TableParams> | undefined, urlState: boolean | string | undefined) {
  // Defaults are read once: a table's starting point does not change while it is shown.
  const [base] = useState(() => initialParams(defaults));
  const [local, setLocal] = useState(base);
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const prefix = typeof urlState === 'string' ? urlState : '';

  const fromUrl = useMemo(() => (urlState ? readUrlState(search, base, prefix) : null), [urlState, search, base, prefix]);
  const params = fromUrl ?? local;

  const setParams = useCallback(
    (next: TableParams, options?: { replace?: boolean }) => {
      if (!urlState) return setLocal(next);
      void navigate({
        to: '.',
        search: ((prev: Record<string, unknown>) => applyPatch(prev, urlPatch(next, base, prefix))) as any,
        replace: options?.replace,
      });
    },
    [urlState, navigate, base, prefix],
  );
  return [params, setParams] as const;
}
