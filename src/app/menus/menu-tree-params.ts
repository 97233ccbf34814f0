/**
 * The params of the user's menu tree read (POST /api/zhgd/menu/roleMenuList): the selected project's type and
 * office. One definition, so that the read the main script starts for a link opened directly and the layout's
 * `useMenuTree` have one key and share one request.
 */
import { selectedProject } from '../layout/selected-project';

export function menuTreeParams(): { type: string; officeId: string } {
  const project = selectedProject();
  return { type: project?.projectType ?? '', officeId: project?.officeId ?? '' };
}
