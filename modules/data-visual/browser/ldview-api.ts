/** The calls of the designer and of the release pages (modules/data-visual/server/plugin.ts, the collection's). */
import type { ApiDescriptor } from '../../../src/engine/module-api';

export const LdviewApi = {
  datasets: { method: 'GET', url: '/api/ldview/v1.0/datasets', resultPath: 'data' },
  preview: { method: 'POST', url: '/api/ldview/v1.0/preview', resultPath: 'data' },
  list: { method: 'GET', url: '/api/data/ldview-dashboard', resultPath: 'data' },
  create: { method: 'POST', url: '/api/data/ldview-dashboard' },
  remove: { method: 'DELETE', url: '/api/data/ldview-dashboard/{id}' },
  dashboard: { method: 'GET', url: '/api/ldview/v1.0/dashboards/{id}', resultPath: 'data' },
  save: { method: 'PUT', url: '/api/ldview/v1.0/dashboards/{id}/file' },
  versions: { method: 'GET', url: '/api/ldview/v1.0/dashboards/{id}/versions', resultPath: 'data' },
  publish: { method: 'POST', url: '/api/ldview/v1.0/dashboards/{id}/release' },
  unpublish: { method: 'DELETE', url: '/api/ldview/v1.0/dashboards/{id}/release' },
  release: { method: 'GET', url: '/api/ldview/v1.0/release/{token}', resultPath: 'data' },
  screens: { method: 'GET', url: '/api/ldview/v1.0/screens', resultPath: 'data' },
  screen: { method: 'GET', url: '/api/ldview/v1.0/screens/{id}', resultPath: 'data' },
  saveScreen: { method: 'PUT', url: '/api/ldview/v1.0/screens/{id}/file' },
  resetScreen: { method: 'POST', url: '/api/ldview/v1.0/screens/{id}/reset' },
  screenVersions: { method: 'GET', url: '/api/ldview/v1.0/screens/{id}/versions', resultPath: 'data' },
} satisfies Record<string, ApiDescriptor>;

/** A row of the dashboards' list (the collection's read: no file, no share id). */
export interface DashboardRow {
  id: string;
  title: string;
  description?: string;
  chartCount?: number;
  revision?: number;
  published: boolean;
}

/** The portal's address of an in-app path (the web app lives under /app). */
export const portalUrl = (path: string) => `${window.location.origin}/app${path}`;
