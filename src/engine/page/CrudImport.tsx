/**
 * Excel import of a CRUD page: download the template, choose a file, upload it. The server imports every row or
 * none; a refused file lists each bad row with its row number and message.
 */
import { Button, Modal } from '@arco-design/web-react';
import '@arco-design/web-react/es/Modal/style/css.js';
import { useRef, useState } from 'react';
import { callApi, pickPath } from '../api';
import { useSeams } from '../seams';
import { saveFile } from './save-file';
import type { CrudPageFile } from '../types';

type ImportConfig = NonNullable<CrudPageFile['import']>;

interface RowError {
  row?: number;
  field?: string;
  message: string;
}

const INVALID_INPUT = -400;

export function CrudImport({ config, onImported }: { config: ImportConfig; onImported: () => void }) {
  const seams = useSeams();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<RowError[] | null>(null);

  const upload = async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    setBusy(true);
    try {
      const envelope = await callApi<{ msgCode: number; errMsg: string }>(seams, config.api, {
        body,
        acceptCodes: [INVALID_INPUT],
      });
      if (envelope.msgCode === INVALID_INPUT) {
        setErrors((pickPath(envelope, 'data.errors') as RowError[] | undefined) ?? [{ message: envelope.errMsg }]);
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

  const downloadTemplate = async () => {
    if (!config.template) return;
    try {
      const envelope = await callApi(seams, config.template, { responseType: 'blob' });
      saveFile(pickPath(envelope, 'data'), config.templateName ?? '导入模板.xlsx');
    } catch {
      // the HTTP client has shown why
    }
  };

  return (
    <>
      {config.template && <Button onClick={() => void downloadTemplate()}>下载模板</Button>}
      <Button loading={busy} onClick={() => input.current?.click()}>
        {busy ? '正在导入…' : '导入'}
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
    </>
  );
}
