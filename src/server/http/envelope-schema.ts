/**
 * JSON Schemas of the envelope and of the shared wire types, for route `response` declarations (serialisation
 * speed and the OpenAPI description).
 */
import type { JsonSchemaNode } from '../../shared/schema-messages.js';

export type Schema = JsonSchemaNode;

const str = { type: 'string' } as const;

/** `{msgCode, errMsg, data?, item?}` with the given data / item schemas. */
export function envelope(parts: { data?: Schema; item?: Schema; description?: string } = {}): Schema {
  const properties: Record<string, Schema> = {
    msgCode: { type: 'integer', description: '0 on success; negative codes are errors (see the API description)' },
    errMsg: { type: 'string' },
  };
  if (parts.data) properties.data = parts.data;
  if (parts.item) properties.item = parts.item;
  return {
    type: 'object',
    required: ['msgCode', 'errMsg'],
    properties,
    ...(parts.description ? { description: parts.description } : {}),
  };
}

/**
 * How a paged answer spells its page number and size: the spec's lists use three spellings (administration
 * `pageNo`/`pageSize`, the project picker `pageNum`/`limit`, the approval lists `pageNum`/`pageSize`), and a few
 * lists answer no paging fields at all.
 */
export type PageSpelling =
  readonly ['pageNo', 'pageSize'] | readonly ['pageNum', 'limit'] | readonly ['pageNum', 'pageSize'];

/** `data: {dataList, total, <page>, <size>, ...extra}` with rows of `row`: the one schema of every paged answer. */
export function pageEnvelope(
  row: Schema,
  options: { paging?: PageSpelling | null; extra?: Record<string, Schema> } = {},
): Schema {
  const paging = options.paging === undefined ? (['pageNo', 'pageSize'] as const) : options.paging;
  const properties: Record<string, Schema> = { dataList: { type: 'array', items: row }, total: { type: 'integer' } };
  for (const name of paging ?? []) properties[name] = { type: 'integer' };
  Object.assign(properties, options.extra);
  return envelope({ data: { type: 'object', required: Object.keys(properties), properties } });
}

export const tokenPairSchema: Schema = {
  type: 'object',
  required: ['access_token', 'refresh_token'],
  properties: { access_token: str, refresh_token: str },
};

export const currentUserSchema: Schema = {
  type: 'object',
  required: ['id', 'name', 'loginName', 'mobile', 'roles', 'office', 'skinType'],
  properties: {
    id: str,
    name: str,
    loginName: str,
    mobile: str,
    roles: {
      type: 'array',
      items: { type: 'object', required: ['id', 'name', 'enname'], properties: { id: str, name: str, enname: str } },
    },
    office: { type: 'object', required: ['id', 'name'], properties: { id: str, name: str } },
    skinType: str,
  },
};

export const baseConfigSchema: Schema = {
  type: 'object',
  required: ['name', 'titleLogo', 'projectLogo', 'version', 'support', 'defaultMenu'],
  properties: { name: str, titleLogo: str, projectLogo: str, version: str, support: str, defaultMenu: str },
};

const menuFields: Record<string, Schema> = {
  id: str,
  name: str,
  parentId: str,
  parentIds: str,
  sort: { type: 'integer' },
  href: str,
  vueRoute: str,
  vueRouteAlias: str,
  target: str,
  icon: str,
  highlightIcon: str,
  isShow: str,
  permission: str,
  thirdPartyUrl: str,
  specialLogo: str,
  iconColor: str,
  titleColor: str,
  remarks: str,
  clickFlag: str,
  flag: str,
};

/** A menu record with its `childList` (recursive through `$ref`). */
export const menuRecordSchema: Schema = {
  $id: 'MenuRecord',
  type: 'object',
  required: ['id', 'name', 'parentId', 'sort', 'childList'],
  properties: { ...menuFields, childList: { type: 'array', items: { $ref: 'MenuRecord#' } } },
};
