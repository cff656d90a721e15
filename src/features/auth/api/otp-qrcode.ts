import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson } from '../../../api/client';
import { forgetSessionOn401 } from '../../../session';
import type { OtpQrCodeAnswer } from '@domain/contracts/auth';

/** The QR code (SVG markup) and its Base32 secret, for typing into an app without a camera. */
export type OtpQrCode = OtpQrCodeAnswer;

/**
 * GET /api/auth/google2fa/qrcode. Every call makes a new secret (kept in the session until enabled),
 * so this is a mutation: never cached, never persisted to storage, never refetched behind the user's back.
 */
export const fetchOtpQrCode = () => getJson<OtpQrCode>('auth/google2fa/qrcode');

export function useOtpQrCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fetchOtpQrCode, onError: forgetSessionOn401(queryClient) });
}

/** The QR code as an image source: the server sends SVG markup. */
export function qrImageSource(qr: string): string {
  const markup = qr.trimStart();
  return markup.startsWith('<') ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` : qr;
}

/** "JBSWY3DPEHPK3PXP" -> "JBSW Y3DP EHPK 3PXP", easier to read and type over. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
