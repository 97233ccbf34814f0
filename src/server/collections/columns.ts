/**
 * The columns of a collection's table: the stored fields (src/shared/collection-columns.ts) beside the system
 * columns every record has.
 */
export { sqlTypeOf, storedFields, type SqlType, type StoredField } from '../../shared/collection-columns.js';
export { collectionTable, fieldColumn } from '../../shared/collections.js';

/** System columns (wire name -> column), in table order. */
export const SYSTEM_COLUMNS = {
  id: 'id',
  projectId: 'project_id',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  createdBy: 'created_by',
  version: 'version',
} as const;
