import { scanHints } from './decode';

export interface CameraScan {
  stop(): void;
}

/**
 * Opens the rear camera (facingMode 'environment') in `video` and calls `onCode` for every barcode
 * of the allowed formats (the same hints as ./decode). @zxing/browser is loaded only when used.
 */
export async function startCameraScan(video: HTMLVideoElement, onCode: (text: string) => void): Promise<CameraScan> {
  const { BrowserMultiFormatReader } = await import('@zxing/browser');
  const reader = new BrowserMultiFormatReader(scanHints() as Map<never, unknown>, {
    delayBetweenScanAttempts: 120,
    delayBetweenScanSuccess: 900,
  });
  const controls = await reader.decodeFromConstraints(
    { video: { facingMode: { ideal: 'environment' } }, audio: false },
    video,
    (result) => {
      if (result) onCode(result.getText());
    },
  );
  return { stop: () => controls.stop() };
}
