import { useEffect, useState, type ComponentType } from 'react';

/**
 * A part of the shell the page can do without (the outbox badge), loaded once `when` holds. Its code
 * can fail to arrive (the device went offline before the service worker held it): then the part is
 * left out, never the page, and asked for again when the connection returns. `load` must be the same
 * function on every render (declare it at module level).
 */
export function useOptionalPart<P extends object>(load: () => Promise<ComponentType<P>>, when: boolean): ComponentType<P> | null {
  const [part, setPart] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!when || part) return;
    let mounted = true;
    const attempt = () => void load().then((loaded) => mounted && setPart(() => loaded), () => undefined);
    attempt();
    window.addEventListener('online', attempt);
    return () => {
      mounted = false;
      window.removeEventListener('online', attempt);
    };
  }, [load, when, part]);
  return part;
}
