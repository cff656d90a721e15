import { useEffect, useSyncExternalStore } from 'react';

/** A detail page can name itself (e.g. the customer's name) for the top bar, crumb and tab title. */
let dynamicTitle: string | null = null;
const listeners = new Set<() => void>();

export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    dynamicTitle = title ?? null;
    listeners.forEach((l) => l());
    return () => {
      dynamicTitle = null;
      listeners.forEach((l) => l());
    };
  }, [title]);
}

export function useDynamicTitle(): string | null {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => dynamicTitle,
  );
}

/** A crumb between the route's own crumbs and the page: a named route with its params (the item's article). */
export interface ParentCrumb {
  route: string;
  params: Record<string, string>;
  label: string;
}

let parentCrumb: ParentCrumb | null = null;
const parentListeners = new Set<() => void>();

export function usePageParent(route: string, id: number, label: string): void {
  useEffect(() => {
    parentCrumb = { route, params: { id: String(id) }, label };
    parentListeners.forEach((l) => l());
    return () => {
      parentCrumb = null;
      parentListeners.forEach((l) => l());
    };
  }, [route, id, label]);
}

export function useParentCrumb(): ParentCrumb | null {
  return useSyncExternalStore(
    (l) => (parentListeners.add(l), () => parentListeners.delete(l)),
    () => parentCrumb,
  );
}
