import { useLocation } from '@tanstack/react-router';

/** Only a path inside the portal: never another site ("//evil", "https://..."). */
export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : undefined;
}

/** The ?redirect= a guard sent the user to the login with, carried through the two-step screens. */
export function useRedirectTarget(): string | undefined {
  return safeRedirect(useLocation({ select: (location) => location.search.redirect }));
}

/** `path` with the redirect target kept in its query string. */
export function withRedirect(path: string, redirect: string | undefined): string {
  return redirect ? `${path}?${new URLSearchParams({ redirect })}` : path;
}
