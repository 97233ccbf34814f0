/** The calls of 拆分模型 (/detachmodel/index) and what they answer (modules/bim/server/split-routes.ts). */
import type { ApiDescriptor } from '../../../src/engine/module-api';

export type SplitMode = 'storey' | 'discipline';

export const SPLIT_MODE_OPTIONS: { value: SplitMode; label: string; hint: string }[] = [
  { value: 'storey', label: '按楼层', hint: '每个楼层一个文件' },
  { value: 'discipline', label: '按专业', hint: '结构、建筑、机电各一个文件（按构件类别）' },
];

/** A converted model a split can start from. */
export interface SplitSource {
  id: string;
  name: string;
  ifcSchema: string;
  ifcSize: number;
  elementCount: number;
  storeys: number;
}

export interface SplitPart {
  id: string;
  label: string;
  name: string;
  fileName: string;
  elements: number;
  ifcSize: number;
  status: 'queued' | 'converting' | 'ready' | 'failed';
  statusLabel: string;
  progress: number;
  error: string;
}

export interface ModelSplit {
  id: string;
  modelId: string;
  modelName: string;
  mode: SplitMode;
  modeLabel: string;
  status: 'queued' | 'splitting' | 'done' | 'failed';
  statusLabel: string;
  progress: number;
  error: string;
  createdByName: string;
  createdAt: string;
  parts: SplitPart[];
}

export const splitApis = {
  sources: { method: 'GET', url: '/api/bim/v1.0/splits/sources?projectId={projectId}' },
  splits: { method: 'GET', url: '/api/bim/v1.0/splits?projectId={projectId}' },
  create: { method: 'POST', url: '/api/bim/v1.0/splits' },
  remove: { method: 'DELETE', url: '/api/bim/v1.0/splits/{id}' },
  download: { method: 'GET', url: '/api/bim/v1.0/parts/{id}/ifc' },
} satisfies Record<string, ApiDescriptor>;

/** 1.2 MB, 830 KB: a file's size as the page shows it. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Hands a downloaded file to the browser to save under `name`. */
export function saveBlob(blob: unknown, name: string): void {
  if (!(blob instanceof Blob)) return;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
