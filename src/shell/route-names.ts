import { useMemo } from 'react';
import { useRouter, type AnyRoute, type StaticDataRouteOption } from '@tanstack/react-router';

export interface NamedRoute {
  path: string;
  meta: StaticDataRouteOption;
}

/**
 * The route table by the spec's route names (`staticData.name` in src/router.tsx): the menu,
 * breadcrumbs and view buttons link by name. Read from the running router, so the shell and the
 * UI kit need not import the route table.
 */
export function useNamedRoutes(): Record<string, NamedRoute | undefined> {
  const router = useRouter();
  return useMemo(() => {
    const named: Record<string, NamedRoute> = {};
    for (const route of Object.values<AnyRoute>(router.routesById)) {
      const meta = route.options.staticData;
      if (meta?.name) named[meta.name] = { path: route.fullPath, meta };
    }
    return named;
  }, [router]);
}
