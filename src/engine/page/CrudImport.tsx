/**
 * Excel import of a CRUD page: download the template, choose a file, upload it. Two answers, one component:
 * - the upload imports at once (all or nothing, the user import): a refused file lists each bad row;
 * - with `progress` in the page file, the upload answers a job id (a collection import): a progress bar follows
 *   the job, and at the end the rows that were not imported are listed, with their row number, column and
 *   message, and can be downloaded (`failedRows`) to fix and import again.
 */
import { Alert, Button, Modal, Progress, Table } from '@arco-design/web-react';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Progress/style/css.js';
import '@arco-design/web-react/es/Alert/style/css.js';
import { useRef, useState } from 'react';
import { toVariables } from '../actions';
import { callApi, pickPath, type ApiVariables } from '../api';
import { useSeams } from '../seams';
import { renderTemplate, type TemplateContext } from '../template';
import { saveFile } from './save-file';
import { useImportJob, type ImportJobProgress } from './use-import-job';
import type { CrudPageFile } from '../types';

type ImportConfig = NonNullable<CrudPageFile['import']>;

interface RowError {
  row?: number;
  field?: string;
  title?: string;
  message: string;
}

const INVALID_INPUT = -400;

export function CrudImport({
  title,
  config,
  context,
  onImported,
}: {
  /** The page's title: the dialog says what is being imported. */
  title: string;
  config: ImportConfig;
  context: TemplateContext;
  onImported: () => void;
}) {
  const seams = useSeams();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<RowError[] | null>(null);
  const variables: ApiVariables = config.params
    ? toVariables(renderTemplate(config.params, context) as Record<string, unknown>)
    : {};
  const job = useImportJob(config.progress, variables, (progress) => {
    if (progress.created > 0) onImported();
  });

  const upload = async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    setBusy(true);
    try {
      const envelope = await callApi<{ msgCode: number; errMsg: string }>(seams, config.api, {
        body,
        variables,
        acceptCodes: [INVALID_INPUT],
      });
      const jobId = pickPath(envelope, 'data.jobId');
      const rowErrors = pickPath(envelope, 'data.errors') as RowError[] | undefined;
      if (envelope.msgCode === INVALID_INPUT && rowErrors) {
        setErrors(rowErrors);
      } else if (envelope.msgCode === INVALID_INPUT) {
        // The file as a whole (not an .xlsx, too large): one message, no list of rows.
        seams.notify.error(envelope.errMsg);
      } else if (config.progress && typeof jobId === 'string') {
        job.follow(jobId);
      } else {
        seams.notify.success(envelope.errMsg || '导入成功');
        onImported();
      }
    } catch {
      // the HTTP client has shown why
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const download = async (api: ImportConfig['template'], name: string, more: ApiVariables = {}) => {
    if (!api) return;
    try {
      const envelope = await callApi(seams, api, { responseType: 'blob', variables: { ...variables, ...more } });
      saveFile(pickPath(envelope, 'data'), name);
    } catch {
      // the HTTP client has shown why
    }
  };

  return (
    <>
      {config.template && (
        <Button onClick={() => void download(config.template, config.templateName ?? '导入模板.xlsx')}>下载模板</Button>
      )}
      <Button loading={busy} onClick={() => input.current?.click()} data-testid="crud-import">
        {busy ? '正在上传…' : '导入'}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={config.accept ?? '.xlsx'}
        data-testid="crud-import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      {errors && (
        <Modal visible title="导入失败：以下行有错误，未导入任何数据" footer={null} onCancel={() => setErrors(null)}>
          <ul className="crud-import-errors" data-testid="crud-import-errors">
            {errors.map((error, index) => (
              <li key={index}>
                {error.row !== undefined ? `第 ${error.row} 行` : ''}
                {error.field ? `（${error.field}）` : ''}：{error.message}
              </li>
            ))}
          </ul>
        </Modal>
      )}
      {job.progress && (
        <Modal
          visible
          title={`导入${title}`}
          style={{ width: 720 }}
          footer={
            <>
              {job.progress.state === 'done' && job.progress.failed > 0 && config.failedRows && (
                <Button
                  onClick={() => void download(config.failedRows, '导入错误行.xlsx', { jobId: job.progress!.jobId })}
                >
                  下载错误行
                </Button>
              )}
              <Button type="primary" onClick={job.close}>
                {job.finished ? '关闭' : '后台继续'}
              </Button>
            </>
          }
          onCancel={job.close}
        >
          <ImportJobView progress={job.progress} />
        </Modal>
      )}
    </>
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
