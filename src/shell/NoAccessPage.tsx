import { Link } from '@tanstack/react-router';

export function NoAccessPage() {
  return (
    <div className="panel">
      <h2>Geen toegang</h2>
      <p>Je hebt geen rechten om deze pagina te bekijken.</p>
      <Link to="/">Naar het startscherm</Link>
    </div>
  );
}
