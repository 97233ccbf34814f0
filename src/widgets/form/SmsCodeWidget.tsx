import { Button, Input } from '@arco-design/web-react';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/Button/style/css.js';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { handleEnter, type EnterAction } from './enter-key';
import { widgetContext } from './form-context';

export const SEND_CODE_LABEL = '发送验证码';
const DEFAULT_SECONDS = 60;

interface SendOptions {
  /** The field holding the phone number: the button stays disabled until that field is valid. */
  phoneField: string;
  seconds?: number;
}

/**
 * A code field with its send button (spec section 4): disabled until the phone field passes its rule; after a
 * successful send it counts down in one-second ticks, disabled, then shows 发送验证码 again. A failed send (a
 * throttle, say) leaves the button ready.
 */
export function SmsCodeWidget(props: WidgetProps) {
  const {
    id,
    value,
    disabled,
    readonly,
    placeholder,
    onChange,
    onBlur,
    options,
    rawErrors,
    registry,
    schema,
    autofocus,
  } = props;
  const context = widgetContext(registry.formContext);
  const send = options.send as SendOptions | undefined;
  const [remaining, setRemaining] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const phoneValid = send ? !(context.invalidFields ?? [send.phoneField]).includes(send.phoneField) : false;
  const counting = remaining > 0;

  const sendCode = async () => {
    if (!send || !context.runAction) return;
    setSending(true);
    try {
      if (await context.runAction(send)) setRemaining(send.seconds ?? DEFAULT_SECONDS);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="sf-sms-code">
      <Input
        id={id}
        name={id}
        value={value == null ? '' : String(value)}
        placeholder={placeholder}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
        status={rawErrors && rawErrors.length > 0 ? 'error' : undefined}
        autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'one-time-code'}
        inputMode="numeric"
        onChange={(next) => onChange(next === '' ? options.emptyValue : next)}
        onBlur={() => onBlur(id, value)}
        onKeyDown={(event) => handleEnter(event, options.enter as EnterAction)}
      />
      <Button
        className="sf-sms-send"
        data-testid={`${id}-send`}
        disabled={disabled || readonly || !phoneValid || counting}
        loading={sending}
        onClick={() => void sendCode()}
      >
        {counting ? `${remaining}秒后重新发送` : SEND_CODE_LABEL}
      </Button>
    </div>
  );
}
