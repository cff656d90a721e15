import { useEffect } from 'react';

/**
 * Named events: top-bar buttons fire them, pages listen (spec 1 §2.3). An event may carry data,
 * e.g. the id of the record a modal opens for.
 */
const target = new EventTarget();

export function emitEvent(name: string, detail?: unknown): void {
  target.dispatchEvent(new CustomEvent(name, { detail }));
}

export function useEvent(name: string, handler: (detail: unknown) => void): void {
  useEffect(() => {
    const listener = (e: Event) => handler((e as CustomEvent).detail);
    target.addEventListener(name, listener);
    return () => target.removeEventListener(name, listener);
  }, [name, handler]);
}
