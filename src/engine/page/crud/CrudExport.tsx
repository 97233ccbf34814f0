/**
 * Excel export of a CRUD page: the server writes what the list shows (the page file's columns, the current
 * filters, every page) and the browser saves it as `<fileName>-<date>.xlsx`.
 */
import { Button } from '@arco-design/web-react';
import { useState } from 'react';
import { toVariables } from '../../actions';
import { callApi, pickPath } from '../../api';
import { useSeams } from '../../seams';
import type { ApiDescriptor, CrudPageFile } from '../../types';
import { saveFile } from '../save-file';

type ExportConfig = NonNullable<CrudPageFile['export']>;

const EXPORT_API: ApiDescriptor = { method: 'GET', url: '/api/system/export/{pageId}' };

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
}

export function CrudExport({
  pageId,
  config,
  filters,
}: {
  pageId: string;
  config: ExportConfig;
  filters: Record<string, unknown>;
}) {
  const seams = useSeams();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const envelope = await callApi(seams, EXPORT_API, {
        variables: toVariables({ ...filters, pageId }),
        responseType: 'blob',
      });
      saveFile(pickPath(envelope, 'data'), `${config.fileName}-${today()}.xlsx`);
    } catch {
      // the HTTP client has shown why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void run()} data-testid="crud-export">
      {busy ? '正在导出…' : '导出'}
    </Button>
  );
}
