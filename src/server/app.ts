/**
 * Builds the Fastify app: plugins (errors, security headers, services, auth, OpenAPI), the API routes
 * and the web app under /app/. Tests build isolated apps with their own database.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance, type onRouteHookHandler } from 'fastify';
import type { ServerConfig } from './config.js';
import { createDatabase, databaseTarget, type Db } from './db/database.js';
import { prepareDatabase } from './prepare.js';
import { refreshPlannerStatistics } from './db/statistics.js';
import { menuRecordSchema } from './http/envelope-schema.js';
import { lazySchemaController } from './http/lazy-compilers.js';
import { logDestination, OneLinePerRequest } from './http/request-log.js';
import { lazyChildLogger } from './http/request-logger.js';
import { packageVersion } from './package-version.js';
import collections from './collections/plugin.js';
import files from './files/plugin.js';
import jobs from './jobs/plugin.js';
import { loadModules, type PortalModule } from './modules/module-files.js';
import { registerModulePlugins } from './modules/module-plugins.js';
import auditLog from './plugins/audit-log.js';
import auth from './plugins/auth.js';
import errors from './plugins/errors.js';
import health from './plugins/health.js';
import nulGuard from './plugins/nul-guard.js';
import menuTreeFreshness from './plugins/menu-tree-freshness.js';
import permissions from './plugins/permissions.js';
import rateLimit from './plugins/rate-limit.js';
import metrics from './plugins/metrics.js';
import runtimeStats from './plugins/runtime-stats.js';
import securityHeaders from './plugins/security-headers.js';
import tracing from './plugins/tracing.js';
import servicesPlugin from './plugins/services.js';
import swagger from './plugins/swagger.js';
import webApp from './plugins/web-app.js';
import { framingContentSecurityPolicy } from './plugins/security-headers.js';
import { firstScreensIn } from './first-screen/first-screens.js';
import { firstScreenRequest, ownOrigin } from './first-screen/screen-request.js';
import workflow from './workflow/plugin.js';
import alerts from './alerts/plugin.js';
import search from './search/plugin.js';
import { registerRoutes } from './routes/index.js';
import { createServices, type ServiceOverrides } from './app-services.js';
import { ensureKeys } from './accounts/keys.js';

export interface BuildAppOptions {
  config: ServerConfig;
  /**
   * A migrated (and seeded) database the caller owns and closes. Without it the app opens the configured one
   * (or an in-memory PGlite with `inMemory`), migrates and seeds it, and closes it with the app.
   */
  db?: Db;
  inMemory?: boolean;
  /** The portal's modules (default: every folder of modules/); the database must hold their tables. */
  modules?: readonly PortalModule[];
  /** Replacements for configured services (tests). */
  services?: ServiceOverrides;
  /** Called for every route as it is registered, before any plugin or route (tests walk the routes with it). */
  onRoute?: onRouteHookHandler;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** An incoming `x-request-id` when it looks sane, else a random UUID. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const ownsDb = options.db === undefined;
  const db =
    options.db ??
    createDatabase(options.inMemory ? { kind: 'memory' } : databaseTarget(config), { traced: config.tracing });
  const modules = options.modules ?? loadModules();
  if (ownsDb) {
    await prepareDatabase(db, { demo: config.demo, modules });
    await refreshPlannerStatistics(db);
  }
  const keys = await ensureKeys(db);
  const services = createServices(db, keys, config, options.services, modules);
  const version = packageVersion();

  const app = Fastify({
    logController: new OneLinePerRequest(config.requestLog),
    logger: {
      level: config.logLevel,
      // Silent (tests) has nothing to write: keep pino's default there.
      ...(config.logLevel === 'silent' ? {} : { stream: logDestination() }),
      // Bodies are never logged; headers are not logged by default and are redacted should anyone add them.
      redact: {
        paths: [
          'req.headers["access-token"]',
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
      serializers: {
        // The path only: query strings may carry codes or tokens (e.g. /cas?token=...).
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          path: request.url.split('?')[0],
          remoteAddress: request.ip,
        }),
      },
    },
    childLoggerFactory: lazyChildLogger,
    genReqId: requestId,
    ajv: { customOptions: { allErrors: true, strict: false, $data: true } },
    schemaController: lazySchemaController,
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (ownsDb) app.addHook('onClose', async () => db.destroy());
  app.addSchema(menuRecordSchema);

  // First, so that a request's span covers every other hook.
  if (config.tracing) await app.register(tracing);
  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(nulGuard);
  await app.register(servicesPlugin, { services });
  await app.register(runtimeStats);
  await app.register(health);
  await app.register(files);
  await app.register(metrics);
  await app.register(rateLimit, { db });
  await app.register(auth);
  await app.register(permissions);
  await app.register(auditLog);
  await app.register(menuTreeFreshness);
  await app.register(swagger, { version });
  await app.register(jobs);
  await app.register(workflow, {
    collections: modules.flatMap((module) => module.collections),
    notifier: options.services?.approvalNotifier,
  });
  await registerRoutes(app);
  await app.register(collections, { modules });
  await app.register(alerts, { modules });
  await app.register(search);
  await registerModulePlugins(app, modules);
  const firstScreens = config.firstScreen
    ? firstScreensIn(config.webDir, (error) => app.log.warn({ err: error }, 'first-screen renderer failed'))
    : undefined;
  if (firstScreens) app.addHook('onClose', () => firstScreens.close());
  await app.register(webApp, {
    prefix: '/app',
    webDir: config.webDir,
    packageVersion: version,
    pageOfRoute: (route) => services.menuTrees.pageOfRoute(route),
    documentPolicy: async () => {
      const origins = await services.portal.thirdPartyFrames.origins();
      return origins.length > 0 ? framingContentSecurityPolicy(origins) : undefined;
    },
    firstScreens: firstScreens && {
      render(request, route, pageId) {
        const screen = firstScreenRequest(request.headers.cookie, route, pageId, ownOrigin(app.server.address()));
        return screen ? firstScreens.render(screen) : Promise.resolve(undefined);
      },
      warm: () => void firstScreens.warm(),
    },
  });
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/app/'));

  return app;
}
