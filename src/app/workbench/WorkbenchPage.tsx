/**
 * /work-bench: the landing screen after login, the dashboard of schemas/pages/workbench.json with the signed-in
 * user and the selected project as its context.
 */
import { useNavigate } from 'react-router-dom';
import { DashboardPage } from '../../engine/page/DashboardPage';
import { useSeams } from '../../engine/seams';
import type { MenuRecord } from '../../shared/envelope';
import { selectedProject } from '../layout/selected-project';
import { useOpenTabs } from '../layout/tabs-context';
import { openApp } from '../menus/open-app';
import { readStored } from '../session/storage';

export function WorkbenchPage() {
  const navigate = useNavigate();
  const seams = useSeams();
  const { open } = useOpenTabs();
  return (
    <div data-testid="workbench">
      <DashboardPage
        pageId="workbench"
        context={{ user: readStored('userInfo'), project: selectedProject() }}
        onOpenApp={(app) => openApp(app as unknown as MenuRecord, seams, navigate, open)}
      />
    </div>
  );
}
