import { ApiError, NetworkError } from '../api/errors';
import { NotFoundPage } from './NotFoundPage';

export function RouteError({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  const text =
    error instanceof NetworkError
      ? 'Er is geen verbinding. Deze pagina is offline nog niet beschikbaar.'
      : 'Er kan geen data geladen worden';
  return (
    <div className="panel" role="alert">
      <h2>Foutmelding</h2>
      <p>{text}</p>
    </div>
  );
}
