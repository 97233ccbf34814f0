/**
 * Who may reach a collection's records, for the standard routes and for module plugins alike: the caller must
 * see the record's project (the one data-scope rule, accounts/data-scope.ts, through the project service). A
 * record of a project the caller cannot see is as absent as a missing one (-404, not -403), so ids leak nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../domain-error.js';
import { RecordMessages, type CollectionRecords } from './records.js';
import { requireAuth } from '../http/request-context.js';

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
      const project = await records.projectOf(id);
      const scope = await projects.scopeOf(requireAuth(request).view.user.id);
      if (!(await projects.sees(scope, project))) throw new DomainError('notFound', RecordMessages.notFound);
      return project;
    },
  };
}
