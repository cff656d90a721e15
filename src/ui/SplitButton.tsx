import { useEffect, useRef, useState } from 'react';

export interface SplitAction {
  label: string;
  onClick: () => void;
}

/** One action shows as a button; two or more as a main button with a dropdown (spec 1 §2.3). */
export function SplitButton({ actions }: { actions: SplitAction[] }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const [main, ...rest] = actions;
  if (!main) return null;
  if (rest.length === 0) {
    return <button type="button" className="button button-primary" onClick={main.onClick}>{main.label}</button>;
  }
  return (
    <div className="split-button" ref={ref}>
      <button type="button" className="button button-primary split-main" onClick={main.onClick}>{main.label}</button>
      <button type="button" className="button button-primary split-toggle" aria-label="Meer acties" aria-expanded={open} onClick={() => setOpen((o) => !o)}>▾</button>
      {open && (
        <ul className="split-menu" role="menu">
          {rest.map((a) => (
            <li key={a.label}>
              <button type="button" role="menuitem" onClick={() => { setOpen(false); a.onClick(); }}>{a.label}</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
