import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { PRODUCT_NAME } from '@domain/product';

const PERIOD = 30;

function totp(secret: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export function newOtpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export async function otpQrSvg(secret: string, label: string): Promise<string> {
  return QRCode.toString(totp(secret, label).toString(), { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/**
 * Checks a 6-digit code, allowing one step of clock drift either way. Returns the time step the code
 * belongs to, or null. The caller refuses a step at or before the last one used (no reuse).
 */
export function matchOtp(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret, 'x').validate({ token: code, window: 1, timestamp: now });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

export function currentOtp(secret: string, now = Date.now()): string {
  return totp(secret, 'x').generate({ timestamp: now });
}
