/** What a gate device reports of one pass (signed like every device call: app.services.deviceCalls). */

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
