/**
 * A path of a module area that the user's menu tree does not hold: the server says why (GET
 * /api/zhgd/menu/routeStatus), and the screen says it plainly: the module is not for this kind of project (a
 * highway project has no 升降机监测; switch to a project of the listed kinds), the user's roles do not grant it, or
 * the module is not there yet (该功能暂未开放).
 */
import { useLocation } from 'react-router-dom';
import type { RouteStatus } from '../../shared/envelope';
import { Loading } from '../../engine/feedback';
import { useApi } from '../../engine/use-api';
import { selectedProject } from '../layout/selected-project';
import { portalApis } from '../portal-apis';
import { engineeringTypeName } from '../projects/engineering-types';
import { AreaScreen, BackToWorkbench, NoAccess } from './AreaScreen';

export function UnavailableRoute() {
  const location = useLocation();
  const project = selectedProject();
  const { data, error } = useApi<RouteStatus>(portalApis.menuRouteStatus, {
    href: location.pathname,
    projectName: project?.projectName ?? '',
  });
  if (error) return <AreaScreen />;
  if (!data) return <Loading />;
  if (data.state === 'notGranted') return <NoAccess />;
  if (data.state === 'unknown') return <AreaScreen />;
  const kind = engineeringTypeName(project?.projectType ?? '');
  const kinds = data.projectTypes.map(engineeringTypeName).join('、');
  return (
    <section className="module-unavailable" data-testid="module-not-for-project">
      <h2>本项目不适用“{data.menuName}”</h2>
      <p>
        {project?.projectName ?? '当前项目'}是{kind}工程，“{data.menuName}”用于{kinds}
        工程项目。请在页头切换到这类项目后使用。
      </p>
      <BackToWorkbench />
    </section>
  );
}
