/** JSON Schema pieces the portal's routes share (request fields with their Chinese messages, answer shapes). */
import type { FastifyRequest } from 'fastify';
import type { Schema } from './envelope-schema.js';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;

export const projectNameProperty: Schema = {
  type: 'string',
  maxLength: 100,
  description: "The selected project's name (projectName of the selection); empty = no project",
  errorMessage: { type: '项目名称格式不正确', maxLength: '项目名称不能超过100个字符' },
};

export const officeIdProperty: Schema = {
  type: 'string',
  maxLength: 64,
  description: "Accepted for the client's contract; what the user sees follows from their roles and company",
};

/** pageNum >= 1 and pageSize 1..100, with defaults. */
export function pageProperties(defaultSize = 10, maxSize = 100): Record<string, Schema> {
  return {
    pageNum: {
      type: 'integer',
      minimum: 1,
      default: 1,
      errorMessage: { type: '页码必须是正整数', minimum: '页码必须是正整数' },
    },
    pageSize: {
      type: 'integer',
      minimum: 1,
      maximum: maxSize,
      default: defaultSize,
      errorMessage: {
        type: '每页条数必须是正整数',
        minimum: '每页条数必须是正整数',
        maximum: `每页条数不能超过${maxSize}`,
      },
    },
  };
}

/** preValidation: a POST without a body counts as `{}`, so body schemas stay plain objects. */
export async function bodyOrEmpty(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

export const menuListSchema: Schema = { type: 'array', items: { $ref: 'MenuRecord#' } };

export const nameValueList: Schema = {
  type: 'array',
  items: { type: 'object', required: ['name', 'value'], properties: { name: str, value: int } },
};

export const processTaskRowSchema: Schema = {
  type: 'object',
  required: ['id', 'processName', 'title', 'category', 'initiator', 'nodeName', 'status', 'startTime', 'endTime'],
  properties: {
    id: { type: 'string', description: 'The instance (what the detail opens)' },
    instanceId: str,
    taskId: { type: 'string', description: "The caller's task on 待办/已办 rows, '' otherwise" },
    processId: str,
    processName: str,
    title: str,
    category: str,
    initiator: str,
    nodeName: str,
    status: str,
    startTime: { type: 'string', description: "'yyyy-MM-dd HH:mm:ss', China time" },
    endTime: {
      type: 'string',
      description: "When the user acted (已办), else when the instance ended; '' while it runs",
    },
    projectId: str,
    projectName: str,
  },
};

export { security } from './admin-schemas.js';
