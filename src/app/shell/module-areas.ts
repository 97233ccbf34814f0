/**
 * The wildcard areas of spec section 2, each loaded on demand: a path there that the user's menus do not grant
 * says 该功能暂未开放 (a module still to come), not 页面不存在. The areas listed here belong to no module of the
 * portal yet; a module declares the areas of its screens in its module.json (`areas`), which joins them here when
 * the web app is built, and takes its area out of this list when it is written.
 */
import { moduleAreas } from '../screens/module-declarations';

const AREAS_WITHOUT_MODULE = [
  'ldhw',
  'jw',
  'process',
  'message',
  'systemProject',
  'aplicationCenter',
  'constructionSafety',
  'iotDevices',
  'other',
  'hcother',
  'slother',
];

export const MODULE_AREAS: readonly string[] = [...new Set([...AREAS_WITHOUT_MODULE, ...moduleAreas])];

/**
 * Areas whose screens ship with the portal itself (administration): a path there that the user's menus do not
 * grant is refused as such, not reported as a module still to come.
 */
export const PORTAL_AREAS: readonly string[] = ['systemProject'];
