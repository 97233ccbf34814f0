import { describe, expect, it } from 'vitest';
import { isFullScreenRoute } from '../../src/app/layout/full-screen-routes';
import {
  needsProjectTooltip,
  previewName,
  shortUserName,
  sideMenuName,
  tabName,
  treeLabel,
} from '../../src/app/layout/names';
import {
  WORKBENCH_TAB,
  addTab,
  closeTab,
  opensTab,
  resetTabs,
  splitTabs,
  visibleTabCount,
} from '../../src/app/layout/open-tabs';
import {
  appTarget,
  findMenuRoute,
  menuRoutes,
  permissionItems,
  previewApps,
  searchApps,
} from '../../src/app/menus/menu-tree';
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

describe('name truncations (spec sections 2 and 9)', () => {
  it.each([
    ['张三', '张三'],
    ['欧阳娜娜', '欧阳娜娜'],
    ['欧阳娜娜娜', '欧阳娜...'],
  ])('header user name %s -> %s', (name, shown) => expect(shortUserName(name)).toBe(shown));

  it('side menu shows the first 5 characters', () => {
    expect(sideMenuName('系统管理')).toBe('系统管理');
    expect(sideMenuName('物联网设备管理中心')).toBe('物联网设备');
  });

  it('preview names: up to 8, longer ones 7 plus ellipsis', () => {
    expect(previewName('一二三四五六七八')).toBe('一二三四五六七八');
    expect(previewName('一二三四五六七八九')).toBe('一二三四五六七...');
  });

  it('tab names: up to 6, longer ones 5 plus ellipsis', () => {
    expect(tabName('一二三四五六')).toBe('一二三四五六');
    expect(tabName('一二三四五六七')).toBe('一二三四五...');
  });

  it('tree labels: up to 26, longer ones 25 plus ellipsis', () => {
    expect(treeLabel('字'.repeat(26))).toBe('字'.repeat(26));
    expect(treeLabel('字'.repeat(27))).toBe(`${'字'.repeat(25)}...`);
  });

  it('project names get a tooltip from 10 characters on', () => {
    expect(needsProjectTooltip('一二三四五六七八九')).toBe(false);
    expect(needsProjectTooltip('一二三四五六七八九十')).toBe(true);
  });
});

describe('open tabs (spec section 4)', () => {
  const a = { id: 'a', name: '考勤管理', href: '/ldhw/attendance' };
  const b = { id: 'b', name: '设备列表', href: '/iotDevices/list' };

  it('only navigation-type or flagged menus open a tab', () => {
    expect(opensTab(menu('x', 'x', { specialLogo: 'navigation' }))).toBe(true);
    expect(opensTab(menu('x', 'x', { flag: '1' }))).toBe(true);
    expect(opensTab(menu('x', 'x', { specialLogo: 'application' }))).toBe(false);
  });

  it('adds after the work bench, ignores duplicates by href, closes by href but never the work bench', () => {
    const opened = addTab(addTab(addTab([], a), b), { ...a, id: 'again' });
    expect(opened.map((tab) => tab.href)).toEqual([WORKBENCH_TAB.href, a.href, b.href]);
    expect(closeTab(opened, a.href).map((tab) => tab.href)).toEqual([WORKBENCH_TAB.href, b.href]);
    expect(closeTab(opened, WORKBENCH_TAB.href)).toEqual(opened);
  });

  it('reset gives the work bench plus the given items', () => {
    expect(resetTabs([b]).map((tab) => tab.href)).toEqual([WORKBENCH_TAB.href, b.href]);
    expect(resetTabs()).toEqual([WORKBENCH_TAB]);
  });

  it.each([
    [1280 - 92, 7],
    [1920 - 92, 11],
    [191, 1],
    [40, 1],
  ])('width %i fits floor((w - 40) / 151) = %i tabs', (width, count) => {
    expect(visibleTabCount(width)).toBe(count);
  });

  it('the rest go to the overflow list, keeping the active tab visible', () => {
    const many = resetTabs(Array.from({ length: 9 }, (_, i) => ({ id: `t${i}`, name: `页面${i}`, href: `/p/${i}` })));
    const { visible, overflow } = splitTabs(many, 40 + 151 * 4, '/p/8');
    expect(visible.map((tab) => tab.href)).toEqual(['/work-bench', '/p/0', '/p/1', '/p/8']);
    expect(overflow).toHaveLength(many.length - 4);
  });
});

describe('menu tree', () => {
  const tree = [
    menu('sys', '系统管理', {
      childList: [
        menu('users', '用户管理', { href: '/systemProject/users', target: 'admin/users' }),
        menu('perm', '新增用户', { specialLogo: 'permission', permission: 'sys:user:edit' }),
        menu('deep', '二级', {
          childList: [
            menu('d3', '三级应用', {
              href: '/other/d3',
              target: 'x',
              childList: [menu('d4', '四级', { href: '/other/d4', target: 'x' })],
            }),
          ],
        }),
      ],
    }),
  ];

  it('items with a link and a target become routes, with the chain of names', () => {
    const routes = menuRoutes(tree);
    expect(routes.map((route) => route.path)).toEqual(['/systemProject/users', '/other/d3', '/other/d4']);
    expect(findMenuRoute(routes, '/other/d3/')?.trail).toEqual(['系统管理', '二级', '三级应用']);
    expect(findMenuRoute(routes, '/nowhere')).toBeUndefined();
  });

  it('collects permission items', () => {
    expect(permissionItems(tree).map((item) => item.permission)).toEqual(['sys:user:edit']);
  });

  it('previews child apps flattened to three levels, and searches them', () => {
    const apps = previewApps(tree[0]);
    expect(apps.map((app) => app.id)).toEqual(['users', 'd3']);
    expect(searchApps(apps, ' 用户 ').map((app) => app.id)).toEqual(['users']);
    expect(searchApps(apps, '不存在')).toEqual([]);
  });

  it('third-party addresses get the project name; _blank opens a new tab', () => {
    const third = menu('t', '混凝土', { thirdPartyUrl: 'https://c.example/?p={projectName}' });
    expect(appTarget(third, '一号 楼')).toEqual({
      kind: 'new-tab',
      url: 'https://c.example/?p=%E4%B8%80%E5%8F%B7%20%E6%A5%BC',
    });
    expect(appTarget(menu('b', 'b', { href: '/x', remarks: '_blank' }), '')).toEqual({ kind: 'new-tab', url: '/x' });
    // A third-party app with a portal route opens inside the portal, framed by its page.
    const framed = menu('a', '档案系统', {
      href: '/other/archive',
      thirdPartyUrl: 'https://a.example/?p={projectName}',
    });
    expect(appTarget(framed, '一号楼')).toEqual({ kind: 'route', path: '/other/archive' });
    expect(appTarget({ ...framed, remarks: '_blank' }, '一号楼')).toEqual({
      kind: 'new-tab',
      url: 'https://a.example/?p=%E4%B8%80%E5%8F%B7%E6%A5%BC',
    });
    expect(appTarget(menu('r', 'r', { href: '/x' }), '')).toEqual({ kind: 'route', path: '/x' });
    expect(appTarget(menu('n', 'n'), '')).toEqual({ kind: 'unavailable' });
  });
});

describe('full-screen routes (spec section 2)', () => {
  it("takes the portal's own and those the modules declare in module.json, with the paths below them", () => {
    expect(isFullScreenRoute('/screen')).toBe(true);
    expect(isFullScreenRoute('/ldv/chart_viewer')).toBe(true);
    // modules/weighbridge/module.json declares its home screen.
    expect(isFullScreenRoute('/weighbridge/home')).toBe(true);
    expect(isFullScreenRoute('/weighbridge/records')).toBe(false);
    expect(isFullScreenRoute('/screens')).toBe(false);
    expect(isFullScreenRoute('/work-bench')).toBe(false);
  });
});
