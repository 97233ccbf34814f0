/**
 * The header's project selector (spec section 2): the current project's name (请选择项目 when none, a tooltip
 * from 10 characters on), and a popover with a searchable tree to switch; 更多 opens the 1280px picker.
 */
import { Button, Popover, Spin, Tooltip } from '@arco-design/web-react';
import '@arco-design/web-react/es/Popover/style/css.js';
import '@arco-design/web-react/es/Tooltip/style/css.js';
import '@arco-design/web-react/es/Spin/style/css.js';
import { Suspense, useState } from 'react';
import { lazyPart, usePreloadWhenIdle } from '../../engine/lazy-part';
import { useSeams } from '../../engine/seams';
import { useApi } from '../../engine/use-api';
import { needsProjectTooltip } from '../layout/names';
import { selectedProject } from '../layout/selected-project';
import { portalApis } from '../portal-apis';
import { chooseProject, REQUESTING } from './choose-project';
import { toSelection, type CompanyTreeNode } from './project-tree';
import './projects.css';

// The tree (Arco's Tree and Checkbox) shows only in the open popover: not part of the layout's first render.
const ProjectTree = lazyPart(async () => (await import('./ProjectTree')).ProjectTree);

export function ProjectSelector({ onMore }: { onMore: () => void }) {
  const seams = useSeams();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  usePreloadWhenIdle(ProjectTree);
  const { data: tree = [] } = useApi<CompanyTreeNode[]>(open ? portalApis.companyTree : null, {});
  const current = selectedProject();
  const name = current?.projectName ?? '';

  const choose = async (node: CompanyTreeNode) => {
    setBusy(true);
    try {
      // Another project reloads the page; the same one just closes the popover.
      if ((await chooseProject(seams, toSelection(node))) === 'nothing') {
        setBusy(false);
        setOpen(false);
      }
    } catch {
      setBusy(false);
    }
  };

  const button = (
    <button type="button" className="header-project" data-testid="header-project">
      {name || '请选择项目'}
    </button>
  );

  return (
    <Popover
      trigger="click"
      position="bl"
      popupVisible={open}
      onVisibleChange={(visible) => !busy && setOpen(visible)}
      content={
        <Spin loading={busy} tip={REQUESTING} block>
          <div className="project-popover" data-testid="project-popover">
            <Suspense fallback={<Spin block />}>
              <ProjectTree.Component tree={tree} selectedId={undefined} onSelect={(node) => void choose(node)} />
            </Suspense>
            <div className="project-popover-more">
              <Button
                type="text"
                size="small"
                onClick={() => {
                  setOpen(false);
                  onMore();
                }}
              >
                更多项目…
              </Button>
            </div>
          </div>
        </Spin>
      }
    >
      {needsProjectTooltip(name) ? <Tooltip content={name}>{button}</Tooltip> : button}
    </Popover>
  );
}
