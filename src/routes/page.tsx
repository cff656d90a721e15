import { createRoute, lazyRouteComponent, stripSearchParams, type ParamsOptions } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { hasRight, type SessionUser } from '../session';
import { NotFoundPage } from '../shell/NotFoundPage';
import { NoAccessPage } from '../shell/NoAccessPage';
import { RouteError } from '../shell/RouteError';
import {
  appLayout,
  ForbiddenRoute,
  isBadParams,
  registerAppPage,
  searchOf,
  type RouteMeta,
  type SearchSchema,
} from './kit';

/** A detail route's `$id` as a number: a whole number above zero, anything else is a page that does not exist. */
const idSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/, 'Deze pagina bestaat niet'), v.transform(Number)),
});
export const idParams = {
  parse: (raw: { id: string }) => v.parse(idSchema, raw),
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
};

/** What a loader gets: `search` is the URL's, as the page's tables read it. */
interface LoadArgs<TParams> {
  queryClient: QueryClient;
  params: TParams;
  search: Record<string, unknown>;
  user: SessionUser;
}

/**
 * What a page's route owns besides its component: its params, the data it loads, and what shows while and when that
 * fails.
 */
interface PageData<TPath extends string, TParams, TSearch extends object> {
  /** Parses the path params before anything loads (`idParams`); a failure shows `loadError` or the not-found page. */
  params?: ParamsOptions<TPath, TParams>['params'];
  /** The search params the page reads, with their defaults; a value equal to its default stays out of the URL. */
  search?: { schema: SearchSchema<TSearch>; defaults: Partial<TSearch> };
  /** Loads the page's data before it shows (and on hover): `queryClient.ensureQueryData(factory)`. */
  loader?: (args: LoadArgs<TParams>) => Promise<unknown>;
  /**
   * A list's first page: starts loading on hover and on entering, without holding the page back (the table shows its
   * loading rows).
   */
  preload?: (args: LoadArgs<TParams>) => void;
  /** The spec's notice when the page's data cannot be loaded. */
  loadError?: string;
}

const pending = () => (
  <div className="panel muted" aria-busy>
    Laden…
  </div>
);

export const page = <
  TPath extends string,
  TParams = Record<string, string>,
  TSearch extends object = Record<string, unknown>,
>(
  path: TPath,
  meta: RouteMeta,
  load: () => Promise<Record<string, unknown>>,
  exportName: string,
  data: PageData<TPath, TParams, TSearch> = {},
) => {
  const route = createRoute({
    getParentRoute: () => appLayout,
    path,
    staticData: meta,
    component: lazyRouteComponent(load, exportName),
    params: data.params,
    validateSearch: data.search && searchOf(data.search.schema),
    beforeLoad: ({ context }) => {
      if (meta.right && !hasRight(context.user, meta.right)) throw new ForbiddenRoute();
    },
    loader:
      (data.loader || data.preload) &&
      (({ context, params, location }) => {
        const args: LoadArgs<TParams> = {
          queryClient: context.queryClient,
          params: params as TParams,
          search: location.search,
          user: context.user,
        };
        data.preload?.(args);
        return data.loader?.(args);
      }),
    pendingComponent: data.loader && pending,
    errorComponent: ({ error }) => {
      if (error instanceof ForbiddenRoute) return <NoAccessPage />;
      // An address no record can have (/klant/abc): the page does not exist, whatever its data.
      if (isBadParams(error)) return <NotFoundPage />;
      if (data.loadError)
        return (
          <div className="panel notice notice-alert" role="alert">
            {data.loadError}
          </div>
        );
      return <RouteError error={error} />;
    },
  });
  // Set after createRoute: given inside it, the middleware keeps TypeScript from inferring the page's search type.
  if (data.search)
    Object.assign(route.options, { search: { middlewares: [stripSearchParams<TSearch>(data.search.defaults)] } });
  registerAppPage(route);
  return route;
};
