/**
 * Photos of a record (a hazard, its rectification): a row of thumbnails, each uploaded to the server as it is
 * chosen (the form keeps only the returned addresses), removable one by one, up to the field's `maxItems`.
 * The upload itself is the form's business (`uploadFile` of the form context): the widget knows no URL.
 */
import { Button } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import type { WidgetProps } from '@rjsf/utils';
import { useRef, useState } from 'react';
import { widgetContext } from './form-context';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;

export function ImagesWidget(props: WidgetProps) {
  const { id, disabled, readonly, onChange, schema, label } = props;
  return (
    <ImageList
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

export interface ImageListProps {
  id: string;
  label: string;
  value: unknown;
  /** The addresses left, or undefined when none is. */
  onChange: (value: string[] | undefined) => void;
  maxItems: number;
  disabled?: boolean;
  uploadFile?: (file: File) => Promise<string>;
}

/** The widget without rjsf: also what a host shows beside a form (an approval's attachments). */
export function ImageList({ id, label, onChange, maxItems, disabled = false, uploadFile, ...props }: ImageListProps) {
  const value = (Array.isArray(props.value) ? props.value : []).filter(
    (item): item is string => typeof item === 'string' && item !== '',
  );
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const locked = disabled || busy || !uploadFile;

  const add = async (files: File[]) => {
    const room = maxItems - value.length;
    if (files.length > room) return setProblem(`最多上传${maxItems}张照片`);
    const refused = files.find((file) => !IMAGE_TYPES.includes(file.type) || file.size > MAX_BYTES);
    if (refused) return setProblem('只能上传 5MB 以内的 PNG、JPG、GIF 或 WebP 图片');
    if (!uploadFile) return;
    setProblem('');
    setBusy(true);
    try {
      const urls: string[] = [];
      for (const file of files) urls.push(await uploadFile(file));
      onChange([...value, ...urls]);
    } catch {
      setProblem('照片上传失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sf-images" id={id}>
      <ul className="sf-images-list" aria-label={label}>
        {value.map((url, index) => (
          <li key={url}>
            <img src={url} alt={`${label}${index + 1}`} />
            {!locked && (
              <button
                type="button"
                className="sf-images-remove"
                aria-label={`移除第${index + 1}张`}
                onClick={() => onChange(value.length > 1 ? value.filter((_, i) => i !== index) : undefined)}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {value.length < maxItems && (
        <Button size="small" loading={busy} disabled={locked} onClick={() => input.current?.click()}>
          {busy ? '上传中…' : value.length > 0 ? '继续添加' : '上传照片'}
        </Button>
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
        accept={IMAGE_TYPES.join(',')}
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
