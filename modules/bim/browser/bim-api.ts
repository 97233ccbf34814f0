/** The calls of the model page and what they answer (modules/bim/server/routes.ts and the collection bim-issue). */
import type { ApiDescriptor } from '../../../src/engine/module-api';

export interface BimModel {
  id: string;
  name: string;
  fileName: string;
  ifcSchema: string;
  status: 'queued' | 'converting' | 'ready' | 'failed';
  statusLabel: string;
  progress: number;
  error: string;
  elementCount: number;
  storeys: { localId: number; name: string; elements: number }[];
  conversionMs: number;
}

export interface BimIssue {
  id: string;
  version: number;
  projectId: string;
  modelId: string;
  title: string;
  description: string;
  assigneeId: string;
  assigneeIdLabel?: string;
  status: string;
  elementGuid: string;
  elementName: string;
  viewpoint: string;
  screenshot: string;
}

export interface Member {
  id: string;
  name: string;
}

/** The issue states of the collection bim-issue, with their tag colours. */
export const ISSUE_STATUS: Record<string, { label: string; color: string }> = {
  open: { label: '待处理', color: 'orangered' },
  doing: { label: '处理中', color: 'arcoblue' },
  resolved: { label: '已解决', color: 'green' },
  closed: { label: '已关闭', color: 'gray' },
};

export const bimApis = {
  models: { method: 'GET', url: '/api/bim/v1.0/models?projectId={projectId}' },
  create: { method: 'POST', url: '/api/bim/v1.0/models' },
  fragments: { method: 'GET', url: '/api/bim/v1.0/models/{id}/fragments' },
  issues: { method: 'GET', url: '/api/data/bim-issue?projectId={projectId}&modelId={modelId}&pageSize=200' },
  createIssue: { method: 'POST', url: '/api/data/bim-issue' },
  updateIssue: { method: 'PUT', url: '/api/data/bim-issue/{id}' },
  removeIssue: { method: 'DELETE', url: '/api/data/bim-issue/{id}' },
  members: { method: 'GET', url: '/api/zhgd/project/{projectId}/members' },
} satisfies Record<string, ApiDescriptor>;
