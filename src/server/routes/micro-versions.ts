/**
 * GET /systemProject/version.json and /other/version.json: versions of the two micro-app areas, read with
 * /app/version.json by the client's version check (it reloads the page when one changes). The version is
 * PORTAL_SYSTEM_PROJECT_VERSION / PORTAL_OTHER_VERSION, else the package version; never cached.
 */
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { packageJsonPath } from '../paths.js';

function packageVersion(): string {
  const parsed = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { version?: string };
  return parsed.version ?? '0.0.0';
}

const schema = (summary: string) => ({
  tags: ['pub'],
  summary,
  description: 'Answers {version}; Cache-Control no-store. Any query (the client adds ?time=...) is ignored.',
  response: {
    200: { type: 'object', required: ['version'], properties: { version: { type: 'string' } } },
  },
});

const routes: FastifyPluginAsync = async (app) => {
  const fallback = packageVersion();
  const { systemProjectVersion, otherVersion } = app.services.config.portal;
  const answer = (version: string) => async (_request: unknown, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    return { version: version || fallback };
  };
  app.get(
    '/systemProject/version.json',
    { schema: schema('Version of the systemProject micro app') },
    answer(systemProjectVersion),
  );
  app.get('/other/version.json', { schema: schema('Version of the other micro app') }, answer(otherVersion));
};
/** The URL prefix of this file's routes. */
export const prefix = '';
export default routes;
