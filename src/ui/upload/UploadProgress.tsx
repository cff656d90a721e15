import './upload.css';

/** The bar under an upload: the part sent (0–1), then 'Bestand wordt verwerkt…' while the server works. */
export function UploadProgress({
  fraction,
  label = 'Voortgang uploaden',
}: {
  fraction: number | null;
  label?: string;
}) {
  if (fraction === null) return null;
  const sent = Math.min(1, Math.max(0, fraction));
  return (
    <div className="upload-progress">
      <progress max={1} value={sent} aria-label={label} />
      <span aria-live="polite">{sent < 1 ? `${Math.round(sent * 100)}% geüpload` : 'Bestand wordt verwerkt…'}</span>
    </div>
  );
}
