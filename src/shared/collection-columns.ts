/**
 * How a collection's fields are stored: one typed column per stored field (its own fields and the computed
 * fields kept at write time). The SQL type follows the field's JSON Schema type and format, so a date is a
 * `date`, a count an `integer`, photos `jsonb`. Shared: the server builds tables from it, schemas:check checks
 * what a page names against it.
 */
import { fieldColumn, isStoredComputed, type CollectionFile, type ComputedField } from './collections.js';
import type { JsonSchemaNode } from './schema-messages.js';

export type SqlType = 'text' | 'date' | 'timestamptz' | 'integer' | 'double precision' | 'boolean' | 'jsonb';

export interface StoredField {
  /** The wire name (`idCardNumber`). */
  name: string;
  column: string;
  type: SqlType;
  title: string;
  /** A field of the record's own schema (false: a stored computed field). */
  own: boolean;
}

function firstType(node: JsonSchemaNode): string | undefined {
  return Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
}

export function sqlTypeOf(node: JsonSchemaNode): SqlType {
  switch (firstType(node)) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'double precision';
    case 'boolean':
      return 'boolean';
    case 'array':
    case 'object':
      return 'jsonb';
    default:
      if (node.format === 'date') return 'date';
      if (node.format === 'date-time') return 'timestamptz';
      return 'text';
  }
}

function computedType(field: ComputedField): SqlType {
  if (
    field.op === 'hoursBetween' ||
    field.op === 'difference' ||
    field.op === 'cylinderVolume' ||
    field.op === 'ratio'
  )
    return 'double precision';
  if (field.op === 'in') return 'boolean';
  return field.op === 'idCardBirthday' ? 'date' : 'text';
}

const COMPUTED_TITLES: Record<string, string> = {
  idCardSex: '性别',
  idCardBirthday: '出生日期',
  idCardProvince: '籍贯',
  hoursBetween: '工时',
};

/** Every stored field of the collection, its own fields first, in declaration order. */
export function storedFields(file: CollectionFile): StoredField[] {
  const own = Object.entries(file.schema.properties).map(([name, node]): StoredField => ({
    name,
    column: fieldColumn(name),
    type: sqlTypeOf(node),
    title: node.title ?? name,
    own: true,
  }));
  const computed = Object.entries(file.computed ?? {})
    .filter(([, field]) => isStoredComputed(field))
    .map(([name, field]): StoredField => ({
      name,
      column: fieldColumn(name),
      type: computedType(field),
      title: ('title' in field ? field.title : undefined) ?? COMPUTED_TITLES[field.op] ?? name,
      own: false,
    }));
  return [...own, ...computed];
}
