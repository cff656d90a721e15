import { useEffect } from 'react';
import { Outlet, useMatches } from '@tanstack/react-router';
import { PRODUCT_NAME } from '@domain/product';

export function AuthLayout() {
  const title = useMatches().at(-1)?.staticData?.title;
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  return (
    <div className="auth-layout">
      <main className="auth-card">
        <div className="auth-logo">
          <img src="/logo.svg" alt="" width={40} height={40} />
          <span>{PRODUCT_NAME}</span>
        </div>
        <Outlet />
      </main>
    </div>
  );
}
