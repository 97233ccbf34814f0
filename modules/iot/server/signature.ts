/**
 * Signed HTTP readings: the device sends X-Device-Serial, X-Timestamp (milliseconds), X-Nonce and X-Signature,
 * the hex HMAC-SHA256 under its secret of `serial \n timestamp \n nonce \n body` (the body exactly as sent).
 * A request older or newer than the window is refused, and a nonce is accepted once (iot_nonce), so a captured
 * request cannot be sent again.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function signReading(secret: string, serial: string, timestamp: number, nonce: string, body: string): string {
  return createHmac('sha256', secret).update(`${serial}\n${timestamp}\n${nonce}\n${body}`).digest('hex');
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The headers a device sends with `body`, signed now with a fresh nonce (the simulator's devices, tests). */
export function signedReadingHeaders(
  serial: string,
  secret: string,
  body: string,
  at = Date.now(),
): Record<string, string> {
  const nonce = randomUUID().replace(/-/g, '');
  return {
    'content-type': 'application/json',
    'x-device-serial': serial,
    'x-timestamp': String(at),
    'x-nonce': nonce,
    'x-signature': signReading(secret, serial, at, nonce, body),
  };
}
