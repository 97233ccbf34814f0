/**
 * /work-bench: the landing screen after login, the dashboard of schemas/pages/workbench.json with the signed-in
 * user and the selected project as its context.
 */
import { PortalPage } from '../screens/PortalPage';

export function WorkbenchPage() {
  return (
    <div data-testid="workbench">
      <PortalPage pageId="workbench" />
    </div>
  );
}
