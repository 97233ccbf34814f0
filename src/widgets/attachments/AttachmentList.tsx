/**
 * Attachments as people expect them: one row per file with its kind, its name, 预览 where the browser can show it
 * (images, and PDF through pdf.js) and 下载; with `onRemove`, a 移除 on each row (the form widget). Used by the
 * attachments widget, the approval screens and detail pages, so a file looks the same wherever it is attached.
 */
import { Button, Modal } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Modal/style/css.js';
import { lazy, Suspense, useState } from 'react';
import { attachmentView, type AttachmentView } from './attachment-address';
import './attachments.css';

const PdfPages = lazy(() => import('./PdfPages'));

const PREVIEW_WIDTH = 860;

export interface AttachmentListProps {
  urls: readonly string[];
  /** Names the list for assistive technology (the field's title). */
  label: string;
  onRemove?: (index: number) => void;
  /** Shown when there is no file (default 无). */
  empty?: string;
  /** One line without a frame (a table cell). */
  compact?: boolean;
}

export function AttachmentList({ urls, label, onRemove, empty = '无', compact = false }: AttachmentListProps) {
  const [previewing, setPreviewing] = useState<AttachmentView | null>(null);
  if (urls.length === 0) return <p className="attachment-empty">{empty}</p>;
  return (
    <>
      <ul className={compact ? 'attachment-list attachment-list-compact' : 'attachment-list'} aria-label={label}>
        {urls.map((url, index) => {
          const file = attachmentView(url);
          return (
            <li key={url} className="attachment-row" data-testid="attachment-row">
              <span className={`attachment-kind attachment-kind-${file.preview}`}>{file.label}</span>
              {file.preview === 'none' ? (
                <a className="attachment-name" href={file.downloadUrl} download={file.name} title={file.name}>
                  {file.name}
                </a>
              ) : (
                <button
                  type="button"
                  className="attachment-name"
                  title={`预览 ${file.name}`}
                  onClick={() => setPreviewing(file)}
                >
                  {file.name}
                </button>
              )}
              <span className="attachment-actions">
                {file.preview !== 'none' && (
                  <Button size="mini" type="text" onClick={() => setPreviewing(file)} aria-label={`预览 ${file.name}`}>
                    预览
                  </Button>
                )}
                <a href={file.downloadUrl} download={file.name} aria-label={`下载 ${file.name}`}>
                  下载
                </a>
                {onRemove && (
                  <Button
                    size="mini"
                    type="text"
                    status="danger"
                    onClick={() => onRemove(index)}
                    aria-label={`移除 ${file.name}`}
                  >
                    移除
                  </Button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <Modal
        visible={previewing !== null}
        title={previewing?.name}
        footer={
          previewing && (
            <a className="arco-btn arco-btn-primary arco-btn-size-default" href={previewing.downloadUrl} download>
              下载
            </a>
          )
        }
        style={{ width: PREVIEW_WIDTH + 48, maxWidth: 'calc(100vw - 32px)' }}
        onCancel={() => setPreviewing(null)}
        unmountOnExit
      >
        {previewing?.preview === 'image' && (
          <img className="attachment-image" src={previewing.url} alt={previewing.name} />
        )}
        {previewing?.preview === 'pdf' && (
          <Suspense fallback={<p role="status">正在加载…</p>}>
            <PdfPages url={previewing.url} width={Math.min(PREVIEW_WIDTH, window.innerWidth - 80)} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
