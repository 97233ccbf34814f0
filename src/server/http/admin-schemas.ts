/**
 * Schemas and route options the administration routes share: paged answers, page queries, id params, and the
 * route config (auth + permission + audit title) of every administration endpoint.
 */
import type { Schema } from './envelope-schema.js';

const str = { type: 'string' } as const;

export const pageQueryProperties: Record<string, Schema> = {
  pageNo: {
    type: 'integer',
    minimum: 1,
    default: 1,
    errorMessage: { type: '页码必须是正整数', minimum: '页码必须是正整数' },
  },
  pageSize: {
    type: 'integer',
    minimum: 1,
    maximum: 9999,
    default: 10,
    errorMessage: {
      type: '每页条数必须是1到9999的整数',
      minimum: '每页条数必须是1到9999的整数',
      maximum: '每页条数必须是1到9999的整数',
    },
  },
};

/**
 * A list's query string: the page fields, the fields of the screen's search form (`wireSchema` of
 * schemas/forms/search-<id>.json, so the screen and the API check a filter by one rule and message), and the
 * filters the screen sets outside that form (the office picked in the tree): name -> what it matches.
 */
export function listQuery(search?: Schema, outside: Record<string, string> = {}): Schema {
  const properties: Record<string, Schema> = { ...pageQueryProperties, ...search?.properties };
  for (const [name, description] of Object.entries(outside))
    properties[name] = { type: 'string', maxLength: 64, description, errorMessage: { maxLength: '查询条件不正确' } };
  return { type: 'object', properties };
}

export const idParams: Schema = {
  type: 'object',
  required: ['id'],
  properties: {
    id: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      errorMessage: { minLength: '编号不正确', maxLength: '编号不正确' },
    },
  },
};

/** A record: the listed properties documented, any others passed through. */
export function record(properties: Record<string, Schema>): Schema {
  return { type: 'object', properties, additionalProperties: true };
}

export function strings(...names: string[]): Record<string, Schema> {
  return Object.fromEntries(names.map((n) => [n, str]));
}

/** A tree node with `childList` of the same shape. */
export function treeNode(properties: Record<string, Schema>): Schema {
  return {
    type: 'object',
    properties: { ...properties, childList: { type: 'array', items: { type: 'object', additionalProperties: true } } },
    additionalProperties: true,
  };
}

export const security = [{ accessToken: [] }];

/** The route config of an administration endpoint. */
export function adminConfig(permission: string | readonly string[], title: string) {
  return { auth: 'user' as const, permission, title };
}

/** "Needs X" for an OpenAPI description. */
export function needs(permission: string | readonly string[]): string {
  const list = typeof permission === 'string' ? [permission] : permission;
  return `Permission: ${list.join(' or ')} (-401 without a token, -403 无权访问 without the permission).`;
}
