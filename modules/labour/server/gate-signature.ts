/**
 * How a gate device proves who it is: each call carries the gate's id, a Unix time in seconds, a random nonce and
 * an HMAC-SHA256 (hex) with the gate's secret over those and the pass itself. A call more than five minutes off
 * the server's clock is refused, and a nonce is accepted once per gate (the pass log's unique rule), so a
 * recorded call cannot be played again.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const GATE_HEADERS = {
  gate: 'x-gate-id',
  timestamp: 'x-gate-timestamp',
  nonce: 'x-gate-nonce',
  signature: 'x-gate-signature',
} as const;

/** How far a device's clock may be from the server's. */
export const CLOCK_SKEW_SECONDS = 300;

/** A nonce: 8 to 64 letters, digits, `_` or `-` (a random one per call; a guessable one would be replayable). */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const NONCE_MESSAGE = '随机串须为8至64位字母、数字、下划线或连字符';

/**
 * How old a pass may be: a gate that was offline sends what it kept, but a week-old pass is not attendance a gate
 * should still be adding (a manual record, with its reason, is the way then).
 */
export const PASS_MAX_AGE_DAYS = 7;

export interface GatePass {
  /** The worker's ID-card number, or the worker's record id. */
  idCardNumber?: string;
  workerId?: string;
  /** When the worker passed (ISO 8601). */
  time: string;
  direction: 'in' | 'out';
}

/** The text a gate signs: its id, the time and nonce of the call, and the pass, one per line. */
export function signedText(gateId: string, timestamp: string, nonce: string, pass: GatePass): string {
  return [gateId, timestamp, nonce, pass.direction, pass.time, pass.idCardNumber ?? '', pass.workerId ?? ''].join('\n');
}

export function gateSignature(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** Constant-time comparison of the signature sent with the one expected. */
export function signatureMatches(secret: string, text: string, sent: string): boolean {
  const expected = Buffer.from(gateSignature(secret, text), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(sent) ? Buffer.from(sent, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
