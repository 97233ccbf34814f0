/**
 * What can go wrong with a record, in the collection's own terms. The routes map each reason to the HTTP
 * envelope's code (collections/routes.ts); the services never speak HTTP.
 */
import type { FieldError } from '../../shared/envelope.js';

export type RecordProblem = 'invalid' | 'notFound' | 'forbidden' | 'conflict';

export class RecordError extends Error {
  constructor(
    readonly problem: RecordProblem,
    message: string,
    /** For 'invalid': every field's message, the first of which is `message`. */
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'RecordError';
  }
}

export function invalidField(field: string, message: string): RecordError {
  return new RecordError('invalid', message, [{ field, message }]);
}

export function invalidFields(fields: FieldError[]): RecordError {
  return new RecordError('invalid', fields[0]?.message ?? '输入不正确', fields);
}
