/**
 * The user's common applications (常用应用) in the selected project, and the star that adds an app to them or takes
 * it out (spec section 4: 功能添加成功 / 功能取消成功). The side menu's preview and the application centre use this one
 * hook: they read the same list (one cached request, also the workbench's 常用应用 panel) and make the same calls,
 * so a star set in one shows in the others.
 */
import { runAction } from '../../engine/actions';
import { useSeams } from '../../engine/seams';
import { useApi } from '../../engine/use-api';
import type { MenuRecord } from '../../shared/envelope';
import { selectedProject } from '../layout/selected-project';
import { portalApis } from '../portal-apis';

export const CommonAppMessages = { added: '功能添加成功', removed: '功能取消成功' } as const;

export function useCommonApps() {
  const seams = useSeams();
  const project = selectedProject();
  const params = { projectName: project?.projectName ?? '', officeId: project?.officeId ?? '' };
  const { data, error, mutate } = useApi<MenuRecord[]>(portalApis.commonMenus, params);
  const ids = new Set((data ?? []).map((menu) => menu.id));

  /** Adds the app to the common apps, or takes it out when it is one; the transport shows a refusal. */
  const toggle = async (app: MenuRecord): Promise<void> => {
    try {
      if (ids.has(app.id)) {
        await runAction(
          seams,
          { api: portalApis.commonMenuDelete, successMessage: CommonAppMessages.removed },
          {
            id: app.id,
          },
        );
      } else {
        await runAction(
          seams,
          { api: portalApis.commonMenuInsert, successMessage: CommonAppMessages.added },
          { projectName: params.projectName, menuId: app.id },
        );
      }
    } catch {
      // the HTTP client has shown why
    }
    await mutate();
  };

  return { ids, loaded: data !== undefined, failed: Boolean(error), toggle };
}
