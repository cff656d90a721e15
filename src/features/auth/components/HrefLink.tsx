import type { AnchorHTMLAttributes } from 'react';
import { useNavigate } from '@tanstack/react-router';

/** A link to a portal path that may carry its own query string (a ?redirect= target), routed client-side. */
export function HrefLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        )
          return;
        event.preventDefault();
        void navigate({ href });
      }}
    />
  );
}
