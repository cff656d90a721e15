import { useEffect } from 'react';
import { Link, Outlet, useMatches, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PRODUCT_NAME } from '../domain/product';
import { postJson } from '../api/client';
import { hasRight, sessionQueryKey, useSession } from '../features/auth/api/session';
import { metaByName, pathByName, type RouteMeta } from '../router';
import { SplitButton } from '../ui/SplitButton';
import { confirmDialog } from './confirm';
import { emitEvent } from './events';
import { menu } from './menu';
import { useDynamicTitle } from './page-title';
import { OutboxBadge } from '../offline/OutboxBadge';

function useCurrentMeta(): RouteMeta {
  const matches = useMatches();
  return (matches.at(-1)?.staticData ?? {}) as RouteMeta;
}

function Sidebar() {
  const { data: user } = useSession();
  const meta = useCurrentMeta();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = async () => {
    const ok = await confirmDialog({ title: 'Uitloggen', text: 'Weet je zeker dat je wil uitloggen?', confirmLabel: 'Uitloggen', cancelLabel: 'Annuleren' });
    if (!ok) return;
    await postJson('auth/logout').catch(() => undefined);
    queryClient.setQueryData(sessionQueryKey, null);
    queryClient.clear();
    await navigate({ to: '/inloggen' });
  };
  return (
    <nav className="sidebar" aria-label="Hoofdmenu">
      <Link to="/" className="sidebar-logo" aria-label={`${PRODUCT_NAME} — naar het dashboard`}>
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span>{PRODUCT_NAME}</span>
      </Link>
      <ul className="menu">
        {menu.filter((entry) => hasRight(user, entry.right)).map((entry) => {
          const active = meta.name === entry.route || entry.alsoActiveOn.includes(meta.name ?? '');
          return (
            <li key={entry.route}>
              <Link to={pathByName[entry.route]!} className={active ? 'menu-link active' : 'menu-link'} aria-current={active ? 'page' : undefined}>
                {entry.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="sidebar-footer">
        <OutboxBadge />
        {user && (
          <Link to="/profiel" className="avatar-link">
            <span className="avatar" aria-hidden>{user.initials}</span>
            <span className="avatar-name">{user.name}</span>
          </Link>
        )}
        <button type="button" className="link-button logout" onClick={logout}>Uitloggen</button>
      </div>
    </nav>
  );
}

function TopBar() {
  const meta = useCurrentMeta();
  const { data: user } = useSession();
  const dynamicTitle = useDynamicTitle();
  const title = dynamicTitle ?? meta.title ?? '';
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  const buttons = (meta.buttons ?? []).filter((b) => hasRight(user, b.right));
  return (
    <header className="topbar">
      <div>
        <nav aria-label="Kruimelpad" className="breadcrumb">
          {(meta.crumbs ?? []).map((name) => (
            <span key={name}>
              <Link to={pathByName[name]!}>{metaByName[name]?.title}</Link>
              <span aria-hidden> / </span>
            </span>
          ))}
          {meta.crumbs?.length ? <span aria-current="page">{title}</span> : null}
        </nav>
        <h1 className="page-title">{title}</h1>
      </div>
      <div className="topbar-actions">
        <SplitButton actions={buttons.map((b) => ({ label: b.label, onClick: () => emitEvent(b.event) }))} />
      </div>
    </header>
  );
}

export function AppLayout() {
  return (
    <div className="app-layout">
      <Sidebar />
      <div className="app-main">
        <TopBar />
        <main className="content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
