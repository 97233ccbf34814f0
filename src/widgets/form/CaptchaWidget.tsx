import { Input } from '@arco-design/web-react';
import '@arco-design/web-react/es/Input/style/css.js';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { handleEnter, type EnterAction } from './enter-key';
import { widgetContext } from './form-context';
import { useTypedBeforeHydration } from './typed-before-hydration';

interface ImageOption {
  url: string;
}

/**
 * The code field beside its captcha image. The image is fetched on mount, on click, and after every failed
 * submit; the server binds the code to this browser with a cookie set on the image response, so the form's
 * submit waits for the image (a code typed before it arrived, on a slow first start, would answer no captcha).
 */
export type CaptchaWidgetProps = Pick<
  WidgetProps,
  'id' | 'value' | 'disabled' | 'readonly' | 'placeholder' | 'onChange' | 'onBlur' | 'options' | 'rawErrors' | 'schema'
> & { registry: { formContext?: unknown } };

export function CaptchaWidget(props: CaptchaWidgetProps) {
  const { id, value, disabled, readonly, placeholder, onChange, onBlur, options, rawErrors, registry, schema } = props;
  const { submitFailures: failures = 0, holdSubmit } = widgetContext(registry.formContext);
  const [clicks, setClicks] = useState(0);
  const [src, setSrc] = useState('');
  const image = options.image as ImageOption | undefined;
  /** Ends the submit's wait for the image being fetched. */
  const imageSettled = useRef<() => void>(undefined);

  useEffect(() => {
    if (!image) return;
    const separator = image.url.includes('?') ? '&' : '?';
    // The hold starts with the decision to fetch, before the image is even rendered: a submit queued until the
    // scripts ran (typed into the prerendered page) runs right after this effect.
    imageSettled.current?.();
    holdSubmit?.(new Promise<void>((resolve) => (imageSettled.current = resolve)));
    setSrc(`${image.url}${separator}t=${Date.now()}-${failures}-${clicks}`);
  }, [image, failures, clicks, holdSubmit]);
  useEffect(() => () => imageSettled.current?.(), []);

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
          onLoad={() => imageSettled.current?.()}
          onError={() => imageSettled.current?.()}
          onClick={() => setClicks((count) => count + 1)}
        />
      )}
    </div>
  );
}
