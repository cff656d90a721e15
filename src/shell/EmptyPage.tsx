/** A route whose screen is not built yet. */
export function EmptyPage() {
  return <div className="panel empty-page">Dit onderdeel is nog niet beschikbaar.</div>;
}
