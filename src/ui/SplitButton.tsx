import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface SplitAction {
  label: string;
  onClick: () => void;
}

/**
 * One action shows as a button; two or more as a main button with a dropdown (spec 1 §2.3).
 * The dropdown follows the menu-button pattern: arrows move, Escape closes and returns focus.
 */
export function SplitButton({ actions }: { actions: SplitAction[] }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    ref.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const [main, ...rest] = actions;
  if (!main) return null;
  if (rest.length === 0) {
    return (
      <button type="button" className="button button-primary" onClick={main.onClick}>
        {main.label}
      </button>
    );
  }
  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === 'ArrowDown') go(index + 1);
    else if (e.key === 'ArrowUp') go(index - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(false);
      if (e.key === 'Escape') toggleRef.current?.focus();
      if (e.key === 'Tab') return;
    } else return;
    e.preventDefault();
  };
  return (
    <div className="split-button" ref={ref}>
      <button type="button" className="button button-primary split-main" onClick={main.onClick}>
        {main.label}
      </button>
      <button
        ref={toggleRef}
        type="button"
        className="button button-primary split-toggle"
        aria-label="Meer acties"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => e.key === 'ArrowDown' && (e.preventDefault(), setOpen(true))}
      >
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden>
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      {open && (
        <ul id={menuId} className="split-menu" role="menu" aria-label="Meer acties" onKeyDown={onMenuKey}>
          {rest.map((a) => (
            <li key={a.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  a.onClick();
                }}
              >
                {a.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
