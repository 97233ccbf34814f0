/**
 * The editor's calls, under /api/mindmap/v1.0/maps/{id}: the map with its content; the content saved against the
 * revision the editor started from (optimistic: a save over a newer revision is refused with -409, saying who
 * saved it and when); the share link made (the same link again while the map is shared) or taken back.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type CollectionRecords,
  DomainError,
  envelope,
  idParams,
  ok,
  type RecordAccess,
  requireAuth,
  type Schema,
  security,
} from '../../../src/server/module-api.js';
import { cleanContent, MAP_LIMITS } from './map-content.js';
import { MapMessages, type MapStore } from './map-store.js';
import { sharePath, ShareLinks } from './share-links.js';

const VIEW = 'mindmap:map:view';
const EDIT = 'mindmap:map:edit';
const MAX_CONTENT_CHARS = 1_000_000;

/** The shape the route checks; what a map holds is checked by cleanContent (map-content.ts), with its messages. */
const contentSchema: Schema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    nodeData: { type: 'object', additionalProperties: true, errorMessage: { type: '导图内容格式不正确' } },
  },
  errorMessage: { type: '导图内容格式不正确' },
};

const text = { type: 'string' };
const mapSchema: Schema = {
  type: 'object',
  properties: {
    id: text,
    projectId: text,
    title: text,
    description: text,
    content: contentSchema,
    revision: { type: 'integer' },
    version: { type: 'integer' },
    nodeCount: { type: 'integer' },
    savedByName: text,
    savedAt: text,
    updatedAt: text,
    createdByName: text,
    shared: { type: 'boolean' },
  },
};

const savedSchema: Schema = {
  type: 'object',
  properties: { revision: { type: 'integer' }, nodeCount: { type: 'integer' }, savedAt: text, savedByName: text },
};

const shareSchema: Schema = {
  type: 'object',
  properties: { token: text, path: text },
};

interface SaveBody {
  content: unknown;
  revision: number;
}

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

export async function mapRoutes(
  app: FastifyInstance,
  deps: {
    maps: CollectionRecords;
    store: MapStore;
    links: ShareLinks;
    access: RecordAccess;
    when: (at: Date | null) => string;
  },
): Promise<void> {
  const { maps, store, links, access, when } = deps;
  const now = () => app.services.config.now();

  app.get(
    '/api/mindmap/v1.0/maps/:id',
    {
      config: { auth: 'user', permission: VIEW },
      schema: {
        tags: ['mindmap'],
        summary: 'A mind map with its content, for the editor',
        description:
          'data: the record (title, description, nodeCount, version, savedByName, savedAt, shared) with `content` ' +
          "(mind-elixir's data: nodeData, arrows, summaries, direction) and `revision`, the content's version a save " +
          'must name. A map of a project the caller cannot see is -404 like a missing one.',
        security,
        params: idParams,
        response: { 200: envelope({ data: mapSchema }) },
      },
    },
    async (request: IdRequest) => {
      const { id } = request.params;
      await access.checkRecord(request, maps, id);
      const [record, stored] = await Promise.all([maps.get(id), store.byId(id)]);
      return ok('', { ...record, content: JSON.parse(stored.content ?? '{}') as unknown, revision: stored.revision });
    },
  );

  app.put<{ Params: { id: string }; Body: SaveBody }>(
    '/api/mindmap/v1.0/maps/:id/content',
    {
      bodyLimit: 2 * MAX_CONTENT_CHARS,
      config: { auth: 'user', permission: EDIT, title: '保存导图' },
      schema: {
        tags: ['mindmap'],
        summary: "Save a mind map's content (autosave)",
        description:
          'Body {content, revision}: `revision` is the one the editor loaded or last saved. The content is kept as ' +
          `the editor uses it (no HTML, links only to http(s); at most ${MAP_LIMITS.nodes} nodes, ${MAP_LIMITS.depth} ` +
          'levels). data {revision, nodeCount, savedAt, savedByName}. -409 when someone saved a newer revision ' +
          'since: errMsg says who and when, data {revision, savedByName, savedAt} of the stored one.',
        security,
        params: idParams,
        body: {
          type: 'object',
          required: ['content', 'revision'],
          properties: {
            content: contentSchema,
            revision: {
              type: 'integer',
              minimum: 0,
              errorMessage: { type: '内容版本必须是整数', minimum: '内容版本不能小于0' },
            },
          },
          errorMessage: { required: { content: '请提供导图内容', revision: '请提供内容版本' } },
        },
        response: { 200: envelope({ data: savedSchema }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await access.checkRecord(request, maps, id);
      const { user } = requireAuth(request).view;
      const { content, nodeCount } = cleanContent(request.body.content);
      const stored = JSON.stringify(content);
      if (stored.length > MAX_CONTENT_CHARS) throw new DomainError('invalid', MapMessages.tooLarge);
      // A rename between the read and the write moves the record's version but not the content's revision: read
      // again and write again. A save of the content in between moves the revision: that one is refused.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const current = await store.byId(id);
        if (current.revision !== request.body.revision)
          throw new DomainError('conflict', MapMessages.conflict(current.savedByName ?? '', when(current.savedAt)), {
            data: {
              revision: current.revision,
              savedByName: current.savedByName ?? '',
              savedAt: current.savedAt ? new Date(current.savedAt).toISOString() : '',
            },
          });
        const savedAt = now();
        try {
          await maps.update(
            id,
            { content: stored, revision: current.revision + 1, savedAt: savedAt.toISOString(), savedByName: user.name },
            current.version,
            user.id,
          );
        } catch (error) {
          if (error instanceof DomainError && error.problem === 'conflict') continue;
          throw error;
        }
        return ok(MapMessages.saved, {
          revision: current.revision + 1,
          nodeCount,
          savedAt: savedAt.toISOString(),
          savedByName: user.name,
        });
      }
      const latest = await store.byId(id);
      throw new DomainError('conflict', MapMessages.conflict(latest.savedByName ?? '', when(latest.savedAt)));
    },
  );

  app.post(
    '/api/mindmap/v1.0/maps/:id/share',
    {
      config: { auth: 'user', permission: EDIT, title: '分享导图' },
      schema: {
        tags: ['mindmap'],
        summary: "A mind map's read-only share link",
        description:
          'Shares the map, or answers the link it is shared with already. data {token, path}: `path` opens the ' +
          "read-only view in the portal (signed in, for members of the map's project).",
        security,
        params: idParams,
        response: { 200: envelope({ data: shareSchema }) },
      },
    },
    async (request: IdRequest) => {
      const { id } = request.params;
      await access.checkRecord(request, maps, id);
      const shareId = await store.share(id, ShareLinks.newShareId());
      const token = links.token(id, shareId);
      return ok(MapMessages.shared, { token, path: sharePath(token) });
    },
  );

  app.delete(
    '/api/mindmap/v1.0/maps/:id/share',
    {
      config: { auth: 'user', permission: EDIT, title: '取消导图分享' },
      schema: {
        tags: ['mindmap'],
        summary: "Take a mind map's share link back",
        description: 'Every link given out before stops working; sharing again makes a new one.',
        security,
        params: idParams,
        response: { 200: envelope() },
      },
    },
    async (request: IdRequest) => {
      const { id } = request.params;
      await access.checkRecord(request, maps, id);
      await store.unshare(id);
      return ok(MapMessages.unshared);
    },
  );
}
