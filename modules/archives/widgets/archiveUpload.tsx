/**
 * An archive file's electronic file, uploaded in chunks that resume (`"ui:widget": "archiveUpload"`): tus-js-client
 * sends the chosen file to /api/files/uploads 5 MB at a time, retries a broken connection on its own, and remembers
 * the upload in the browser, so choosing the same file again after a closed tab or a lost network continues where it
 * stopped instead of starting over. The field's value is the finished upload's id, which the form's submit hands to
 * the server (the version is received there, its type and SHA-256 read from the bytes).
 */
import { Button, Progress } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Progress/style/css.js';
import { useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { useSeams, type WidgetProps } from '../../../src/engine/module-api';
import '../browser/archive.css';

const ENDPOINT = '/api/files/uploads';
const CHUNK_BYTES = 5 * 1024 * 1024;

type Phase = 'idle' | 'uploading' | 'paused' | 'done' | 'failed';

interface State {
  phase: Phase;
  fileName: string;
  sent: number;
  total: number;
  message: string;
}

const IDLE: State = { phase: 'idle', fileName: '', sent: 0, total: 0, message: '' };

function size(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** What a failed request of the tus server means to the user. */
function reason(error: Error): string {
  const status = (error as Error & { originalResponse?: { getStatus(): number } }).originalResponse?.getStatus();
  if (status === 413) return '文件超过允许的大小';
  if (status === 401 || status === 404) return '上传已失效，请重新选择文件';
  return '网络连接中断';
}

export default function ArchiveUploadWidget({ id, disabled, readonly, onChange }: WidgetProps) {
  const seams = useSeams();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<Upload | null>(null);
  const [state, setState] = useState<State>(IDLE);
  useEffect(() => () => void upload.current?.abort(), []);

  const start = async (file: File) => {
    await upload.current?.abort();
    onChange(undefined);
    setState({ phase: 'uploading', fileName: file.name, sent: 0, total: file.size, message: '' });
    const task = new Upload(file, {
      endpoint: ENDPOINT,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type },
      onBeforeRequest: (request) => {
        for (const [name, value] of Object.entries(seams.transport.authHeaders?.() ?? {}))
          request.setHeader(name, value);
      },
      onProgress: (sent, total) => setState((current) => ({ ...current, sent, total })),
      onSuccess: () => {
        const uploadId = task.url?.split('/').pop();
        setState((current) => ({ ...current, phase: 'done', sent: current.total }));
        onChange(uploadId);
      },
      onError: (error) =>
        setState((current) => ({
          ...current,
          phase: 'failed',
          message: `${reason(error)}，已上传的部分会保留，点“继续上传”从断点接着传`,
        })),
    });
    upload.current = task;
    // The same file chosen again continues the upload this browser began.
    const previous = await task.findPreviousUploads();
    if (previous[0]) task.resumeFromPreviousUpload(previous[0]);
    task.start();
  };

  const locked = Boolean(disabled || readonly);
  const { phase, fileName, sent, total, message } = state;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  return (
    <div className="archive-upload" id={id} data-testid={`${id}-upload`} data-phase={phase}>
      <div className="archive-upload-row">
        <Button size="small" disabled={locked || phase === 'uploading'} onClick={() => input.current?.click()}>
          {phase === 'idle' ? '选择文件' : '重新选择'}
        </Button>
        {phase === 'uploading' && (
          <Button
            size="small"
            onClick={() => {
              void upload.current?.abort();
              setState((current) => ({ ...current, phase: 'paused' }));
            }}
          >
            暂停
          </Button>
        )}
        {(phase === 'paused' || phase === 'failed') && (
          <Button
            size="small"
            type="primary"
            onClick={() => {
              setState((current) => ({ ...current, phase: 'uploading', message: '' }));
              upload.current?.start();
            }}
          >
            继续上传
          </Button>
        )}
        <span className="archive-upload-name" title={fileName}>
          {fileName || '支持 PDF、Word、Excel、PPT、DWG 图纸或图片，大文件分片上传，断网后可续传'}
        </span>
      </div>
      {phase !== 'idle' && (
        <div className="archive-upload-progress" role="status">
          <Progress
            percent={percent}
            size="small"
            status={phase === 'failed' ? 'error' : phase === 'done' ? 'success' : 'normal'}
          />
          <span>
            {phase === 'done' ? `已上传 ${size(total)}` : `${size(sent)} / ${size(total)}`}
            {phase === 'paused' ? '（已暂停）' : ''}
          </span>
        </div>
      )}
      {message && (
        <div className="sf-error" role="alert">
          {message}
        </div>
      )}
      <input
        ref={input}
        type="file"
        hidden
        data-testid={`${id}-file`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void start(file);
        }}
      />
    </div>
  );
}
