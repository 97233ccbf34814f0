/**
 * Choosing a project (spec section 4): save the theme record on the server, store the selection, then reload
 * the page, or (another project type, or the initial choice) clear the open menus and reload to the work bench,
 * where the menu tree of the new type loads.
 */
import { runAction } from '../../engine/actions';
import type { EngineSeams } from '../../engine/seams';
import { resetTabs, WORKBENCH_TAB } from '../layout/open-tabs';
import type { SelectedProject } from '../layout/selected-project';
import { portalApis } from '../portal-apis';
import { readStored, removeStored, writeStored } from '../session/storage';
import { selectionOutcome, type SelectionOutcome } from './project-tree';

export const REQUESTING = '请求中，请稍候…';

export async function saveSelection(seams: EngineSeams, selection: SelectedProject): Promise<void> {
  const userId = readStored('userInfo')?.id ?? '';
  await runAction(
    seams,
    { api: portalApis.userThemeSave },
    { theme: 'default', userId, remarks: JSON.stringify(selection) },
  );
  writeStored('selectInfo', selection as Record<string, unknown>);
}

export async function chooseProject(
  seams: EngineSeams,
  selection: SelectedProject,
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<SelectionOutcome> {
  const outcome = selectionOutcome(readStored('selectInfo') as SelectedProject | undefined, selection);
  if (outcome === 'nothing') return outcome;
  await saveSelection(seams, selection);
  removeStored('currentMenuList');
  if (outcome === 'to-workbench') {
    writeStored('openMenuTabs', resetTabs());
    go(`/app${WORKBENCH_TAB.href}`);
  } else {
    go(window.location.href);
  }
  return outcome;
}
