/** The saved revisions of a dashboard (or a big screen's designs), newest first, with the published one marked. */
import { Modal, Table, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Table/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { useApi, type ApiDescriptor } from '../../../src/engine/module-api';
import { LdviewApi } from './ldview-api';
import type { DashboardVersion } from './ldview-types';

const minute = (iso: string) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }).slice(0, -3) : '');

export function VersionsDialog({
  dashboardId,
  onClose,
  api = LdviewApi.versions,
  countTitle = '图表数',
}: {
  dashboardId: string;
  onClose: () => void;
  api?: ApiDescriptor;
  countTitle?: string;
}) {
  const { data, isLoading } = useApi<DashboardVersion[]>(api, { id: dashboardId });
  return (
    <Modal title="版本记录" visible footer={null} style={{ width: 640 }} onCancel={onClose}>
      <Table
        data-testid="ldview-versions"
        rowKey="revision"
        loading={isLoading}
        pagination={false}
        scroll={{ y: 360 }}
        data={data ?? []}
        noDataElement="还没有保存过"
        columns={[
          {
            title: '版本',
            dataIndex: 'revision',
            width: 110,
            render: (revision: number, row: DashboardVersion) => (
              <span>
                第 {revision} 版 {row.published && <Tag color="green">已发布</Tag>}
              </span>
            ),
          },
          {
            title: countTitle,
            dataIndex: 'chartCount',
            width: 90,
            render: (count: number) => (count === 0 ? '默认设计' : count),
          },
          { title: '保存人', dataIndex: 'savedByName', width: 120 },
          { title: '保存时间', dataIndex: 'savedAt', render: (at: string) => minute(at) },
        ]}
      />
    </Modal>
  );
}
