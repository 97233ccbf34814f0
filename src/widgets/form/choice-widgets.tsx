import { Input, Radio, Select } from '@arco-design/web-react';
import '@arco-design/web-react/es/Select/style/css.js';
import '@arco-design/web-react/es/Radio/style/css.js';
import type { WidgetProps } from '@rjsf/utils';

type Option = { label: string; value: string | number };

function enumOptions(props: WidgetProps): Option[] {
  return (props.options.enumOptions ?? []).map((option) => ({
    label: option.label,
    value: option.value as Option['value'],
  }));
}

export function SelectWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, placeholder, onChange, rawErrors } = props;
  return (
    <Select
      id={id}
      value={value ?? undefined}
      placeholder={placeholder || '请选择'}
      disabled={disabled || readonly}
      status={rawErrors && rawErrors.length > 0 ? 'error' : undefined}
      options={enumOptions(props)}
      showSearch
      allowClear={!props.required}
      onChange={(next) => onChange(next ?? props.options.emptyValue)}
    />
  );
}

export function RadioWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange } = props;
  return (
    <Radio.Group
      value={value}
      disabled={disabled || readonly}
      options={enumOptions(props)}
      onChange={(next) => onChange(next)}
    />
  );
}

export function TextareaWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, placeholder, onChange, options, schema, rawErrors } = props;
  return (
    <Input.TextArea
      id={id}
      value={value == null ? '' : String(value)}
      placeholder={placeholder}
      disabled={disabled || readonly}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      showWordLimit={typeof schema.maxLength === 'number'}
      status={rawErrors && rawErrors.length > 0 ? 'error' : undefined}
      autoSize={{ minRows: 3, maxRows: 6 }}
      onChange={(next) => onChange(next === '' ? options.emptyValue : next)}
    />
  );
}
