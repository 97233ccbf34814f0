/**
 * The words for a project's 工程类型 code, from the 项目管理 page's own column (schemas/pages/project.json), so
 * every screen says 房建 / 市政 / 公路 alike.
 */
import projectPage from '../../../schemas/pages/project.json';

const column = (projectPage.columns as { field: string; map?: Record<string, string> }[]).find(
  (candidate) => candidate.field === 'engineeringType',
);

export function engineeringTypeName(code: string): string {
  return column?.map?.[code] ?? code;
}
