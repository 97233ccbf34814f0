/**
 * A published dashboard's links: the release page and each chart alone, both open without a login (copied, or
 * opened in a new tab), and taking the release back, after which every link given out stops working.
 */
import { Button, Input, Modal, Popconfirm } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Popconfirm/style/css.js';
import { useSeams } from '../../../src/engine/module-api';
import { portalUrl } from './ldview-api';
import type { Release } from './ldview-types';

function LinkRow({ label, url, testId }: { label: string; url: string; testId: string }) {
  const { notify } = useSeams();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('链接已复制');
    } catch {
      notify.error('无法复制，请手动选中链接复制');
    }
  };
  return (
    <div className="ldview-link-row">
      <span className="ldview-link-label" title={label}>
        {label}
      </span>
      <Input readOnly value={url} data-testid={testId} />
      <Button size="small" onClick={() => void copy()}>
        复制
      </Button>
      <Button size="small" onClick={() => window.open(url, '_blank', 'noopener')}>
        打开
      </Button>
    </div>
  );
}

export function ReleaseDialog(props: {
  release: Release;
  savedRevision: number;
  onClose: () => void;
  onRevoke: () => void;
}) {
  const { release, savedRevision, onClose, onRevoke } = props;
  return (
    <Modal
      title="发布链接"
      visible
      style={{ width: 760 }}
      onCancel={onClose}
      footer={
        <>
          <Popconfirm title="取消发布后，之前给出的发布链接和单图链接都将失效。确定取消吗？" onOk={onRevoke}>
            <Button status="danger">取消发布</Button>
          </Popconfirm>
          <Button type="primary" onClick={onClose}>
            关闭
          </Button>
        </>
      }
    >
      <p className="ldview-release-note" data-testid="ldview-release-note">
        已发布第 {release.revision} 版
        {savedRevision > release.revision ? `（已保存到第 ${savedRevision} 版，重新发布后链接显示新版本）` : ''}
        。以下链接无需登录即可查看，只显示本看板的统计结果。
      </p>
      <LinkRow label="发布链接" url={portalUrl(release.releasePath)} testId="ldview-release-link" />
      <h4 className="ldview-release-charts">单图链接</h4>
      {release.charts.map((chart) => (
        <LinkRow
          key={chart.id}
          label={chart.title}
          url={portalUrl(chart.path)}
          testId={`ldview-chart-link-${chart.id}`}
        />
      ))}
    </Modal>
  );
}
