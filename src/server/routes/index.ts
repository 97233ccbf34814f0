/**
 * Every route module with the URL prefix it lives under; files mirror the URL space
 * (routes/api/zhgd/menu/role-menu-list.ts -> /api/zhgd/menu/roleMenuList).
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import captcha from './api/captcha.js';
import login from './api/login.js';
import logout from './api/logout.js';
import pubBaseConfig from './api/pub/base-config.js';
import pubGateway from './api/pub/gateway.js';
import pubKeys from './api/pub/keys.js';
import pubPing from './api/pub/ping.js';
import dictionaryList from './api/system/dictionary/list.js';
import tokenRefresh from './api/token/refresh.js';
import currentUser from './api/user/current-user.js';
import roleMenuList from './api/zhgd/menu/role-menu-list.js';

const routeModules: [prefix: string, plugin: FastifyPluginAsync][] = [
  ['/api/pub', pubPing],
  ['/api/pub', pubKeys],
  ['/api/pub', pubBaseConfig],
  ['/api/pub', pubGateway],
  ['/api', captcha],
  ['/api', login],
  ['/api', logout],
  ['/api/token', tokenRefresh],
  ['/api/user', currentUser],
  ['/api/zhgd/menu', roleMenuList],
  ['/api/system/dictionary', dictionaryList],
];

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const [prefix, plugin] of routeModules) await app.register(plugin, { prefix });
}
