/**
 * Files attached to a record or an approval (`ui:widget: attachments`): PDF, Word, Excel, PPT, DWG drawings and
 * images, each uploaded as it is chosen (the form keeps only the returned addresses, which carry the file names),
 * listed with 预览 / 下载 / 移除, up to the field's `maxItems`. The server decides what a file is by its content
 * and refuses what is not one of those or is too large; its reason is shown here.
 */
import { Button } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import type { WidgetProps } from '@rjsf/utils';
import { useRef, useState } from 'react';
import { ATTACHMENT_ACCEPT, ATTACHMENT_TYPES_TEXT } from '../../shared/file-types';
import { attachmentUrls } from '../attachments/attachment-address';
import { AttachmentList } from '../attachments/AttachmentList';
import { widgetContext, type FormWidgetContext } from './form-context';

export function AttachmentsWidget(props: WidgetProps) {
  const { id, disabled, readonly, onChange, schema, label } = props;
  return (
    <AttachmentUpload
      id={id}
      label={label}
      value={props.value}
      onChange={onChange}
      maxItems={typeof schema.maxItems === 'number' ? schema.maxItems : 9}
      disabled={Boolean(disabled || readonly)}
      uploadFile={widgetContext(props.registry.formContext).uploadFile}
    />
  );
}

export interface AttachmentUploadProps {
  id: string;
  label: string;
  value: unknown;
  /** The addresses left, or undefined when none is. */
  onChange: (value: string[] | undefined) => void;
  maxItems: number;
  disabled?: boolean;
  uploadFile?: FormWidgetContext['uploadFile'];
}

/** The widget without rjsf: also what a host shows beside a form (an approval's attachments). */
export function AttachmentUpload({
  id,
  label,
  onChange,
  maxItems,
  disabled = false,
  uploadFile,
  ...props
}: AttachmentUploadProps) {
  const value = attachmentUrls(props.value);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState('');
  const [uploading, setUploading] = useState('');
  const locked = disabled || uploading !== '' || !uploadFile;

  const add = async (files: File[]) => {
    if (files.length > maxItems - value.length) return setProblem(`最多上传${maxItems}个附件`);
    if (!uploadFile) return;
    setProblem('');
    const urls: string[] = [];
    try {
      for (const file of files) {
        setUploading(file.name);
        urls.push(await uploadFile(file, 'attachment'));
      }
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : '附件上传失败，请重试');
    } finally {
      setUploading('');
      // What did upload stays, even when a later file of the same choice was refused.
      if (urls.length > 0) onChange([...value, ...urls]);
    }
  };

  return (
    <div className="attachment-upload" id={id}>
      {value.length > 0 && (
        <AttachmentList
          urls={value}
          label={label}
          onRemove={
            locked ? undefined : (index) => onChange(value.length > 1 ? value.filter((_, i) => i !== index) : undefined)
          }
        />
      )}
      {value.length < maxItems && (
        <div>
          <Button size="small" loading={uploading !== ''} disabled={locked} onClick={() => input.current?.click()}>
            {uploading ? `正在上传 ${uploading}…` : value.length > 0 ? '继续添加' : '上传附件'}
          </Button>
          <span className="attachment-hint">
            {' '}
            支持{ATTACHMENT_TYPES_TEXT}，最多{maxItems}个
          </span>
        </div>
      )}
      {problem && (
        <div className="sf-image-problem" role="alert">
          {problem}
        </div>
      )}
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept={ATTACHMENT_ACCEPT}
        data-testid={`${id}-files`}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) void add(files);
        }}
      />
    </div>
  );
}
