/**
 * After login (spec section 4): the project list is loaded and a project picked: the one the user saved last
 * time (the theme record's remarks), if still visible, else the first node with clickFlag '1'. Without any, the
 * layout asks with the initial picker.
 */
import { pickPath } from '../../engine/api';
import { runAction } from '../../engine/actions';
import type { EngineSeams } from '../../engine/seams';
import type { SelectedProject } from '../layout/selected-project';
import { portalApis } from '../portal-apis';
import { writeStored } from '../session/storage';
import { findProject, firstSelectable, toSelection, type CompanyTreeNode } from './project-tree';

async function savedProjectId(seams: EngineSeams, userId: string): Promise<string | undefined> {
  try {
    const envelope = await runAction(seams, { api: portalApis.userTheme }, { userId });
    const remarks = pickPath(envelope, 'data.remarks');
    return typeof remarks === 'string' && remarks ? (JSON.parse(remarks) as SelectedProject).projectId : undefined;
  } catch {
    return undefined;
  }
}

/** The projects the user may pick, as a tree of companies. */
export async function companyTree(seams: EngineSeams): Promise<CompanyTreeNode[]> {
  const envelope = await runAction(seams, { api: portalApis.companyTree }, {});
  return (pickPath(envelope, portalApis.companyTree.resultPath) ?? []) as CompanyTreeNode[];
}

export async function pickInitialProject(seams: EngineSeams, userId: string): Promise<SelectedProject | undefined> {
  const tree = await companyTree(seams);
  const node = findProject(tree, await savedProjectId(seams, userId)) ?? firstSelectable(tree);
  if (!node) return undefined;
  const selection = toSelection(node);
  writeStored('selectInfo', selection as Record<string, unknown>);
  return selection;
}
