/**
 * The reports' common toolbar: the range of months (from, to), what else a report filters by, and 导出 Excel.
 */
import { Button, DatePicker, Space } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/DatePicker/style/css.js';
import '@arco-design/web-react/es/Space/style/css.js';
import type { ReactNode } from 'react';

export interface MonthRange {
  from: string;
  to: string;
}

export function ReportToolbar({
  range,
  onRange,
  exporting,
  onExport,
  children,
}: {
  range: MonthRange;
  onRange: (range: MonthRange) => void;
  exporting: boolean;
  onExport: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="economics-toolbar">
      <Space size={16} wrap>
        <div className="economics-field">
          <span>开始月份</span>
          <DatePicker.MonthPicker
            value={range.from}
            allowClear={false}
            getPopupContainer={() => document.body}
            style={{ width: 130 }}
            data-testid="economics-from"
            onChange={(value: string) =>
              value &&
              onRange({ from: value.slice(0, 7), to: range.to < value.slice(0, 7) ? value.slice(0, 7) : range.to })
            }
          />
        </div>
        <div className="economics-field">
          <span>结束月份</span>
          <DatePicker.MonthPicker
            value={range.to}
            allowClear={false}
            getPopupContainer={() => document.body}
            style={{ width: 130 }}
            data-testid="economics-to"
            onChange={(value: string) =>
              value &&
              onRange({ from: range.from > value.slice(0, 7) ? value.slice(0, 7) : range.from, to: value.slice(0, 7) })
            }
          />
        </div>
        {children}
      </Space>
      <Button type="primary" loading={exporting} onClick={onExport} data-testid="economics-export">
        导出 Excel
      </Button>
    </div>
  );
}

/** A figure of the report's head: its label, its value, and a note under it. */
export function Figure({
  label,
  value,
  note,
  tone,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  tone?: 'over' | 'good';
  testId?: string;
}) {
  return (
    <div className={`economics-figure${tone ? ` economics-figure-${tone}` : ''}`} data-testid={testId}>
      <div className="economics-figure-label">{label}</div>
      <div className="economics-figure-value">{value}</div>
      {note && <div className="economics-figure-note">{note}</div>}
    </div>
  );
}
