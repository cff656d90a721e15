/**
 * Page-owned top-bar actions (spec 1 §2.3): the page that owns an action renders its button, so no
 * button exists without its handler. The shell's top bar holds the place; `<TopBarActions>` renders
 * the page's actions there, each optionally gated by a right; two or more form a split button.
 *
 *   <TopBarActions actions={[
 *     { label: 'Nieuwe rol', right: 'Rol aanmaken', onClick: () => setCreating(true) },
 *   ]} />
 *
 * The buttons come and go with the page (a portal into the top bar), and their handlers always see
 * the page's current state (its table's search and filters for an export).
 */
import { createContext, useContext } from 'react';
import { createPortal } from 'react-dom';
import type { Permission } from '@domain/permissions';
import { useSessionUser } from '../session';
import { SplitButton } from '../ui/SplitButton';

export interface TopBarAction {
  label: string;
  /** Shown only to a user with this right. */
  right?: Permission;
  onClick: () => void;
}

const TopBarTarget = createContext<HTMLElement | null>(null);

/** Set by the app layout to its top bar's action area. */
export const TopBarTargetProvider = TopBarTarget.Provider;

export function TopBarActions({ actions }: { actions: TopBarAction[] }) {
  const target = useContext(TopBarTarget);
  const user = useSessionUser();
  const allowed = actions.filter((a) => !a.right || user.can(a.right));
  if (!target || allowed.length === 0) return null;
  return createPortal(<SplitButton actions={allowed} />, target);
}
