import { useEffect, useState } from 'react';
import {
  Link,
  Outlet,
  useMatches,
  useNavigate,
  useRouterState,
  type StaticDataRouteOption,
} from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PRODUCT_NAME } from '@domain/product';
import { initials } from '@domain/format';
import { postJson } from '../api/client';
import { endSession, useSessionUser } from '../session';
import { confirmDialog } from './confirm';
import { isMenuActive, visibleMenu } from './menu';
import { useDynamicTitle, useParentCrumb } from './page-title';
import { TopBarTargetProvider } from './top-bar';
import { useNamedRoutes } from './route-names';
import { useAfterFirstPaint } from './first-paint';
import { useOptionalPart } from './optional-part';

// The badge brings the outbox with Dexie (35 KB gzip); it shows nothing until its first read of the
// outbox anyway, so it loads after the page's first paint and the page does not wait for that code.
// Offline before that code arrived, the page goes on without it until the connection returns.
const loadOutboxBadge = () => import('../offline/OutboxBadge').then((m) => m.OutboxBadge);

function useCurrentMeta(): StaticDataRouteOption {
  const matches = useMatches();
  return matches.at(-1)?.staticData ?? {};
}

function Sidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useSessionUser();
  const meta = useCurrentMeta();
  const routes = useNamedRoutes();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const painted = useAfterFirstPaint();
  const { Part: OutboxBadge } = useOptionalPart(loadOutboxBadge, painted);
  const logout = async () => {
    const ok = await confirmDialog({
      title: 'Uitloggen',
      text: 'Weet je zeker dat je wil uitloggen?',
      confirmLabel: 'Uitloggen',
      cancelLabel: 'Annuleren',
    });
    if (!ok) return;
    await postJson('auth/logout').catch(() => undefined);
    endSession(queryClient);
    await navigate({ to: '/inloggen' });
  };
  return (
    <nav id="sidebar" className={open ? 'sidebar is-open' : 'sidebar'} aria-label="Hoofdmenu">
      <div className="sidebar-head">
        <Link to="/" className="sidebar-logo" aria-label={`${PRODUCT_NAME} — naar het dashboard`}>
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <button type="button" className="icon-button sidebar-close" aria-label="Menu sluiten" onClick={onClose}>
          ×
        </button>
      </div>
      <ul className="menu">
        {visibleMenu(user.permissions).map((entry) => {
          const active = isMenuActive(entry, meta.name);
          return (
            <li key={entry.route}>
              <Link
                to={routes[entry.route]?.path}
                className={active ? 'menu-link active' : 'menu-link'}
                aria-current={active ? 'page' : undefined}
              >
                {entry.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="sidebar-footer">
        {OutboxBadge && <OutboxBadge />}
        <Link to="/profiel" className="avatar-link" title="Mijn profiel">
          <span className="avatar" aria-hidden>
            {user.initials || initials(user.name)}
          </span>
          <span className="avatar-name">{user.name}</span>
        </Link>
        <button type="button" className="link-button logout" onClick={logout}>
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l-5-5 5-5M5 12h11" />
          </svg>
          Uitloggen
        </button>
      </div>
    </nav>
  );
}

function TopBar({
  menuOpen,
  onMenu,
  actionsRef,
}: {
  menuOpen: boolean;
  onMenu: () => void;
  actionsRef: (el: HTMLElement | null) => void;
}) {
  const meta = useCurrentMeta();
  const routes = useNamedRoutes();
  const user = useSessionUser();
  const dynamicTitle = useDynamicTitle();
  const parent = useParentCrumb();
  const title = dynamicTitle ?? meta.title ?? '';
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  // A choice of crumbs takes the first route the user may open (the last one otherwise).
  const crumbs = (meta.crumbs ?? []).flatMap((c) => {
    if (typeof c === 'string') return [c];
    const name =
      c.find((n) => {
        const right = routes[n]?.meta.right;
        return !right || user.can(right);
      }) ?? c.at(-1);
    return name ? [name] : [];
  });
  const parentRoute = parent ? routes[parent.route] : undefined;
  return (
    <header className="topbar">
      <button
        type="button"
        className="menu-toggle"
        aria-label="Menu"
        aria-controls="sidebar"
        aria-expanded={menuOpen}
        onClick={onMenu}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      <div className="topbar-heading">
        {crumbs.length ? (
          <nav aria-label="Kruimelpad" className="breadcrumb">
            <ol>
              {crumbs.map((name) => (
                <li key={name}>
                  <Link to={routes[name]?.path}>{routes[name]?.meta.title}</Link>
                </li>
              ))}
              {parent && parentRoute && (
                <li>
                  <Link to={parentRoute.path} params={parent.params}>
                    {parent.label}
                  </Link>
                </li>
              )}
              <li aria-current="page">{title}</li>
            </ol>
          </nav>
        ) : null}
        <h1 className="page-title">{title}</h1>
      </div>
      {/* The page's own actions render here (src/shell/top-bar.tsx). */}
      <div className="topbar-actions" ref={actionsRef} />
    </header>
  );
}

export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [actionArea, setActionArea] = useState<HTMLElement | null>(null);
  // Below ~900 px the sidebar is a drawer: it closes when the user goes to another page.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The page on screen once a navigation has finished; until then the old page stays, marked busy.
  const shownPath = useRouterState({ select: (s) => s.resolvedLocation?.pathname ?? s.location.pathname });
  const navigating = useRouterState({ select: (s) => s.status === 'pending' });
  const [seenPath, setSeenPath] = useState(pathname);
  if (pathname !== seenPath) {
    setSeenPath(pathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    // The drawer takes focus while open and gives it back to the menu button when it closes.
    document.querySelector<HTMLElement>('#sidebar .menu-link')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const toggle = document.querySelector<HTMLElement>('.menu-toggle');
      if (toggle && document.activeElement?.closest('#sidebar')) toggle.focus();
    };
  }, [menuOpen]);
  return (
    <div className="app-layout">
      <Sidebar open={menuOpen} onClose={() => setMenuOpen(false)} />
      {menuOpen && <div className="sidebar-backdrop" aria-hidden onClick={() => setMenuOpen(false)} />}
      <div className="app-main">
        <TopBar menuOpen={menuOpen} onMenu={() => setMenuOpen((o) => !o)} actionsRef={setActionArea} />
        <main className="content" data-path={shownPath} aria-busy={navigating || undefined}>
          <TopBarTargetProvider value={actionArea}>
            <Outlet />
          </TopBarTargetProvider>
        </main>
      </div>
    </div>
  );
}
