import { Input } from '@arco-design/web-react';
import '@arco-design/web-react/es/Input/style/css.js';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { handleEnter, type EnterAction } from './enter-key';
import { widgetContext } from './form-context';
import { useTypedBeforeHydration } from './typed-before-hydration';

interface ImageOption {
  url: string;
}

/**
 * The code field beside its captcha image. The image is fetched on mount, on click, and after every failed
 * submit; the server binds the code to this browser with a cookie set on the image response.
 */
export type CaptchaWidgetProps = Pick<
  WidgetProps,
  'id' | 'value' | 'disabled' | 'readonly' | 'placeholder' | 'onChange' | 'onBlur' | 'options' | 'rawErrors' | 'schema'
> & { registry: { formContext?: unknown } };

export function CaptchaWidget(props: CaptchaWidgetProps) {
  const { id, value, disabled, readonly, placeholder, onChange, onBlur, options, rawErrors, registry, schema } = props;
  const failures = widgetContext(registry.formContext).submitFailures ?? 0;
  const [clicks, setClicks] = useState(0);
  const [src, setSrc] = useState('');
  const image = options.image as ImageOption | undefined;

  useEffect(() => {
    if (!image) return;
    const separator = image.url.includes('?') ? '&' : '?';
    setSrc(`${image.url}${separator}t=${Date.now()}-${failures}-${clicks}`);
  }, [image, failures, clicks]);

  const change = (next: string) => onChange(next === '' ? options.emptyValue : next);
  useTypedBeforeHydration(id, value, change);
  return (
    <div className="sf-captcha">
      <Input
        id={id}
        name={id}
        value={value == null ? '' : String(value)}
        placeholder={placeholder}
        disabled={disabled || readonly}
        maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
        status={rawErrors && rawErrors.length > 0 ? 'error' : undefined}
        autoComplete="off"
        onChange={change}
        onBlur={() => onBlur(id, value)}
        onKeyDown={(event) => handleEnter(event, options.enter as EnterAction)}
      />
      {src && (
        <img
          className="sf-captcha-image"
          src={src}
          alt="验证码"
          title="看不清？点击换一张"
          data-testid="captcha-image"
          onClick={() => setClicks((count) => count + 1)}
        />
      )}
    </div>
  );
}
