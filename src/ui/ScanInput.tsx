/**
 * One scan field for a hardware scanner and the camera.
 *
 * Usage:
 *   <ScanInput label="Serienummer" onScan={(serial) => addSerial(serial)} />
 * `onScan` returns null (or nothing) to accept the serial, a message to refuse it, `{ note }` to accept
 * it with a remark (e.g. offline: not yet checked), or a promise of any of these when the decision
 * needs the server; the field then beeps once (a different tone when refused), flashes and shows the
 * message. `outcome` replaces that message with a verdict the page learned later (e.g. offline scans
 * checked once the connection returns); a refused one beeps low. A hardware scanner types the
 * characters quickly and ends with Enter; the camera button opens the rear camera and reads Code 128,
 * Code 39, EAN-13/EAN-8 and QR codes.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { beep, prepareBeep } from './scan/feedback';
import { afterFirstPaint } from '../shell/first-paint';
import type { CameraScan } from './scan/camera';
import './scan/scan.css';

/** A scan's outcome: accepted (null or nothing), refused (the reason), or accepted with a note. */
export type ScanResult = string | null | void | { note: string };

/** A verdict on earlier scans that came later; a new object replaces the field's message. */
export interface ScanOutcome {
  text: string;
  refused: boolean;
}

export interface ScanInputProps {
  label: string;
  onScan: (serial: string) => ScanResult | Promise<ScanResult>;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Extra accessible description, e.g. what is being scanned. */
  hint?: string;
  outcome?: ScanOutcome | null;
}

const CAMERA_REPEAT_MS = 3000;

type Feedback = { kind: 'accepted' | 'unchecked' | 'refused'; text: string; n: number } | null;

function feedbackOf(serial: string, result: ScanResult): Omit<NonNullable<Feedback>, 'n'> {
  if (typeof result === 'string' && result) return { kind: 'refused', text: `${serial}: ${result}` };
  if (result && typeof result === 'object') return { kind: 'unchecked', text: `${serial} toegevoegd, ${result.note}` };
  return { kind: 'accepted', text: `${serial} toegevoegd` };
}

export function ScanInput({
  label,
  onScan,
  placeholder = 'Scan of typ een serienummer',
  disabled,
  autoFocus,
  hint,
  outcome,
}: ScanInputProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [camera, setCamera] = useState<'off' | 'starting' | 'on'>('off');
  const [cameraError, setCameraError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const scanRef = useRef<CameraScan | null>(null);
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  });

  const submit = (raw: string) => {
    const serial = raw.trim();
    if (!serial) return;
    setValue('');
    // One decision, one beep and one message: an answer that needs the server comes as a promise.
    void Promise.resolve(onScanRef.current(serial)).then((result) => {
      const next = feedbackOf(serial, result);
      beep(next.kind === 'refused' ? 'refused' : 'accepted');
      setFeedback((f) => ({ ...next, n: (f?.n ?? 0) + 1 }));
    });
  };
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });

  useEffect(() => () => scanRef.current?.stop(), []);
  useEffect(() => afterFirstPaint(() => void prepareBeep()), []);

  useEffect(() => {
    if (!outcome) return;
    if (outcome.refused) beep('refused');
    setFeedback((f) => ({ kind: outcome.refused ? 'refused' : 'accepted', text: outcome.text, n: (f?.n ?? 0) + 1 }));
  }, [outcome]);

  const toggleCamera = async () => {
    if (camera !== 'off') {
      scanRef.current?.stop();
      scanRef.current = null;
      setCamera('off');
      return;
    }
    setCameraError(null);
    setCamera('starting');
    try {
      // The camera sees a label many times a second: the same code again within a few seconds is one scan.
      let last = { text: '', at: 0 };
      // The decoder (@zxing, ~100 KB gzip) loads when the camera is first opened, not with the page.
      const { startCameraScan } = await import('./scan/camera');
      const video = videoRef.current;
      if (!video) throw new Error('No video element');
      scanRef.current = await startCameraScan(video, (text) => {
        const now = Date.now();
        if (text === last.text && now - last.at < CAMERA_REPEAT_MS) return;
        last = { text, at: now };
        submitRef.current(text);
      });
      setCamera('on');
    } catch {
      setCamera('off');
      setCameraError('De camera kan niet worden geopend. Geef toestemming of gebruik de scanner.');
    }
  };

  const statusId = `${id}-status`;
  return (
    <div className={`scan-input${feedback ? ` scan-${feedback.kind}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="scan-input-row">
        <input
          ref={inputRef}
          id={id}
          className="scan-input-field"
          value={value}
          disabled={disabled}
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="done"
          placeholder={placeholder}
          aria-describedby={statusId}
          aria-invalid={feedback?.kind === 'refused' || undefined}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit(value);
            }
          }}
        />
        <button
          type="button"
          className="button button-secondary scan-button"
          disabled={disabled}
          onClick={() => submit(value)}
        >
          Toevoegen
        </button>
        <button
          type="button"
          className="button button-secondary scan-button"
          disabled={disabled || camera === 'starting'}
          aria-pressed={camera === 'on'}
          onClick={toggleCamera}
        >
          {camera === 'on' ? 'Camera uit' : 'Camera'}
        </button>
      </div>
      {camera !== 'off' && <video ref={videoRef} className="scan-video" muted playsInline aria-label="Camerabeeld" />}
      <div
        id={statusId}
        key={feedback?.n}
        className="scan-status"
        role={feedback?.kind === 'refused' ? 'alert' : 'status'}
      >
        {feedback ? feedback.text : hint}
      </div>
      {cameraError && (
        <div className="field-error" role="alert">
          {cameraError}
        </div>
      )}
    </div>
  );
}
