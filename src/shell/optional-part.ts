import { useCallback, useEffect, useState, type ComponentType } from 'react';

export interface OptionalPart<P extends object> {
  /** The part, once its code has arrived. */
  Part: ComponentType<P> | null;
  /** The last attempt to fetch its code failed; it is tried again when the connection returns or on `retry`. */
  failed: boolean;
  /**
   * Asks for the code again after a failed attempt (a click: the server may be back while the device never went
   * offline).
   */
  retry: () => void;
}

/**
 * A part the page can do without until its code is there (the outbox badge, the delivery page's
 * check-out and finish), loaded once `when` holds. Its code can fail to arrive (the device went offline
 * before the service worker held it, or the server was restarting): then the part is left out, never the
 * page, and asked for again when the connection returns or the user asks. `load` must be the same
 * function on every render (declare it at module level).
 */
export function useOptionalPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  when: boolean,
): OptionalPart<P> {
  const [Part, setPart] = useState<ComponentType<P> | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    if (!when || Part) return;
    let mounted = true;
    const attempt = () =>
      void load().then(
        (loaded) => mounted && setPart(() => loaded),
        () => mounted && setFailed(true),
      );
    attempt();
    window.addEventListener('online', attempt);
    return () => {
      mounted = false;
      window.removeEventListener('online', attempt);
    };
  }, [load, when, Part, attempts]);
  const retry = useCallback(() => {
    if (!failed) return;
    setFailed(false);
    setAttempts((n) => n + 1);
  }, [failed]);
  return { Part, failed: failed && !Part, retry };
}
