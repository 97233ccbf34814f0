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
// The logged-in portal (issue 4).
import companyTree from './api/device/base/v2.0/company-tree.js';
import mcMessageUser from './api/mc/mc-message-user.js';
import mcNotice from './api/mc/mc-notice.js';
import events from '../events/routes.js';
import provideLdfWeather from './api/provide-ldf/weather.js';
import smartGantt from './api/smart/gantt.js';
import userTheme from './api/user-theme/user-theme.js';
import ytLoginSkipPc from './api/yt/login-skip-pc.js';
import zhgdBaseFile from './api/zhgd/base-file.js';
import zhgdCompanyManager from './api/zhgd/company-manager.js';
import zhgdMyCommonMenu from './api/zhgd/my-common-menu.js';
import zhgdOfficeTree from './api/zhgd/office-tree.js';
import zhgdProjectStatistics from './api/zhgd/project-statistics.js';
import zhgdRecentlyUsed from './api/zhgd/recently-used.js';
import zhgdWorkbench from './api/zhgd/workbench.js';
import microVersions from './micro-versions.js';
import workflowProcess from './workflow/process.js';
import workflowDefinitions from './api/workflow/definitions.js';
import workflowDesigner from './api/workflow/designer.js';
import workflowInstances from './api/workflow/instances.js';
import workflowTasks from './api/workflow/tasks.js';
import workflowPeople from './api/workflow/people.js';
import zhgdProjectWithOfficeName from './zhgd/project/with-office-name.js';
// System administration (issue 5).
import adminArea from './api/system/area/area.js';
import adminBaseConfig from './api/system/base-config/admin.js';
import adminDictionary from './api/system/dictionary/admin.js';
import adminLogo from './api/system/logo/logo.js';
import adminMenu from './api/system/menu/menu.js';
import adminOffice from './api/system/office/office.js';
import adminProject from './api/system/project/project.js';
import adminRole from './api/system/role/role.js';
import adminSystemLog from './api/system/test/system-log.js';
import adminOnline from './api/system/online/online.js';
import adminJob from './api/system/job/job.js';
import adminServer from './api/system/server/server.js';
import adminExport from './api/system/export/export.js';
import adminUser from './api/user/admin.js';
import userCurrentGrants from './api/user/current-grants.js';
import userImport from './api/user/import-users.js';

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
  // The logged-in portal (issue 4).
  ['/api/zhgd/MyCommonMenu', zhgdMyCommonMenu],
  ['/api/zhgd/RecentlyUsed', zhgdRecentlyUsed],
  ['/api/zhgd/workbench', zhgdWorkbench],
  ['/api/zhgd/projectstatistics', zhgdProjectStatistics],
  ['/api/zhgd/companyManager', zhgdCompanyManager],
  ['/api/zhgd/office', zhgdOfficeTree],
  ['/api/zhgd/base', zhgdBaseFile],
  ['/api/yt/v1.0', ytLoginSkipPc],
  ['/zhgd/project', zhgdProjectWithOfficeName],
  ['/api/device/base/v2.0', companyTree],
  ['/api/provideLDF/weather', provideLdfWeather],
  ['/workflow/process', workflowProcess],
  ['/api/workflow/definitions', workflowDefinitions],
  ['/api/workflow/designer', workflowDesigner],
  ['/api/workflow/instances', workflowInstances],
  ['/api/workflow/tasks', workflowTasks],
  ['/api/workflow/people', workflowPeople],
  ['/api/smart/subitem01/v1.0', smartGantt],
  ['/api/MC/McMessageUser/v1.0', mcMessageUser],
  ['/api/MC/McNotice/v1.0', mcNotice],
  ['/api/events', events],
  ['/api/userTheme/v1.0', userTheme],
  ['', microVersions],
  // System administration (issue 5).
  ['/api/system/office', adminOffice],
  ['/api/system/area', adminArea],
  ['/api/system/menu', adminMenu],
  ['/api/system/dictionary', adminDictionary],
  ['/api/system/role', adminRole],
  ['/api/system/logo', adminLogo],
  ['/api/system/test', adminSystemLog],
  ['/api/system/online', adminOnline],
  ['/api/system/job', adminJob],
  ['/api/system/server', adminServer],
  ['/api/system/export', adminExport],
  ['/api/system/project', adminProject],
  ['/api/system/baseConfig', adminBaseConfig],
  ['/api/user', userCurrentGrants],
  ['/api/user', adminUser],
  ['/api/user/v1.0', userImport],
];

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const [prefix, plugin] of routeModules) await app.register(plugin, { prefix });
}
