/**
 * Excel import of a CRUD page: download the template, choose a file, upload it. Two answers, one component:
 * - the upload imports at once (all or nothing, the user import): a refused file lists each bad row;
 * - with `progress` in the page file, the upload answers a job id (a collection import): a progress bar follows
 *   the job, and at the end the rows that were not imported are listed, with their row number, column and
 *   message, and can be downloaded (`failedRows`) to fix and import again.
 */
import { Button } from '@arco-design/web-react';
import { Suspense, useRef, useState } from 'react';
import { toVariables } from '../../actions';
import { callApi, pickPath, type ApiVariables } from '../../api';
import { lazyPart, usePreloadWhenIdle } from '../../lazy-part';
import { useSeams } from '../../seams';
import { renderTemplate, type TemplateContext } from '../../template';
import type { RowError } from './CrudImportDialogs';
import { saveFile } from '../save-file';
import { useImportJob } from './use-import-job';
import type { CrudPageFile } from '../../types';

type ImportConfig = NonNullable<CrudPageFile['import']>;

// The answers' dialogs (Arco's Modal, Progress) open only after an upload: not part of the page's first render.
const ImportErrorsDialog = lazyPart(async () => (await import('./CrudImportDialogs')).ImportErrorsDialog);
const ImportJobDialog = lazyPart(async () => (await import('./CrudImportDialogs')).ImportJobDialog);

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
  usePreloadWhenIdle(ImportErrorsDialog, ImportJobDialog);

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
      <Suspense fallback={null}>
        {errors && <ImportErrorsDialog.Component errors={errors} onClose={() => setErrors(null)} />}
        {job.progress && (
          <ImportJobDialog.Component
            title={`导入${title}`}
            progress={job.progress}
            finished={job.finished}
            onDownloadFailedRows={
              config.failedRows
                ? () => void download(config.failedRows, '导入错误行.xlsx', { jobId: job.progress!.jobId })
                : undefined
            }
            onClose={job.close}
          />
        )}
      </Suspense>
    </>
  );
}
