/**
 * The project picker (spec section 2): 1280px wide, the institution tree (300px, collapsible to 36px) beside the
 * project table (422px high). As the initial 'select project' it cannot be cancelled or closed; as 'switch
 * project' it can. Confirming without a choice says 请选择项目.
 */
import { Button, Modal, Spin, Table } from '@arco-design/web-react';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Spin/style/css.js';
import '@arco-design/web-react/es/Table/style/css.js';
import { IconMenuFold, IconMenuUnfold } from '@arco-design/web-react/icon';
import { useMemo, useState } from 'react';
import { useSeams } from '../../engine/seams';
import { useApi } from '../../engine/use-api';
import { selectedProject } from '../layout/selected-project';
import { portalApis } from '../portal-apis';
import { chooseProject, REQUESTING } from './choose-project';
import { findProject, toSelection, type CompanyTreeNode } from './project-tree';
import { ProjectTree } from './ProjectTree';
import './projects.css';
import type { ProjectListRow } from '../../shared/projects';
import { cellText, type TextColumn } from '../../shared/cell-text';
import projectPage from '../../../schemas/pages/project.json';

/**
 * The words for a coded column, from the 项目管理 page's own column (schemas/pages/project.json), so that the picker
 * and the administration screen say 房建 / 在建 alike.
 */
function coded(pageField: string, rowField: keyof ProjectListRow): (value: unknown, row: ProjectListRow) => string {
  const column = (projectPage.columns as TextColumn[]).find((candidate) => candidate.field === pageField);
  const format: TextColumn = { ...column, field: rowField };
  return (_value, row) => cellText(format, row as unknown as Record<string, unknown>);
}
const engineeringTypeText = coded('engineeringType', 'ENGINEERING_TYPE');
const projectStatusText = coded('status', 'PROJECT_STATUS');

export const CHOOSE_PROJECT = '请选择项目';

export function ProjectPicker({ initial, onClose }: { initial: boolean; onClose: () => void }) {
  const seams = useSeams();
  const [collapsed, setCollapsed] = useState(false);
  const [chosen, setChosen] = useState<CompanyTreeNode | null>(null);
  /** The institution chosen in the tree: the table lists the projects under it. */
  const [institution, setInstitution] = useState<CompanyTreeNode | null>(null);
  const officeName = institution?.name ?? '';
  const [busy, setBusy] = useState(false);
  const { data: tree = [] } = useApi<CompanyTreeNode[]>(portalApis.companyTree, {});
  const query = useMemo(
    () => ({
      limit: 999,
      pageNum: 1,
      conditions: officeName
        ? [{ condition: '=', fieldName: 'OFFICE_NAME', key: 'OFFICE_NAME', value: officeName }]
        : [],
    }),
    [officeName],
  );
  const { data: rows = [], isLoading } = useApi<ProjectListRow[]>(portalApis.projectsWithOffice, query);
  const current = selectedProject();

  const confirm = async () => {
    if (!chosen) return seams.notify.error(CHOOSE_PROJECT);
    setBusy(true);
    try {
      const outcome = await chooseProject(seams, toSelection(chosen));
      if (outcome === 'nothing') onClose();
    } catch {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      title={initial ? '选择项目' : '切换项目'}
      style={{ width: 1280 }}
      closable={!initial}
      maskClosable={false}
      escToExit={!initial}
      onCancel={onClose}
      footer={
        <>
          <Button disabled={initial || busy} onClick={onClose}>
            取消
          </Button>
          <Button type="primary" loading={busy} onClick={() => void confirm()} data-testid="project-confirm">
            确定
          </Button>
        </>
      }
    >
      <Spin loading={busy} tip={REQUESTING} block>
        <div className="project-picker" data-testid="project-picker">
          <aside
            className={`project-picker-tree${collapsed ? ' collapsed' : ''}`}
            style={{ width: collapsed ? 36 : 300 }}
          >
            <Button
              type="text"
              size="mini"
              icon={collapsed ? <IconMenuUnfold /> : <IconMenuFold />}
              aria-label={collapsed ? '展开机构树' : '收起机构树'}
              onClick={() => setCollapsed(!collapsed)}
            />
            {!collapsed && (
              <ProjectTree
                tree={tree}
                selectedId={chosen?.id ?? institution?.id}
                onSelect={setChosen}
                onInstitution={setInstitution}
              />
            )}
          </aside>
          <div className="project-picker-table">
            <Table<ProjectListRow>
              rowKey="ID"
              loading={isLoading}
              data={rows}
              pagination={false}
              scroll={{ y: 422 }}
              border={{ wrapper: true, cell: true }}
              rowClassName={(row) => (chosen?.projectId === row.ID ? 'project-row-chosen' : '')}
              onRow={(row) => ({
                onClick: () => {
                  const node = findProject(tree, row.ID);
                  if (node) setChosen(node);
                },
              })}
              columns={[
                { title: '项目名称', dataIndex: 'PROJECT_NAME' },
                { title: '所属机构', dataIndex: 'OFFICE_NAME' },
                { title: '工程类型', dataIndex: 'ENGINEERING_TYPE', width: 140, render: engineeringTypeText },
                { title: '项目状态', dataIndex: 'PROJECT_STATUS', width: 120, render: projectStatusText },
                { title: '区域编码', dataIndex: 'AREA_CODE', width: 120 },
              ]}
            />
            <p className="project-picker-status">
              当前项目：{current?.projectName || '未选择'}
              {chosen ? `　已选择：${chosen.projectName ?? chosen.name}` : ''}
            </p>
          </div>
        </div>
      </Spin>
    </Modal>
  );
}
