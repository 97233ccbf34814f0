/**
 * 产值报表 (/economicsForm/output): planned and actual output value of the project's contracts by month over a
 * range of months: the figures of the range, a chart of the monthly planned and actual output (bars, 万元) with the
 * cumulative actual and planned (lines), and the table per contract and month with the cumulative figures, the
 * completion rates and whether the month was confirmed by its approval; the totals row is the server's own sum.
 * Exported to Excel as shown.
 */
import { Empty, Select, Spin, Table, Tabs, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/Select/style/css.js';
import '@arco-design/web-react/es/Spin/style/css.js';
import '@arco-design/web-react/es/Table/style/css.js';
import '@arco-design/web-react/es/Tabs/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { useMemo, useState } from 'react';
import { callApi, useApi, useSeams, type CustomRendererProps } from '../../../src/engine/module-api';
import { addMonths, chinaMonth, rateText, saveBlob, wan, yuan } from '../browser/money';
import { ReportChart } from '../browser/ReportChart';
import { Figure, ReportToolbar, type MonthRange } from '../browser/ReportToolbar';
import type { OutputReport, OutputRow } from '../browser/report-types';
import '../browser/economics.css';

const money = (fen: number) => <span className="economics-money">{yuan(fen)}</span>;
const num = { align: 'right' as const };

function chartOption(report: OutputReport) {
  const months = report.months.map((month) => month.month);
  // The months not reported yet (this one, before its month end) have no cumulative actual to draw.
  const reported = report.months.reduce((last, month, index) => (month.actual > 0 ? index : last), -1);
  const tip = (value: unknown) => `${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2 })} 万元`;
  return {
    color: ['#86909c', '#165dff', '#f77234', '#0fc6c2'],
    // A report redraws at once when its range changes (and a screenshot never catches a bar half grown).
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: tip },
    legend: { top: 0 },
    grid: { left: 64, right: 72, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: months },
    yAxis: [
      { type: 'value', name: '月产值（万元）' },
      { type: 'value', name: '开累（万元）', splitLine: { show: false } },
    ],
    series: [
      { name: '计划产值', type: 'bar', barMaxWidth: 18, data: report.months.map((m) => wan(m.planned)) },
      { name: '实际产值', type: 'bar', barMaxWidth: 18, data: report.months.map((m) => wan(m.actual)) },
      {
        name: '开累实际',
        type: 'line',
        yAxisIndex: 1,
        symbolSize: 5,
        data: report.months.map((m, index) => (index > reported ? null : wan(m.cumActual))),
      },
      {
        name: '开累计划',
        type: 'line',
        yAxisIndex: 1,
        symbolSize: 4,
        lineStyle: { type: 'dashed' },
        data: report.months.map((m) => wan(m.cumPlanned)),
      },
    ],
  };
}

export default function EconomicsOutput({ file, data, context }: CustomRendererProps) {
  const seams = useSeams();
  const project = context.project as { projectId?: string; projectName?: string } | undefined;
  const [range, setRange] = useState<MonthRange | null>(null);
  const [contractId, setContractId] = useState<string>('');
  const [exporting, setExporting] = useState(false);
  // Until the user picks, the page's own call (the server's default range): the same key, so its answer is here.
  const params = useMemo(
    () => ({
      projectId: project?.projectId,
      ...(range ?? {}),
      ...(contractId ? { contractId } : {}),
    }),
    [project?.projectId, range, contractId],
  );
  const initial = !range && !contractId;
  const answer = useApi<OutputReport>(file.data!.api, params, {
    ...(initial ? { fallbackData: data as OutputReport } : {}),
    keepPreviousData: true,
  });
  const report = answer.data;
  const shown: MonthRange = range ?? {
    from: report?.from ?? addMonths(chinaMonth(), -11),
    to: report?.to ?? chinaMonth(),
  };
  const option = useMemo(() => (report ? chartOption(report) : undefined), [report]);

  const runExport = async () => {
    setExporting(true);
    try {
      const envelope = await callApi<{ data: unknown }>(
        seams,
        { method: 'GET', url: '/api/economics/v1.0/output/export' },
        {
          variables: {
            projectId: project?.projectId ?? '',
            projectName: project?.projectName ?? '',
            ...shown,
            ...(contractId ? { contractId } : {}),
          },
          responseType: 'blob',
        },
      );
      saveBlob(envelope.data, `产值报表（${shown.from}至${shown.to}）.xlsx`);
    } catch {
      // the HTTP client has said why
    } finally {
      setExporting(false);
    }
  };

  if (!report) return <Spin className="economics-report" loading tip="正在加载产值报表…" />;
  const t = report.totals;
  const columns = [
    { title: '月份', dataIndex: 'month', width: 96 },
    {
      title: '合同',
      dataIndex: 'contractName',
      ellipsis: true,
      render: (_: unknown, row: OutputRow) => <span title={row.contractNumber}>{row.contractName}</span>,
    },
    { title: '计划产值', dataIndex: 'planned', width: 140, ...num, render: money },
    { title: '实际产值', dataIndex: 'actual', width: 140, ...num, render: money },
    { title: '完成率', dataIndex: 'rate', width: 96, ...num, render: (rate: number | null) => rateText(rate) },
    { title: '开累计划', dataIndex: 'cumPlanned', width: 150, ...num, render: money },
    { title: '开累实际', dataIndex: 'cumActual', width: 150, ...num, render: money },
    { title: '开累完成率', dataIndex: 'cumRate', width: 104, ...num, render: (rate: number | null) => rateText(rate) },
    {
      title: '状态',
      dataIndex: 'confirmed',
      width: 80,
      render: (confirmed: boolean) => (confirmed ? <Tag color="green">已确认</Tag> : <Tag color="orange">待确认</Tag>),
    },
  ];
  const contractColumns = [
    { title: '合同编号', dataIndex: 'number', width: 170 },
    { title: '合同名称', dataIndex: 'name', ellipsis: true },
    { title: '合同金额', dataIndex: 'amount', width: 170, ...num, render: money },
    { title: '区间计划', dataIndex: 'planned', width: 160, ...num, render: money },
    { title: '区间实际', dataIndex: 'actual', width: 160, ...num, render: money },
    { title: '完成率', dataIndex: 'rate', width: 90, ...num, render: (rate: number | null) => rateText(rate) },
    { title: '开累实际', dataIndex: 'cumActual', width: 170, ...num, render: money },
    { title: '占合同额', dataIndex: 'progress', width: 100, ...num, render: (rate: number | null) => rateText(rate) },
  ];
  const cell = (text: string, testId?: string) => (
    <Table.Summary.Cell className="economics-num">
      <span className="economics-money" data-testid={testId}>
        {text}
      </span>
    </Table.Summary.Cell>
  );

  return (
    <section className="economics-report" data-testid="economics-output">
      <div className="economics-report-head">
        <p>金额单位：元（精确到分）。开累为自合同第一个月起的累计；实际产值经“产值月报审批”通过后为已确认。</p>
      </div>
      <ReportToolbar range={shown} onRange={setRange} exporting={exporting} onExport={() => void runExport()}>
        <div className="economics-field">
          <span>合同</span>
          <Select
            value={contractId}
            style={{ width: 300 }}
            getPopupContainer={() => document.body}
            data-testid="economics-contract"
            onChange={(value: string) => setContractId(value)}
            options={[
              { label: '全部合同', value: '' },
              ...report.contracts.map((contract) => ({ label: contract.name, value: contract.contract })),
            ]}
          />
        </div>
      </ReportToolbar>
      <Spin loading={answer.isValidating && !initial} style={{ display: 'block' }}>
        <div className="economics-figures">
          <Figure label="合同金额" value={yuan(t.amount)} testId="figure-amount" />
          <Figure label="区间计划产值" value={yuan(t.planned)} testId="figure-planned" />
          <Figure
            label="区间实际产值"
            value={yuan(t.actual)}
            note={`完成率 ${rateText(t.rate)}`}
            tone={t.rate !== null && t.rate < 90 ? 'over' : undefined}
            testId="figure-actual"
          />
          <Figure
            label="开累实际产值"
            value={yuan(t.cumActual)}
            note={`开累完成率 ${rateText(t.cumRate)}`}
            testId="figure-cum"
          />
          <Figure label="开累占合同额" value={rateText(t.progress)} testId="figure-progress" />
        </div>
      </Spin>
      {report.rows.length === 0 ? (
        <div className="economics-panel">
          <Empty description="所选区间还没有产值记录，请在“产值填报”中按合同逐月填报" />
        </div>
      ) : (
        <>
          <div className="economics-panel">
            <h3>月度计划与实际产值</h3>
            {option && (
              <ReportChart
                option={option}
                label="每月计划产值与实际产值柱状图，开累实际与开累计划折线"
                testId="output-chart"
              />
            )}
          </div>
          <div className="economics-panel">
            <Tabs defaultActiveTab="rows">
              <Tabs.TabPane key="rows" title="按合同按月">
                <Table
                  rowKey="id"
                  size="small"
                  border={{ wrapper: true, cell: true }}
                  columns={columns}
                  data={report.rows}
                  pagination={{ pageSize: 12, showTotal: true, sizeCanChange: false }}
                  scroll={{ x: 1180 }}
                  data-testid="output-table"
                  summary={() => (
                    <Table.Summary.Row className="economics-summary">
                      <Table.Summary.Cell colSpan={2}>
                        合计（{report.from} 至 {report.to}）
                      </Table.Summary.Cell>
                      {cell(yuan(t.planned), 'total-planned')}
                      {cell(yuan(t.actual), 'total-actual')}
                      {cell(rateText(t.rate))}
                      {cell(yuan(t.cumPlanned))}
                      {cell(yuan(t.cumActual))}
                      {cell(rateText(t.cumRate))}
                      <Table.Summary.Cell />
                    </Table.Summary.Row>
                  )}
                />
              </Tabs.TabPane>
              <Tabs.TabPane key="contracts" title="按合同汇总">
                <Table
                  rowKey="contract"
                  size="small"
                  border={{ wrapper: true, cell: true }}
                  columns={contractColumns}
                  data={report.contracts}
                  pagination={false}
                  summary={() => (
                    <Table.Summary.Row className="economics-summary">
                      <Table.Summary.Cell colSpan={2}>合计</Table.Summary.Cell>
                      {cell(yuan(t.amount))}
                      {cell(yuan(t.planned))}
                      {cell(yuan(t.actual))}
                      {cell(rateText(t.rate))}
                      {cell(yuan(t.cumActual))}
                      {cell(rateText(t.progress))}
                    </Table.Summary.Row>
                  )}
                />
              </Tabs.TabPane>
            </Tabs>
          </div>
        </>
      )}
    </section>
  );
}
