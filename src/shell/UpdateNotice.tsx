import type { CSSProperties } from 'react';
import { updateGuard, useUpdateGuardState } from './update-guard';

/**
 * Shown when a new version is ready but the page may not reload yet (unsaved input, outbox
 * sending). The page reloads by itself once it is safe; 'Nu vernieuwen' gives up unsaved input.
 */
export function UpdateNotice() {
  const state = useUpdateGuardState();
  if (!state.updateReady) return null;
  const text = state.outboxBusy
    ? 'De pagina wordt vernieuwd zodra het verzenden klaar is.'
    : 'De pagina wordt vernieuwd zodra je invoer is opgeslagen. Nu vernieuwen wist niet-opgeslagen invoer.';
  return (
    <div style={styles.wrap} role="status" aria-live="polite">
      <div style={styles.card} data-testid="update-notice">
        <span style={styles.icon} aria-hidden>
          ↻
        </span>
        <span style={styles.body}>
          <strong>Er is een nieuwe versie beschikbaar</strong>
          <span style={styles.text}>{text}</span>
        </span>
        <button
          type="button"
          className="button button-primary"
          style={styles.button}
          disabled={state.confirmed}
          onClick={() => updateGuard.confirmUpdate()}
        >
          Nu vernieuwen
        </button>
      </div>
    </div>
  );
}

const styles = {
  wrap: {
    position: 'fixed',
    left: 0,
    right: 0,
    bottom: '1.25rem',
    zIndex: 110,
    display: 'flex',
    justifyContent: 'center',
    padding: '0 1rem',
    pointerEvents: 'none',
  },
  card: {
    pointerEvents: 'auto',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '0.85rem',
    maxWidth: 560,
    width: '100%',
    padding: '0.85rem 1rem',
    borderRadius: 8,
    borderLeft: '5px solid var(--color-info)',
    background: 'var(--color-surface)',
    boxShadow: '0 10px 30px rgb(16 24 40 / 18%)',
  },
  icon: {
    flexShrink: 0,
    width: 26,
    height: 26,
    borderRadius: '50%',
    display: 'grid',
    placeItems: 'center',
    background: 'var(--color-info)',
    color: '#fff',
    fontWeight: 700,
    fontSize: '0.95rem',
  },
  body: { flex: '1 1 220px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: '0.15rem' },
  text: { color: 'var(--color-muted)', fontSize: '0.92rem' },
  button: { flexShrink: 0, whiteSpace: 'nowrap', marginLeft: 'auto' },
} satisfies Record<string, CSSProperties>;
