/**
 * 统计报表 (/dataCenter/report): the reports declared in modules/data-center/reports, listed by category; the chosen
 * one over a date range and a set of projects (all the user may see by default), as a sheet with its groupings,
 * subtotals and total, printable (the print stylesheet prints the sheet alone, on landscape A4) and exported to
 * Excel as the server lays it out. The figures are the server's; this screen adds nothing up.
 */
import { Button, DatePicker, Empty, Select, Spin } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/DatePicker/style/css.js';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/Select/style/css.js';
import '@arco-design/web-react/es/Spin/style/css.js';
import { Fragment, useMemo, useState } from 'react';
import { callApi, useApi, useSeams, type CustomRendererProps } from '../../../src/engine/module-api';
import type { ReportEntry, ReportList, ReportResult, ReportValues } from '../browser/data-center-types';
import { chinaMinute, figure, saveBlob } from '../browser/files';
import '../browser/data-center.css';

const RUN = { method: 'GET' as const, url: '/api/data-center/v1.0/reports/{id}', resultPath: 'data' };
const EXPORT = { method: 'GET' as const, url: '/api/data-center/v1.0/reports/{id}/export' };
const CATEGORIES = ['人员', '安全', '产值', '设备', '其他'];

interface Chosen {
  range: [string, string] | null;
  projectIds: string[];
}

function ReportSheet({ result }: { result: ReportResult }) {
  const groupCount = result.groupTitles.length;
  /** How many rows the first grouping's cell spans from row `index`: 0 when an earlier row of its block has it. */
  const blockSpan = (index: number): number => {
    const rows = result.rows;
    const first = rows[index].groups[0];
    if (index > 0 && rows[index - 1].kind === 'row' && rows[index - 1].groups[0] === first) return 0;
    let span = 0;
    while (index + span < rows.length && rows[index + span].kind === 'row' && rows[index + span].groups[0] === first)
      span += 1;
    return span;
  };
  const cells = (values: ReportValues) =>
    result.columns.map((column) => (
      <td key={column.id} className="dc-num">
        {figure(values[column.id], column.digits)}
      </td>
    ));
  return (
    <div className="dc-sheet" data-testid="report-sheet">
      <h3 className="dc-sheet-title">{result.report.title}</h3>
      <div className="dc-sheet-facts">
        <span>
          统计期：
          {result.range ? `${result.range.from} 至 ${result.range.to}（按${result.report.dateTitle}）` : '截至当前'}
        </span>
        <span>项目：{result.projects.map((project) => project.name).join('、') || '无'}</span>
        <span>制表时间：{chinaMinute(new Date().toISOString())}</span>
      </div>
      <table className="dc-table">
        <thead>
          <tr>
            {result.groupTitles.map((title) => (
              <th key={title}>{title}</th>
            ))}
            {result.columns.map((column) => (
              <th key={column.id}>
                {column.title}
                {column.unit && <span className="dc-unit">（{column.unit}）</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.rows.length === 0 ? (
            <tr>
              <td colSpan={groupCount + result.columns.length} className="dc-empty-cell">
                所选期间与项目没有记录
              </td>
            </tr>
          ) : (
            result.rows.map((row, index) =>
              row.kind === 'subtotal' ? (
                <tr key={`s${index}`} className="dc-subtotal">
                  <td colSpan={groupCount}>{row.groups[0]} 小计</td>
                  {cells(row.values)}
                </tr>
              ) : (
                <tr key={`r${index}`}>
                  {row.groups.map((group, level) => {
                    // The first grouping once per block of its rows (as on paper), when subtotals close the blocks.
                    if (level > 0 || groupCount < 2) return <td key={level}>{group}</td>;
                    const span = blockSpan(index);
                    return span === 0 ? null : (
                      <td key={level} rowSpan={span} className="dc-group-cell">
                        {group}
                      </td>
                    );
                  })}
                  {cells(row.values)}
                </tr>
              ),
            )
          )}
        </tbody>
        <tfoot>
          <tr className="dc-total" data-testid="report-total">
            <td colSpan={groupCount}>合计</td>
            {cells(result.total)}
          </tr>
        </tfoot>
      </table>
      {result.report.description && <p className="dc-sheet-note">说明：{result.report.description}</p>}
    </div>
  );
}

export default function StatReport({ file, data }: CustomRendererProps) {
  const seams = useSeams();
  const list = useApi<ReportList>(file.data?.api ?? null, {}, { fallbackData: data as ReportList }).data;
  const [reportId, setReportId] = useState('');
  const [chosen, setChosen] = useState<Chosen>({ range: null, projectIds: [] });
  const [asked, setAsked] = useState<Chosen>(chosen);
  const [exporting, setExporting] = useState(false);
  const reports = list?.reports ?? [];
  const current: ReportEntry | undefined = reports.find((report) => report.id === reportId) ?? reports[0];
  const variables = useMemo(
    () => ({
      id: current?.id ?? '',
      ...(asked.range ? { from: asked.range[0], to: asked.range[1] } : {}),
      projectIds: asked.projectIds.join(','),
    }),
    [current?.id, asked],
  );
  const answer = useApi<ReportResult>(current ? RUN : null, variables, { keepPreviousData: true });
  const result = answer.data?.report.id === current?.id ? answer.data : undefined;

  const choose = (id: string) => {
    setReportId(id);
    const reset = { range: null, projectIds: chosen.projectIds };
    setChosen(reset);
    setAsked(reset);
  };
  const runExport = async () => {
    if (!current) return;
    setExporting(true);
    try {
      const envelope = await callApi<{ data: unknown }>(seams, EXPORT, { variables, responseType: 'blob' });
      const span = result?.range ? `（${result.range.from}至${result.range.to}）` : '';
      saveBlob(envelope.data, `${current.title}${span}.xlsx`);
    } catch {
      // the HTTP client has said why
    } finally {
      setExporting(false);
    }
  };

  if (!list) return <Spin className="dc-page" loading tip="正在加载报表…" />;
  if (reports.length === 0)
    return (
      <section className="dc-page">
        <Empty description="您还没有可查看的统计报表" />
      </section>
    );
  const shownRange =
    chosen.range ?? (result?.range ? ([result.range.from, result.range.to] as [string, string]) : undefined);

  return (
    <section className="dc-page dc-report-page" data-testid="stat-report">
      <nav className="dc-report-list" aria-label="报表目录" data-testid="report-list">
        {CATEGORIES.filter((category) => reports.some((report) => report.category === category)).map((category) => (
          <Fragment key={category}>
            <div className="dc-report-category">{category}</div>
            {reports
              .filter((report) => report.category === category)
              .map((report) => (
                <button
                  type="button"
                  key={report.id}
                  className={report.id === current?.id ? 'dc-report-item dc-report-item-active' : 'dc-report-item'}
                  onClick={() => choose(report.id)}
                >
                  {report.title}
                </button>
              ))}
          </Fragment>
        ))}
      </nav>
      <div className="dc-report-main">
        <div className="dc-toolbar dc-no-print">
          {current?.dateRange && (
            <label className="dc-field">
              <span>统计期</span>
              <DatePicker.RangePicker
                style={{ width: 240 }}
                allowClear={false}
                value={shownRange}
                onChange={(value: string[] | undefined) =>
                  setChosen({ ...chosen, range: value && value.length === 2 ? [value[0], value[1]] : null })
                }
                data-testid="report-range"
              />
            </label>
          )}
          <label className="dc-field">
            <span>项目</span>
            <Select
              mode="multiple"
              allowClear
              maxTagCount={2}
              placeholder="全部项目"
              style={{ width: 240 }}
              value={chosen.projectIds}
              onChange={(value: string[]) => setChosen({ ...chosen, projectIds: value })}
              options={list.projects.map((project) => ({ label: project.name, value: project.id }))}
              data-testid="report-projects"
            />
          </label>
          <Button type="primary" onClick={() => setAsked(chosen)} data-testid="report-run">
            统计
          </Button>
          <span className="dc-toolbar-gap" />
          <Button onClick={() => window.print()} disabled={!result}>
            打印
          </Button>
          <Button loading={exporting} disabled={!result} onClick={() => void runExport()}>
            导出 Excel
          </Button>
        </div>
        <Spin loading={!result || answer.isValidating} style={{ display: 'block' }} tip="正在统计…">
          {result ? <ReportSheet result={result} /> : <div className="dc-sheet-placeholder" />}
        </Spin>
      </div>
    </section>
  );
}
