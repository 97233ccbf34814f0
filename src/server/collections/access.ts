/**
 * Who may reach a collection's records, for the standard routes and for module plugins alike: the caller must
 * see the record's project (the one data-scope rule, services/data-scope.ts, through the project service). A
 * record of a project the caller cannot see is as absent as a missing one (-404, not -403), so ids leak nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MsgCode } from '../../shared/envelope.js';
import { ApiError } from '../http/api-error.js';
import { requireAuth } from '../plugins/auth.js';
import { RecordError } from './errors.js';
import { RecordMessages, type CollectionRecords } from './records.js';

const RECORD_PROBLEM_CODES = {
  invalid: MsgCode.invalidInput,
  notFound: MsgCode.notFound,
  forbidden: MsgCode.forbidden,
  conflict: MsgCode.conflict,
} as const;

/** A RecordError as the envelope's error; anything else unchanged. */
export function asApiError(error: unknown): unknown {
  if (!(error instanceof RecordError)) return error;
  return new ApiError(
    RECORD_PROBLEM_CODES[error.problem],
    error.message,
    error.fields.length > 0 ? { errors: error.fields } : undefined,
  );
}

/** The work's result, its RecordError answered as the envelope's error. */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asApiError(error);
  }
}

export interface RecordAccess {
  /** -403 unless the caller may see the project. */
  checkProject(request: FastifyRequest, projectId: string): Promise<void>;
  /** -404 unless the record exists in a project the caller may see; answers the record's project. */
  checkRecord(request: FastifyRequest, records: CollectionRecords, id: string): Promise<string>;
}

export function recordAccess(app: FastifyInstance): RecordAccess {
  const { projects } = app.services.portal;
  const checkProject = async (request: FastifyRequest, projectId: string): Promise<void> => {
    const scope = await projects.scopeOf(requireAuth(request).view.user.id);
    await projects.byId(scope, projectId);
  };
  return {
    checkProject,
    async checkRecord(request, records, id) {
      const project = await answering(() => records.projectOf(id));
      try {
        await checkProject(request, project);
      } catch (error) {
        if (error instanceof ApiError && error.msgCode === MsgCode.forbidden)
          throw new ApiError(MsgCode.notFound, RecordMessages.notFound);
        throw error;
      }
      return project;
    },
  };
}
