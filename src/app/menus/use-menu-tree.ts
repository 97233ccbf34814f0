/**
 * The user's menu tree for the selected project type and office (POST /api/zhgd/menu/roleMenuList), kept as
 * `currentMenuList` so a reload shows the menu at once while the fresh tree loads.
 */
import { useEffect, useMemo } from 'react';
import { useApi } from '../../engine/use-api';
import type { MenuRecord } from '../../shared/envelope';
import { portalApis } from '../portal-apis';
import { readStored, writeStored } from '../session/storage';
import { menuRoutes, type MenuRoute } from './menu-tree';
import { menuTreeParams } from './menu-tree-params';

export interface MenuTreeState {
  tree: MenuRecord[];
  routes: MenuRoute[];
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

export function useMenuTree(): MenuTreeState {
  const { data, error, isLoading, mutate } = useApi<MenuRecord[]>(portalApis.roleMenuList, menuTreeParams());
  useEffect(() => {
    if (data) writeStored('currentMenuList', data);
  }, [data]);
  // The permissions come with the menus: both follow the user's roles.
  const { data: permissions } = useApi<string[]>(portalApis.currentPermissions);
  useEffect(() => {
    if (permissions) writeStored('permissions', permissions);
  }, [permissions]);
  const tree = useMemo(() => data ?? readStored('currentMenuList') ?? [], [data]);
  const routes = useMemo(() => menuRoutes(tree), [tree]);
  return { tree, routes, loading: isLoading, failed: Boolean(error), reload: () => void mutate() };
}
