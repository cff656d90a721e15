import { useEffect, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { SUCCESS_REDIRECT_MS } from '@domain/rules';
import { HrefLink } from './HrefLink';

interface Props {
  title: string;
  children?: ReactNode;
  /** Where the user goes after SUCCESS_REDIRECT_MS (and through the direct link). */
  to: string;
  linkText: string;
}

/** A success screen that sends the user on after a few seconds, with a link to go at once. */
export function SuccessRedirect({ title, children, to, linkText }: Props) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ href: to, replace: true }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  return (
    <div className="auth-success">
      <div className="auth-success-icon" aria-hidden>
        ✓
      </div>
      <h1>{title}</h1>
      {children}
      <p className="auth-muted" role="status">
        Je wordt over {SUCCESS_REDIRECT_MS / 1000} seconden automatisch doorgestuurd.
      </p>
      <HrefLink href={to} className="button button-primary auth-full">
        {linkText}
      </HrefLink>
    </div>
  );
}
