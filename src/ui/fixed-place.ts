import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';

/**
 * A popup fixed to the window (so a modal's scroll box does not cut it off): while `open`, the
 * style `measure` gives, measured again whenever anything scrolls or the window resizes.
 */
export function useFixedPlace(open: boolean, measure: () => CSSProperties | null): CSSProperties | null {
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const latest = useRef(measure);
  useLayoutEffect(() => {
    latest.current = measure;
  });
  useLayoutEffect(() => {
    if (!open) return;
    const update = () => {
      const next = latest.current();
      if (next) setPlace(next);
    };
    update();
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [open]);
  return place;
}
