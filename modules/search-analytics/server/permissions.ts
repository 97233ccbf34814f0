/** The module's permissions (module.json's menus): 搜索统计, 词库分析, and 词库维护 (of 系统管理). */
export const MONITOR_VIEW = 'searchMonitor:index:view';
export const LEXICON_VIEW = 'searchLexicon:index:view';
export const LEXICON_EDIT = 'searchLexicon:word:edit';
