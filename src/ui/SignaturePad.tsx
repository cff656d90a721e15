/**
 * The signature canvas of 'Oproep afronden' (spec 2 §9: 300 × 300): drawn with finger, pen or mouse
 * through pointer events, smoothed by perfect-freehand; 'Wissen' clears it for a new try.
 *
 * Usage:
 *   <SignaturePad onChange={(png) => setHandtekening(png)} error={errors.handtekening?.[0]} />
 * `onChange` gets a PNG data URL after every stroke (send it as `handtekening`), or null when the pad
 * is cleared or holds too little ink to be a signature.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { SIGNATURE_CANVAS_PX } from '@domain/fieldwork';
import { inkLength, MIN_INK_LENGTH, sampleAt, strokePath, type Stroke } from './signature/strokes';
import './signature/signature.css';

export interface SignaturePadProps {
  onChange: (png: string | null) => void;
  label?: string;
  disabled?: boolean;
  /** A 422 message for `handtekening`. */
  error?: string;
}

/** Backing pixels per CSS pixel: sharp on retina screens, but the PNG stays at most 600 × 600. */
const pixelRatio = () => Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);

export function SignaturePad({ onChange, label = 'Handtekening', disabled, error }: SignaturePadProps) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<{ samples: Stroke; pen: boolean }[]>([]);
  const active = useRef<number | null>(null);
  const [signed, setSigned] = useState(false);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const g = canvas?.getContext('2d');
    if (!canvas || !g) return;
    const ratio = canvas.width / SIGNATURE_CANVAS_PX;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.fillStyle = '#111';
    for (const s of strokes.current) g.fill(new Path2D(strokePath(s.samples, !s.pen)));
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    canvas.width = canvas.height = Math.round(SIGNATURE_CANVAS_PX * pixelRatio());
    redraw();
  }, [redraw]);

  const report = () => {
    const enough = inkLength(strokes.current.map((s) => s.samples)) >= MIN_INK_LENGTH;
    setSigned(enough);
    const canvas = canvasRef.current;
    onChangeRef.current(enough && canvas ? canvas.toDataURL('image/png') : null);
  };

  const add = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const current = strokes.current.at(-1);
    if (!current) return;
    // Fast strokes: the browser merges moves; the coalesced events keep every sample.
    const events = typeof e.nativeEvent.getCoalescedEvents === 'function' ? e.nativeEvent.getCoalescedEvents() : [];
    for (const p of events.length ? events : [e.nativeEvent])
      current.samples.push(sampleAt(p.clientX, p.clientY, box, p.pressure));
    redraw();
  };

  const clear = () => {
    strokes.current = [];
    redraw();
    report();
  };

  const hintId = `${id}-hint`;
  return (
    <div className="signature-pad" data-signed={signed} aria-disabled={disabled || undefined}>
      <span className="signature-pad-label" id={`${id}-label`}>
        {label}
      </span>
      <canvas
        ref={canvasRef}
        className="signature-pad-canvas"
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        data-testid="signature-pad"
        onPointerDown={(e) => {
          if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
          e.preventDefault();
          e.currentTarget.setPointerCapture(e.pointerId);
          active.current = e.pointerId;
          strokes.current.push({ samples: [], pen: e.pointerType === 'pen' });
          add(e);
        }}
        onPointerMove={(e) => {
          if (active.current === e.pointerId) add(e);
        }}
        onPointerUp={(e) => {
          if (active.current !== e.pointerId) return;
          active.current = null;
          report();
        }}
        onPointerCancel={(e) => {
          if (active.current !== e.pointerId) return;
          active.current = null;
          report();
        }}
      />
      <div className="signature-pad-row">
        <span id={hintId} className="signature-pad-hint" role="status">
          {signed ? 'Handtekening gezet.' : 'Teken hier met vinger, pen of muis.'}
        </span>
        <button type="button" className="button button-secondary" disabled={disabled} onClick={clear}>
          Wissen
        </button>
      </div>
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
