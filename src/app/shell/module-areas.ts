/** The wildcard module areas of spec section 2, each loaded on demand. */
export const MODULE_AREAS = [
  'ldhw',
  'lag',
  'jw',
  'ldf',
  'process',
  'message',
  'knowledgeMap',
  'dataOperation',
  'videoSearch',
  'systemProject',
  'aplicationCenter',
  'searchMonitor',
  'dataCenter',
  'vueptms',
  'bim',
  'constructionSafety',
  'searchLexiconAnalysis',
  'iotDevices',
  'mindMap',
  'other',
  'hcother',
  'slother',
  'economicsForm',
  'weighbridge',
  'detachmodel',
] as const;

/**
 * Areas whose screens ship with the portal itself (administration): a path there that the user's menus do not
 * grant is refused as such, not reported as a module still to come.
 */
export const PORTAL_AREAS: readonly (typeof MODULE_AREAS)[number][] = ['systemProject'];
