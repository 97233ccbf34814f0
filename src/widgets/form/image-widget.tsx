/**
 * One image: choose a file, see it, replace or remove it. Kept as a data URL (a company logo), or with
 * `ui:options.upload` sent to the server's upload service and kept as its address (a worker's photo). Files of
 * other types or larger than `ui:options.maxKb` (default 512) are refused with a message, before anything is sent.
 */
import { Button } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import type { WidgetProps } from '@rjsf/utils';
import { useRef, useState } from 'react';
import { widgetContext } from './form-context';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];

export function ImageWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, options } = props;
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState('');
  const maxKb = typeof options.maxKb === 'number' ? options.maxKb : 512;

  const read = (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) return setProblem('只能选择 PNG、JPG、GIF、WebP 或 SVG 图片');
    if (file.size > maxKb * 1024) return setProblem(`图片不能超过 ${maxKb}KB`);
    setProblem('');
    const { uploadFile } = widgetContext(props.registry.formContext);
    if (options.upload && uploadFile) {
      uploadFile(file).then(onChange, () => setProblem('图片上传失败，请重试'));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => onChange(String(reader.result));
    reader.onerror = () => setProblem('图片读取失败，请重新选择');
    reader.readAsDataURL(file);
  };

  return (
    <div className="sf-image" id={id}>
      {typeof value === 'string' && value ? (
        <img src={value} alt="已选图片" className="sf-image-preview" />
      ) : (
        <div className="sf-image-empty">未选择图片</div>
      )}
      <div className="sf-image-actions">
        <Button size="small" disabled={disabled || readonly} onClick={() => input.current?.click()}>
          {value ? '更换图片' : '选择图片'}
        </Button>
        {value && (
          <Button size="small" disabled={disabled || readonly} onClick={() => onChange(options.emptyValue)}>
            移除
          </Button>
        )}
      </div>
      {problem && (
        <div className="sf-image-problem" role="alert">
          {problem}
        </div>
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept={IMAGE_TYPES.join(',')}
        data-testid={`${id}-file`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) read(file);
          event.target.value = '';
        }}
      />
    </div>
  );
}
