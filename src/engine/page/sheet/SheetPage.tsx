/**
 * Renders a `sheet` page file: the month sheet of a collection (people x days of a month, a ✓ or a value per day,
 * totals per row and per day), a month picker, the page's search form, and an Excel export of exactly the sheet
 * shown. The server computes the sheet (`GET /api/data/<collection>/sheet`), limited to the project the page's
 * params name.
 */
import { Button, DatePicker, Empty, Radio } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/DatePicker/style/css.js';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/Radio/style/css.js';
import { useState } from 'react';
import { toVariables } from '../../actions';
import { callApi, pickPath } from '../../api';
import { LoadFailure, Loading } from '../../feedback';
import { SchemaForm } from '../../form/SchemaForm';
import type { PageRendererProps } from '../../renderers';
import { useCan, useSeams } from '../../seams';
import { PageDenied } from '../page-access';
import type { SheetPageFile } from '../../types';
import type { MonthSheet } from '../../../shared/record-figures';
import { useApi } from '../../use-api';
import { saveFile } from '../save-file';
import { currentMonth, sheetApi, sheetExportApi, sheetParams, sheetReady } from './sheet-calls';
import '../crud/crud-page.css';
import './sheet-page.css';

type Display = 'mark' | 'value';

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
const MARK = '✓';

function weekdayOf(month: string, day: number): number {
  const [year, m] = month.split('-').map(Number);
  return new Date(year, m - 1, day).getDay();
}

function textsOf(file: SheetPageFile) {
  const valueTitle = file.value.title ?? '数值';
  return {
    days: file.texts?.days ?? '天数',
    total: file.texts?.total ?? `合计${valueTitle}`,
    dayRows: file.texts?.dayRows ?? '每日行数',
    dayTotals: file.texts?.dayTotals ?? `每日${valueTitle}`,
  };
}

export function SheetPage({ file, context }: PageRendererProps<'sheet'>) {
  const seams = useSeams();
  const can = useCan()(file.permission);
  const [month, setMonth] = useState(currentMonth());
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const [display, setDisplay] = useState<Display>(file.display ?? 'mark');
  const [exporting, setExporting] = useState(false);
  const params = sheetParams(file, context, month, search);
  const ready = sheetReady(params);
  const { data, error, isLoading, mutate } = useApi<MonthSheet>(ready ? sheetApi(file) : null, params, {
    keepPreviousData: true,
  });
  const texts = textsOf(file);
  const summing = file.value.op === 'sum';
  const showValues = summing && display === 'value';

  if (!can) return <PageDenied />;

  const runExport = async () => {
    setExporting(true);
    try {
      const envelope = await callApi(seams, sheetExportApi(file), {
        variables: toVariables({
          ...params,
          display: showValues ? 'value' : 'mark',
          title: file.title,
          rowTitle: file.rows.title,
          daysTitle: texts.days,
          totalTitle: texts.total,
          dayRowsTitle: texts.dayRows,
          dayTotalsTitle: texts.dayTotals,
        }),
        responseType: 'blob',
      });
      saveFile(pickPath(envelope, 'data'), `${file.export?.fileName ?? file.title}-${month}.xlsx`);
    } catch {
      // the HTTP client has shown why
    } finally {
      setExporting(false);
    }
  };

  const sheet = data && data.month === month ? data : undefined;
  const rowFields = file.rows.fields ?? [];
  const days = Array.from({ length: sheet?.dayCount ?? 0 }, (_, index) => index + 1);
  const weekend = (day: number) => [0, 6].includes(weekdayOf(month, day));
  const cellText = (cell: number | null) => (cell === null ? '' : showValues ? String(cell) : MARK);

  return (
    <section className="sheet-page" data-testid={`sheet-${file.id}`}>
      <header className="sheet-header">
        <div>
          <h2>{file.title}</h2>
          {file.description && <p>{file.description}</p>}
        </div>
        <div className="sheet-tools">
          <label className="sheet-month">
            <span>月份</span>
            <DatePicker.MonthPicker
              value={month}
              allowClear={false}
              onChange={(value: string) => value && setMonth(value.slice(0, 7))}
              data-testid="sheet-month"
              style={{ width: 140 }}
            />
          </label>
          {summing && (
            <Radio.Group type="button" value={display} onChange={(value: Display) => setDisplay(value)}>
              <Radio value="mark">打勾</Radio>
              <Radio value="value">{file.value.title ?? '数值'}</Radio>
            </Radio.Group>
          )}
          {file.export && (
            <Button
              type="primary"
              loading={exporting}
              disabled={!sheet}
              onClick={() => void runExport()}
              data-testid="sheet-export"
            >
              {exporting ? '正在导出…' : '导出Excel'}
            </Button>
          )}
        </div>
      </header>
      {file.search && (
        <div className="sheet-search search-bar">
          <SchemaForm
            formId={file.search}
            testId="sheet-search"
            onSubmitted={(_envelope, values) => setSearch(values)}
          />
        </div>
      )}
      {!ready ? (
        <Empty description="请先选择项目" />
      ) : error ? (
        <LoadFailure error={error} onRetry={() => void mutate()} />
      ) : !sheet || isLoading ? (
        <Loading />
      ) : sheet.rows.length === 0 ? (
        <Empty description={`${month} 暂无记录`} data-testid="sheet-empty" />
      ) : (
        <div className="sheet-scroll">
          <table className="sheet-table" data-testid="sheet-table">
            <thead>
              <tr>
                <th className="sheet-label">{file.rows.title}</th>
                {rowFields.map((field) => (
                  <th key={field.field} className="sheet-field">
                    {field.title}
                  </th>
                ))}
                {days.map((day) => (
                  <th key={day} className={weekend(day) ? 'sheet-day sheet-weekend' : 'sheet-day'}>
                    {day}
                    <small>{WEEKDAYS[weekdayOf(month, day)]}</small>
                  </th>
                ))}
                <th className="sheet-total">{texts.days}</th>
                {summing && <th className="sheet-total">{texts.total}</th>}
              </tr>
            </thead>
            <tbody>
              {sheet.rows.map((row) => (
                <tr key={row.key} data-testid="sheet-row">
                  <th className="sheet-label">{row.label}</th>
                  {rowFields.map((field) => (
                    <td key={field.field} className="sheet-field">
                      {row.fields[field.field]}
                    </td>
                  ))}
                  {row.cells.map((cell, index) => (
                    <td key={index} className={weekend(index + 1) ? 'sheet-cell sheet-weekend' : 'sheet-cell'}>
                      {cellText(cell)}
                    </td>
                  ))}
                  <td className="sheet-total">{row.days}</td>
                  {summing && <td className="sheet-total">{row.total}</td>}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-testid="sheet-day-rows">
                <th className="sheet-label">{texts.dayRows}</th>
                {rowFields.map((field) => (
                  <td key={field.field} className="sheet-field" />
                ))}
                {sheet.dayRows.map((count, index) => (
                  <td key={index} className="sheet-cell">
                    {count || ''}
                  </td>
                ))}
                <td className="sheet-total">{sheet.rows.reduce((sum, row) => sum + row.days, 0)}</td>
                {summing && <td className="sheet-total" />}
              </tr>
              {summing && (
                <tr>
                  <th className="sheet-label">{texts.dayTotals}</th>
                  {rowFields.map((field) => (
                    <td key={field.field} className="sheet-field" />
                  ))}
                  {sheet.dayTotals.map((total, index) => (
                    <td key={index} className="sheet-cell">
                      {total || ''}
                    </td>
                  ))}
                  <td className="sheet-total" />
                  <td className="sheet-total">{sheet.total}</td>
                </tr>
              )}
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
