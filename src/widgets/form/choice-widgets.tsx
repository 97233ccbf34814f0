import { Input, Radio, Select } from '@arco-design/web-react';
import '@arco-design/web-react/es/Select/style/css.js';
import '@arco-design/web-react/es/Radio/style/css.js';
import type { WidgetProps } from '@rjsf/utils';
import type { ChoiceOption as Option } from './form-context';
import { useSourceOptions, type SourceOptions } from './use-source-options';

function enumOptions(props: WidgetProps): Option[] {
  return (props.options.enumOptions ?? []).map((option) => ({
    label: option.label,
    value: option.value as Option['value'],
  }));
}

/** Options from the schema's `enum`, or from a server source of `ui:options.source` (a dictionary). */
function useOptions(props: WidgetProps): SourceOptions {
  const fromSource = useSourceOptions(props);
  return props.options.source
    ? fromSource
    : { options: enumOptions(props), loading: false, failed: false, retry: () => undefined };
}

export function SelectWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, placeholder, onChange, rawErrors } = props;
  const { options, loading, failed, retry } = useOptions(props);
  return (
    <Select
      id={id}
      loading={loading}
      notFoundContent={failed ? '选项加载失败，请重新打开重试' : '暂无数据'}
      onVisibleChange={(visible) => visible && failed && retry()}
      value={value ?? undefined}
      placeholder={placeholder || '请选择'}
      disabled={disabled || readonly}
      status={rawErrors && rawErrors.length > 0 ? 'error' : undefined}
      options={options}
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
