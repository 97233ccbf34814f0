import { DatePicker } from '@arco-design/web-react';
import '@arco-design/web-react/es/DatePicker/style/css.js';
import type { WidgetProps } from '@rjsf/utils';

function todayEnd(): Date {
  const end = new Date();
  end.setHours(23, 59, 59, 999);
  return end;
}

/** A `yyyy-MM-dd` date; `ui:options.disableFuture` greys out the days after today (a birthday). */
export function DateWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, placeholder, onChange, options, rawErrors } = props;
  return (
    <DatePicker
      style={{ width: '100%' }}
      value={typeof value === 'string' && value !== '' ? value : undefined}
      placeholder={placeholder || '请选择日期'}
      disabled={disabled || readonly}
      status={rawErrors && rawErrors.length > 0 ? 'error' : undefined}
      format="YYYY-MM-DD"
      disabledDate={options.disableFuture ? (day) => day.toDate() > todayEnd() : undefined}
      triggerProps={{ getPopupContainer: () => document.body }}
      inputProps={{ id }}
      onChange={(dateString) => onChange(dateString || options.emptyValue)}
    />
  );
}
