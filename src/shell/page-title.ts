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
  return useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), () => dynamicTitle);
}
