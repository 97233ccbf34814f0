/**
 * The module's own calls (modules/mindmap/server/map-routes.ts and share-routes.ts), as the browser makes them,
 * and the shapes they answer.
 */
import type { ApiDescriptor } from '../../../src/engine/module-api';

export const mapApis = {
  map: { method: 'GET', url: '/api/mindmap/v1.0/maps/{id}', resultPath: 'data' },
  save: { method: 'PUT', url: '/api/mindmap/v1.0/maps/{id}/content', resultPath: 'data' },
  share: { method: 'POST', url: '/api/mindmap/v1.0/maps/{id}/share', resultPath: 'data' },
  unshare: { method: 'DELETE', url: '/api/mindmap/v1.0/maps/{id}/share' },
  shared: { method: 'GET', url: '/api/mindmap/v1.0/share/{token}', resultPath: 'data' },
} satisfies Record<string, ApiDescriptor>;

/** The envelope every call answers. */
export interface Answer<T> {
  msgCode: number;
  errMsg: string;
  data?: T;
}

/** What mind-elixir draws: a node tree, arrows and summaries (kept by the server as it stores them). */
export interface MapData {
  nodeData: MapNode;
  arrows?: { id: string; label: string; from: string; to: string }[];
  summaries?: { id: string; label: string; parent: string; start: number; end: number }[];
  direction?: 0 | 1 | 2 | 3;
}

export interface MapNode {
  id: string;
  topic: string;
  children?: MapNode[];
  expanded?: boolean;
  hyperLink?: string;
  note?: string;
  tags?: (string | { text: string })[];
}

/** A map as the editor opens it. */
export interface EditorMap {
  id: string;
  projectId: string;
  title: string;
  description?: string;
  content: MapData;
  revision: number;
  nodeCount?: number;
  savedByName?: string;
  savedAt?: string;
  updatedAt?: string;
  shared: boolean;
}

export interface Saved {
  revision: number;
  nodeCount: number;
  savedAt: string;
  savedByName: string;
}

/** A map as a share link opens it. */
export interface SharedMap {
  title: string;
  projectName: string;
  content: MapData;
  savedByName: string;
  savedAt: string;
  updatedAt: string;
}

/** msgCodes the screens answer themselves instead of a toast. */
export const MsgCodes = { notFound: -404, forbidden: -403, conflict: -409 } as const;
