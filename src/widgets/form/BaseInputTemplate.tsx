import { Input } from '@arco-design/web-react';
import '@arco-design/web-react/es/Input/style/css.js';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { getInputProps } from '@rjsf/utils';
import { handleEnter, type EnterAction } from './enter-key';
import { prefixIcons } from './icons';
import { useTypedBeforeHydration } from './typed-before-hydration';

/** What the input reads of rjsf's props: the engine's plain form renderer (no rjsf) passes exactly these. */
export type TextInputProps = Pick<
  BaseInputTemplateProps,
  | 'id'
  | 'htmlName'
  | 'value'
  | 'readonly'
  | 'disabled'
  | 'autofocus'
  | 'placeholder'
  | 'onBlur'
  | 'onFocus'
  | 'onChange'
  | 'options'
  | 'schema'
  | 'rawErrors'
> & { type?: string };

/** Every text-like field (text, password, email, number as text) as an Arco Input. */
export function BaseInputTemplate(props: TextInputProps) {
  const {
    id,
    htmlName,
    value,
    readonly,
    disabled,
    autofocus,
    placeholder,
    onBlur,
    onFocus,
    onChange,
    options,
    schema,
    rawErrors,
    type,
  } = props;
  const change = (next: string) => onChange(next === '' ? options.emptyValue : next);
  useTypedBeforeHydration(id, value, change);
  const inputProps = getInputProps(schema, type, options);
  const isPassword = inputProps.type === 'password';
  const common = {
    id,
    name: htmlName || id,
    value: value == null ? '' : String(value),
    placeholder,
    disabled: disabled || readonly,
    autoFocus: autofocus,
    maxLength: typeof schema.maxLength === 'number' ? schema.maxLength : undefined,
    status: rawErrors && rawErrors.length > 0 ? ('error' as const) : undefined,
    autoComplete: typeof options.autocomplete === 'string' ? options.autocomplete : undefined,
    prefix: typeof options.prefixIcon === 'string' ? prefixIcons[options.prefixIcon] : undefined,
    'aria-invalid': rawErrors && rawErrors.length > 0 ? true : undefined,
    onChange: change,
    onBlur: () => onBlur(id, value),
    onFocus: () => onFocus(id, value),
    onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => handleEnter(event, options.enter as EnterAction),
  };
  return isPassword ? <Input.Password {...common} /> : <Input {...common} type={inputProps.type} />;
}
