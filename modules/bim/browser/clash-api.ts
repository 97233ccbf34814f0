/** The calls of the clash page and what they answer (modules/bim/server/clash-routes.ts). */
import type { ApiDescriptor } from '../../../src/engine/module-api';
import type { Vec3 } from './viewer';

export interface ClashDiscipline {
  key: string;
  label: string;
}

export interface ClashCheck {
  id: string;
  modelA: string;
  modelAName: string;
  disciplineA: string;
  modelB: string;
  modelBName: string;
  disciplineB: string;
  toleranceMm: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  statusLabel: string;
  progress: number;
  error: string;
  run: number;
  elementsA: number;
  elementsB: number;
  clashCount: number;
  checkMs: number;
  finishedAt: string;
}

export interface ClashElementRef {
  localId: number;
  guid: string;
  name: string;
  ifcClass: string;
}

export interface Clash {
  id: string;
  a: ClashElementRef;
  b: ClashElementRef;
  storey: string;
  distanceMm: number;
  point: Vec3;
  /** Where the camera looks from and at; the section box shows the clash among the other elements. */
  viewpoint: { position: Vec3; target: Vec3; section: { min: Vec3; max: Vec3 } };
  status: ClashStatus;
  statusLabel: string;
  assigneeId: string;
  assigneeName: string;
}

export type ClashStatus = 'new' | 'assigned' | 'resolved' | 'ignored';

/** The clash states with their tag colours (the labels are the server's, CLASH_STATUS_LABELS). */
export const CLASH_STATUS: Record<ClashStatus, { label: string; color: string }> = {
  new: { label: '新建', color: 'red' },
  assigned: { label: '已指派', color: 'orangered' },
  resolved: { label: '已解决', color: 'green' },
  ignored: { label: '忽略', color: 'gray' },
};

export const clashApis = {
  disciplines: { method: 'GET', url: '/api/bim/v1.0/clash-disciplines' },
  checks: { method: 'GET', url: '/api/bim/v1.0/clash-tests?projectId={projectId}' },
  check: { method: 'GET', url: '/api/bim/v1.0/clash-tests/{id}' },
  run: { method: 'POST', url: '/api/bim/v1.0/clash-tests' },
  remove: { method: 'DELETE', url: '/api/bim/v1.0/clash-tests/{id}' },
  clashes: { method: 'GET', url: '/api/bim/v1.0/clash-tests/{id}/clashes' },
  update: { method: 'PUT', url: '/api/bim/v1.0/clashes/{id}' },
} satisfies Record<string, ApiDescriptor>;
