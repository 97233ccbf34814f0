/**
 * The approval engine as a platform service: definitions (files seed version 1, the designer publishes more),
 * the runtime (engine.ts), what the screens read (queries.ts) and the one notifier seam. Built once per app by the
 * workflow plugin, and by the demo seed, over the same database.
 */
import { sql } from 'kysely';
import { collectionTable, fieldColumn, type CollectionFile } from '../../shared/collections.js';
import type { Db } from '../db/database.js';
import { Approvers } from './approvers.js';
import { ProcessDefinitions } from './definitions.js';
import { WorkflowEngine, type OutcomeWriter, type ReferenceLookup } from './engine.js';
import { silentNotifier, type ApprovalNotifier } from './notifier.js';
import { WorkflowQueries } from './queries.js';

export interface Workflow {
  definitions: ProcessDefinitions;
  engine: WorkflowEngine;
  queries: WorkflowQueries;
  approvers: Approvers;
  /** The collections a definition's references may name. */
  collections: ReadonlySet<string>;
}

export interface WorkflowOptions {
  collections: readonly CollectionFile[];
  notifier?: ApprovalNotifier;
  now?: () => Date;
  /** Reports a notification that failed (the action stands). */
  notifyFailed?: (error: unknown) => void;
  /** Writes the outcomes process files declare (outcomes.ts). */
  writeOutcome?: OutcomeWriter;
}

/** A record of a collection, read from the collection's own table: its project and status. */
function referenceLookup(db: Db, collections: readonly CollectionFile[]): ReferenceLookup {
  const files = new Map(collections.map((file) => [file.id, file]));
  return async (collection, id) => {
    const file = files.get(collection);
    if (!file) return undefined;
    const status = file.status ? sql.ref(fieldColumn(file.status.field)) : sql`null`;
    const result = await sql<{ project_id: string; status: string | null }>`
      select project_id, ${status} as status from ${sql.table(collectionTable(collection))} where id = ${id}`.execute(
      db,
    );
    const row = result.rows[0];
    return row ? { projectId: row.project_id, status: row.status } : undefined;
  };
}

export function createWorkflow(db: Db, options: WorkflowOptions): Workflow {
  const definitions = new ProcessDefinitions(db);
  const approvers = new Approvers(db);
  return {
    definitions,
    approvers,
    collections: new Set(options.collections.map((file) => file.id)),
    engine: new WorkflowEngine(
      db,
      definitions,
      approvers,
      referenceLookup(db, options.collections),
      options.notifier ?? silentNotifier,
      options.now ?? (() => new Date()),
      options.notifyFailed,
      options.writeOutcome,
    ),
    queries: new WorkflowQueries(db, definitions),
  };
}

export type { ApprovalNotice, ApprovalNotifier } from './notifier.js';
