import { ItemStatus } from '@domain/enums';
import type { Status } from '@domain/contracts/stock';
import { countNoun } from '@domain/format';

/** 'N maanden' until EOL, 'Verlopen' once past, 'Niet bekend' when the article has no EOL. */
export function eolText(months: number | null | undefined): string {
  if (months == null) return 'Niet bekend';
  if (months < 0) return `Verlopen (${-months} mnd)`;
  return countNoun(months, 'maand', 'maanden');
}

const tone: Record<number, string> = {
  [ItemStatus.INGEKLAARD]: 'status-stock',
  [ItemStatus.OP_AFROEP]: 'status-stock',
  [ItemStatus.VOORRAAD_KLANTLOCATIE]: 'status-stock',
  [ItemStatus.IN_GEBRUIK]: 'status-use',
  [ItemStatus.UITGEKLAARD]: 'status-muted',
  [ItemStatus.EOL]: 'status-alert',
  [ItemStatus.VERMIST]: 'status-alert',
};

export function StatusLabel({ status, onClick }: { status: Status; onClick?: () => void }) {
  const className = `status-label ${tone[status.id] ?? 'status-repair'}`;
  if (!onClick) return <span className={className}>{status.name}</span>;
  return (
    <button
      type="button"
      className={`${className} status-button`}
      onClick={onClick}
      aria-label={`Status: ${status.name} (wijzigen)`}
    >
      {status.name}
      <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="m6 9 6 6 6-6" />
      </svg>
    </button>
  );
}
