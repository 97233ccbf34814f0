/**
 * What went wrong, in the terms of the service that refused: services, module plugins' services and collections
 * throw a DomainError and never speak HTTP. The HTTP layer maps each problem to the envelope's code in one place
 * (http/domain-error-codes.ts, used by plugins/errors.ts).
 */
import type { FieldError } from '../shared/envelope.js';

export type Problem =
  /** The input breaks a rule; `fields` names each field and its message. */
  | 'invalid'
  | 'notFound'
  | 'forbidden'
  /** The record's state changed under the caller, a value is taken, or the step was already done. */
  | 'conflict'
  /** A limit on attempts or frequency. */
  | 'tooOften'
  /** Credentials, captcha, a disabled account or a single-sign-on ticket refused. */
  | 'loginRefused'
  | 'sessionInvalid'
  /** Logged in, but the password must be changed first (`data` carries the restricted tokens). */
  | 'passwordChangeRequired'
  /** A service the portal depends on (SMS gateway, weather provider) failed; `cause` says why, for the log. */
  | 'unavailable';

export interface ProblemDetails {
  /** For 'invalid': every field's message, the first of which is the error's message. */
  fields?: FieldError[];
  /** What the caller still receives with the refusal. */
  data?: unknown;
  /** Why, for the log only (never sent). */
  cause?: unknown;
}

export class DomainError extends Error {
  readonly fields: FieldError[];
  readonly data: unknown;

  constructor(
    readonly problem: Problem,
    message: string,
    details: ProblemDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'DomainError';
    this.fields = details.fields ?? [];
    this.data = details.data;
  }
}

/** 'invalid', naming one field. */
export function invalidField(field: string, message: string): DomainError {
  return new DomainError('invalid', message, { fields: [{ field, message }] });
}

/** 'invalid', naming every field; the first message is the error's. */
export function invalidFields(fields: FieldError[]): DomainError {
  return new DomainError('invalid', fields[0]?.message ?? '请求参数不正确', { fields });
}
