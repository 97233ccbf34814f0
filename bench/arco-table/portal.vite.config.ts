/**
 * Builds the portal with the hand-written 字典管理 page (portal-page.tsx) in place of the engine's page renderer:
 * the second reference of bench/admin-first-row.ts. Everything else is the portal's own build (vite.config.ts).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { portalConfig } from '../../vite.config';

const ENGINE_PAGE = fileURLToPath(new URL('../../src/engine/page/SchemaPage.tsx', import.meta.url));
const HAND_WRITTEN_PAGE = fileURLToPath(new URL('./portal-page.tsx', import.meta.url));

const handWrittenPage: Plugin = {
  name: 'bench-hand-written-page',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!source.includes('SchemaPage') || importer === HAND_WRITTEN_PAGE) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved?.id === ENGINE_PAGE ? HAND_WRITTEN_PAGE : null;
  },
};

// In both builds of the portal's sources: the server's renderer of first screens shows the hand-written page too.
export default portalConfig([handWrittenPage]);
