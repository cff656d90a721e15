import { useEffect, useRef } from 'react';

/**
 * Named events of a page (spec 1 §2.9): the customer page and the panels other areas place on it open
 * each other's modals and refresh the client through them without importing each other. An event may
 * carry data, e.g. the id of the record a modal opens for. Top-bar buttons do not use them: a page
 * gives its own actions with their handlers (./top-bar.tsx).
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

/** Several named events of one page at once; the handlers may change every render. */
export function useEvents(handlers: Record<string, (detail: unknown) => void>): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const names = Object.keys(handlers).join('\n');
  useEffect(() => {
    const listeners = names.split('\n').map((name) => {
      const listener = (e: Event) => latest.current[name]?.((e as CustomEvent).detail);
      target.addEventListener(name, listener);
      return () => target.removeEventListener(name, listener);
    });
    return () => listeners.forEach((remove) => remove());
  }, [names]);
}
