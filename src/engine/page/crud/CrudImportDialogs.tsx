/**
 * The dialogs of a CRUD page's Excel import (src/engine/page/crud/CrudImport.tsx), a chunk of their own: the rows a
 * refused file has wrong, and the progress of an import job with, at the end, the rows it could not import.
 */
import { Alert, Button, Modal, Progress, Table } from '@arco-design/web-react';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Progress/style/css.js';
import '@arco-design/web-react/es/Alert/style/css.js';
import type { ImportJobProgress } from './use-import-job';

export interface RowError {
  row?: number;
  field?: string;
  title?: string;
  message: string;
}

/** A file refused as a whole (all or nothing): each bad row with its message. */
export function ImportErrorsDialog({ errors, onClose }: { errors: RowError[]; onClose: () => void }) {
  return (
    <Modal visible title="导入失败：以下行有错误，未导入任何数据" footer={null} onCancel={onClose}>
      <ul className="crud-import-errors" data-testid="crud-import-errors">
        {errors.map((error, index) => (
          <li key={index}>
            {error.row !== undefined ? `第 ${error.row} 行` : ''}
            {error.field ? `（${error.field}）` : ''}：{error.message}
          </li>
        ))}
      </ul>
    </Modal>
  );
}

export interface ImportJobDialogProps {
  title: string;
  progress: ImportJobProgress;
  /** Done or failed: the button closes instead of leaving the job to run in the background. */
  finished: boolean;
  /** Downloads the rows not imported, when the page offers it. */
  onDownloadFailedRows?: () => void;
  onClose: () => void;
}

export function ImportJobDialog({ title, progress, finished, onDownloadFailedRows, onClose }: ImportJobDialogProps) {
  return (
    <Modal
      visible
      title={title}
      style={{ width: 720 }}
      footer={
        <>
          {progress.state === 'done' && progress.failed > 0 && onDownloadFailedRows && (
            <Button onClick={onDownloadFailedRows}>下载错误行</Button>
          )}
          <Button type="primary" onClick={onClose}>
            {finished ? '关闭' : '后台继续'}
          </Button>
        </>
      }
      onCancel={onClose}
    >
      <ImportJobView progress={progress} />
    </Modal>
  );
}

function ImportJobView({ progress }: { progress: ImportJobProgress }) {
  const percent = progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0;
  const status = progress.state === 'failed' ? 'error' : progress.state === 'done' ? 'success' : 'normal';
  return (
    <div className="crud-import-job" data-testid="crud-import-progress" data-state={progress.state}>
      <Progress percent={progress.state === 'done' ? 100 : percent} status={status} />
      <p className="crud-import-counts">
        {progress.state === 'waiting'
          ? '等待导入…'
          : progress.state === 'running'
            ? `正在导入：已处理 ${progress.done} / ${progress.total} 行`
            : progress.state === 'done'
              ? `导入完成：共 ${progress.total} 行，成功 ${progress.created} 行，失败 ${progress.failed} 行`
              : '导入失败'}
      </p>
      {progress.state === 'failed' && progress.message && <Alert type="error" content={progress.message} />}
      {progress.errors.length > 0 && (
        <div data-testid="crud-import-errors">
          <Table
            rowKey={(error) => `${error.row}-${error.field}-${error.message}`}
            size="small"
            pagination={progress.errors.length > 10 ? { pageSize: 10, size: 'mini' } : false}
            border={{ wrapper: true, cell: true }}
            columns={[
              { title: '行号', dataIndex: 'row', width: 70 },
              { title: '列', dataIndex: 'title', width: 120 },
              { title: '错误原因', dataIndex: 'message' },
            ]}
            data={progress.errors}
          />
        </div>
      )}
    </div>
  );
}
