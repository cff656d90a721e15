import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { initialParams, type TableParams } from './state';
import { applyPatch, readUrlState, urlPatch } from './url-state';

export function useTableParams(defaults: Partial<TableParams> | undefined, urlState: boolean | string | undefined) {
  const [base] = useState(() => initialParams(defaults));
  const [local, setLocal] = useState(base);
  const search: Record<string, unknown> = useLocation({ select: (location) => location.search });
  const navigate = useNavigate();
  const prefix = typeof urlState === 'string' ? urlState : '';

  const fromUrl = useMemo(
    () => (urlState ? readUrlState(search, base, prefix) : null),
    [urlState, search, base, prefix],
  );
  const params = fromUrl ?? local;

  const setParams = useCallback(
    (next: TableParams, options?: { replace?: boolean }) => {
      if (!urlState) return setLocal(next);
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => applyPatch(prev, urlPatch(next, base, prefix)),
        replace: options?.replace,
      });
    },
    [urlState, navigate, base, prefix],
  );
  return [params, setParams] as const;
}
