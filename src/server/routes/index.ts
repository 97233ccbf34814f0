/**
 * Every route module with the URL prefix it lives under; files mirror the URL space
 * (routes/api/zhgd/menu/role-menu-list.ts -> /api/zhgd/menu/roleMenuList).
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import captcha from './api/captcha.js';
import loginFlag from './api/device/login-flag.js';
import login from './api/login.js';
import logout from './api/logout.js';
import pubAi from './api/pub/ai.js';
import pubBaseConfig from './api/pub/base-config.js';
import pubBirthAndSex from './api/pub/birth-and-sex.js';
import pubCas from './api/pub/cas.js';
import pubGateway from './api/pub/gateway.js';
import pubKeys from './api/pub/keys.js';
import pubPing from './api/pub/ping.js';
import registerCompany from './api/register/company.js';
import registerPasswordUpdate from './api/register/password-update.js';
import registerRegister from './api/register/register.js';
import registerSms from './api/register/sms.js';
import dictionaryList from './api/system/dictionary/list.js';
import getCode from './api/system/send-code/get-code.js';
import getMobile from './api/system/send-code/get-mobile.js';
import tokenRefresh from './api/token/refresh.js';
import changePassword from './api/user/change-password.js';
import currentUser from './api/user/current-user.js';
import roleMenuList from './api/zhgd/menu/role-menu-list.js';

const routeModules: [prefix: string, plugin: FastifyPluginAsync][] = [
  ['/api/pub', pubPing],
  ['/api/pub', pubKeys],
  ['/api/pub', pubBaseConfig],
  ['/api/pub', pubGateway],
  ['/api/pub', pubBirthAndSex],
  ['/api/pub', pubAi],
  ['/api/pub', pubCas],
  ['/api', captcha],
  ['/api', login],
  ['/api', logout],
  ['/api/token', tokenRefresh],
  ['/api/user', currentUser],
  ['/api/user/v1.0', changePassword],
  ['/api/system/sendCode', getCode],
  ['/api/system/sendCode', getMobile],
  ['/api/device/base/v1.0', loginFlag],
  ['/api/register', registerSms],
  ['/api/register', registerRegister],
  ['/api/register', registerPasswordUpdate],
  ['/api/register/company', registerCompany],
  ['/api/zhgd/menu', roleMenuList],
  ['/api/system/dictionary', dictionaryList],
];

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const [prefix, plugin] of routeModules) await app.register(plugin, { prefix });
}
