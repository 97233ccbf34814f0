/**
 * 思维导图 (module mindmap): the maps are the collection mind-map (its list, new, rename and delete are the
 * collection's own calls); this plugin adds what no file can declare:
 * - every write of a map keeps its content clean and counted (map-content.ts), a new map starting from its title;
 * - the collection's reads leave the content and the share id out (a list stays small; the id is not a link);
 * - the editor's calls: a map with its content, the content saved against the revision it was edited from (a
 *   second editor's save over a newer one is refused with who saved it and when, never lost silently), and the
 *   share link made or taken back (map-routes.ts);
 * - the read-only view a share link opens (share-routes.ts).
 */
import { type ModulePlugin, chinaDateTime, ensureSecret, recordAccess } from '../../../src/server/module-api.js';
import { cleanContent, newContent, parseContent } from './map-content.js';
import { MapStore } from './map-store.js';
import { mapRoutes } from './map-routes.js';
import { SHARE_KEY_ID, ShareLinks } from './share-links.js';
import { shareRoutes } from './share-routes.js';

const mindmap: ModulePlugin = async (app) => {
  const maps = app.collections.get('mind-map');
  if (!maps) throw new Error('modules/mindmap: the collection mind-map is missing');
  const { db } = app.services;
  const store = new MapStore(maps, db);
  const links = new ShareLinks(await ensureSecret(db, SHARE_KEY_ID));
  const access = recordAccess(app);

  maps.extendReads(async (rows) => {
    for (const row of rows) {
      row.shared = typeof row.shareId === 'string' && row.shareId !== '';
      delete row.content;
      delete row.shareId;
    }
  });

  maps.onWrite(async (write) => {
    if (write.kind !== 'create' && write.kind !== 'update') return;
    const map = await store.byId(write.id, write.db);
    const raw = map.content ? parseContent(map.content) : newContent(map.title);
    const { content, nodeCount } = cleanContent(raw);
    await store.storeContent(write.db, write.id, JSON.stringify(content), nodeCount);
  });

  const when = (at: Date | null) => (at ? chinaDateTime(at).slice(5, 16) : '');
  await mapRoutes(app, { maps, store, links, access, when });
  await shareRoutes(app, { store, links });
};

export default mindmap;
