/**
 * The application centre's catalogue from the menu tree: categories are the side menu's entries with the apps below
 * them (three levels, a group's name kept as the app's place), top-level apps share 通用, hidden and permission
 * items are never apps, and the search keeps the categories that still hold a match.
 */
import { describe, expect, it } from 'vitest';
import { appCategories, searchCategories } from '../../src/app/app-center/app-categories';
import type { MenuRecord } from '../../src/shared/envelope';

function menu(id: string, name: string, more: Partial<MenuRecord> = {}): MenuRecord {
  return {
    id,
    name,
    parentId: '0',
    parentIds: '0,',
    sort: 0,
    childList: [],
    href: '',
    vueRoute: '',
    vueRouteAlias: '',
    target: '',
    icon: '',
    highlightIcon: '',
    isShow: '1',
    permission: '',
    thirdPartyUrl: '',
    specialLogo: '',
    iconColor: '',
    titleColor: '',
    remarks: '',
    clickFlag: '0',
    flag: '0',
    ...more,
  };
}

const tree = [
  menu('work-bench', '工作台', { href: '/work-bench', icon: 'icon-home' }),
  menu('ldhw', '劳务管理', {
    icon: 'icon-workers',
    childList: [
      menu('ldhw-workers', '劳务人员', {
        href: '/ldhw/workers',
        childList: [menu('ldhw-workers-edit', '劳务人员编辑', { specialLogo: 'permission', isShow: '0' })],
      }),
      menu('ldhw-reports', '统计报表', {
        childList: [menu('ldhw-attendance', '考勤统计', { href: '/ldhw/attendance' })],
      }),
    ],
  }),
  menu('mindMap', '思维导图', {
    icon: 'icon-mind',
    childList: [
      menu('mindMap-index', '项目导图', { href: '/mindMap/index' }),
      menu('mindMap-share', '导图分享', { href: '/mindMap/share', isShow: '0' }),
    ],
  }),
  menu('other', '第三方应用', {
    childList: [menu('other-archive', '档案系统', { thirdPartyUrl: 'https://a.example.com/' })],
  }),
  menu('empty', '空分类', { childList: [menu('empty-group', '分组')] }),
  menu('hidden', '隐藏入口', { isShow: '0', href: '/hidden' }),
];

describe('the application centre catalogue', () => {
  it('puts the apps under their side-menu entries, top-level apps under 通用', () => {
    const categories = appCategories(tree);
    expect(
      categories.map((category) => [category.name, category.apps.map(({ app, place }) => [app.name, place])]),
    ).toEqual([
      ['通用', [['工作台', '']]],
      [
        '劳务管理',
        [
          ['劳务人员', ''],
          ['考勤统计', '统计报表'],
        ],
      ],
      ['思维导图', [['项目导图', '']]],
      ['第三方应用', [['档案系统', '']]],
    ]);
    // An app without its own icon takes its category's.
    expect(categories[1].apps[0].icon).toBe('icon-workers');
  });

  it('searches by name, spaces ignored, keeping only categories with a match', () => {
    const categories = appCategories(tree);
    expect(searchCategories(categories, ' 导 图').map((category) => category.name)).toEqual(['思维导图']);
    expect(searchCategories(categories, '统计')[0].apps.map(({ app }) => app.name)).toEqual(['考勤统计']);
    expect(searchCategories(categories, '不存在')).toEqual([]);
    expect(searchCategories(categories, '')).toHaveLength(4);
  });
});
