/**
 * 成本分析 (/economicsForm/cost): target against actual cost by category over a range of months: the figures of
 * the range, a chart of target and actual per category (an over-target actual in red), a chart of each month's
 * actual by category against the month's target, the table per category with the variance and its rate (over the
 * target in red; where the actual came from: entered, or the wage ledger and the weighings), the weighed materials
 * and their cost, and the totals row, the server's own sums. Exported to Excel as shown.
 */
import { Empty, Spin, Table, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/Spin/style/css.js';
import '@arco-design/web-react/es/Table/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { useMemo, useState } from 'react';
import { callApi, useApi, useSeams, type CustomRendererProps } from '../../../src/engine/module-api';
import { addMonths, chinaMonth, rateText, saveBlob, wan, yuan } from '../browser/money';
import { ReportChart } from '../browser/ReportChart';
import { Figure, ReportToolbar, type MonthRange } from '../browser/ReportToolbar';
import type { CostReport } from '../browser/report-types';
import '../browser/economics.css';

type Category = CostReport['categories'][number];
type Material = CostReport['materials'][number];

const RED = '#f53f3f';
const CATEGORY_COLORS = ['#165dff', '#0fc6c2', '#f7ba1e', '#722ed1', '#86909c', '#f77234'];
const money = (fen: number) => <span className="economics-money">{yuan(fen)}</span>;
const num = { align: 'right' as const };
const tip = (value: unknown) => `${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2 })} 万元`;

/** Where the actual of a category came from. */
const DERIVED_SOURCE: Record<string, string> = {
  labour: '工资台账',
  material: '过磅×单价',
};

function categoryOption(report: CostReport) {
  return {
    // A report redraws at once when its range changes (and a screenshot never catches a bar half grown).
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: tip },
    legend: { top: 0, data: ['目标成本', '实际成本'] },
    grid: { left: 64, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: report.categories.map((c) => c.label) },
    yAxis: { type: 'value', name: '万元' },
    series: [
      {
        name: '目标成本',
        type: 'bar',
        barMaxWidth: 22,
        itemStyle: { color: '#86909c' },
        data: report.categories.map((c) => wan(c.target)),
      },
      {
        name: '实际成本',
        type: 'bar',
        barMaxWidth: 22,
        itemStyle: { color: '#165dff' },
        // Over the target: the bar is red, as its row in the table.
        data: report.categories.map((c) => ({ value: wan(c.actual), itemStyle: c.over ? { color: RED } : undefined })),
      },
    ],
  };
}

function monthOption(report: CostReport) {
  return {
    color: CATEGORY_COLORS,
    // A report redraws at once when its range changes (and a screenshot never catches a bar half grown).
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: tip },
    legend: { top: 0 },
    grid: { left: 64, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: report.months.map((m) => m.month) },
    yAxis: { type: 'value', name: '万元' },
    series: [
      ...report.categories.map((category) => ({
        name: category.label,
        type: 'bar',
        stack: 'actual',
        barMaxWidth: 22,
        data: report.months.map((m) => wan(m.categories[category.category] ?? 0)),
      })),
      {
        name: '目标成本',
        type: 'line',
        symbolSize: 5,
        itemStyle: { color: RED },
        lineStyle: { type: 'dashed', color: RED },
        data: report.months.map((m) => wan(m.target)),
      },
    ],
  };
}

export default function EconomicsCost({ file, data, context }: CustomRendererProps) {
  const seams = useSeams();
  const project = context.project as { projectId?: string; projectName?: string } | undefined;
  const [range, setRange] = useState<MonthRange | null>(null);
  const [exporting, setExporting] = useState(false);
  const params = useMemo(() => ({ projectId: project?.projectId, ...(range ?? {}) }), [project?.projectId, range]);
  const answer = useApi<CostReport>(file.data!.api, params, {
    ...(range ? {} : { fallbackData: data as CostReport }),
    keepPreviousData: true,
  });
  const report = answer.data;
  const shown: MonthRange = range ?? {
    from: report?.from ?? addMonths(chinaMonth(), -11),
    to: report?.to ?? chinaMonth(),
  };
  const options = useMemo(
    () => (report ? { categories: categoryOption(report), months: monthOption(report) } : undefined),
    [report],
  );

  const runExport = async () => {
    setExporting(true);
    try {
      const envelope = await callApi<{ data: unknown }>(
        seams,
        { method: 'GET', url: '/api/economics/v1.0/cost/export' },
        {
          variables: { projectId: project?.projectId ?? '', projectName: project?.projectName ?? '', ...shown },
          responseType: 'blob',
        },
      );
      saveBlob(envelope.data, `成本分析（${shown.from}至${shown.to}）.xlsx`);
    } catch {
      // the HTTP client has said why
    } finally {
      setExporting(false);
    }
  };

  if (!report) return <Spin className="economics-report" loading tip="正在加载成本分析…" />;
  const t = report.totals;
  const varianceCell = (fen: number, row: { over: boolean }) => (
    <span className={`economics-money${row.over ? ' economics-over' : ''}`}>
      {fen > 0 ? `+${yuan(fen)}` : yuan(fen)}
    </span>
  );
  const columns = [
    {
      title: '成本科目',
      dataIndex: 'label',
      width: 140,
      render: (label: string, row: Category) => (
        <span>
          {label}{' '}
          {row.over && (
            <Tag color="red" size="small">
              超支
            </Tag>
          )}
        </span>
      ),
    },
    { title: '目标成本', dataIndex: 'target', width: 170, ...num, render: money },
    { title: '实际成本', dataIndex: 'actual', width: 170, ...num, render: money },
    { title: '差额（实际−目标）', dataIndex: 'variance', width: 180, ...num, render: varianceCell },
    {
      title: '差异率',
      dataIndex: 'varianceRate',
      width: 100,
      ...num,
      render: (rate: number | null, row: Category) => (
        <span className={row.over ? 'economics-over' : undefined}>
          {rate !== null && rate > 0 ? `+${rateText(rate)}` : rateText(rate)}
        </span>
      ),
    },
    { title: '其中登记', dataIndex: 'entered', width: 160, ...num, render: money },
    {
      title: '其中系统取数',
      dataIndex: 'derived',
      render: (fen: number, row: Category) =>
        DERIVED_SOURCE[row.category] ? (
          <span>
            {money(fen)}
            <span className="economics-note">　{DERIVED_SOURCE[row.category]}</span>
          </span>
        ) : (
          '—'
        ),
    },
  ];
  const materialColumns = [
    { title: '材料', dataIndex: 'material', width: 140 },
    {
      title: '进场数量',
      dataIndex: 'quantity',
      width: 160,
      ...num,
      render: (quantity: number, row: Material) =>
        `${quantity.toLocaleString('en-US', { minimumFractionDigits: 2 })} ${row.unit === 'm3' ? 'm³' : 't'}`,
    },
    { title: '材料费', dataIndex: 'amount', width: 170, ...num, render: money },
    {
      title: '说明',
      dataIndex: 'unpricedQuantity',
      render: (quantity: number, row: Material) =>
        quantity > 0 ? (
          <span className="economics-over">
            {quantity.toLocaleString('en-US', { minimumFractionDigits: 2 })} {row.unit === 'm3' ? 'm³' : 't'}{' '}
            没有适用的单价，未计入材料费（请在“材料单价”中补充）
          </span>
        ) : (
          ''
        ),
    },
  ];
  const cell = (content: string, className = '', testId?: string) => (
    <Table.Summary.Cell className="economics-num">
      <span className={`economics-money ${className}`} data-testid={testId}>
        {content}
      </span>
    </Table.Summary.Cell>
  );
  const hasData = t.target !== 0 || t.actual !== 0;

  return (
    <section className="economics-report" data-testid="economics-cost">
      <div className="economics-report-head">
        <p>
          金额单位：元（精确到分）。实际成本 = 登记的成本 + 劳务工资台账的人工费（工日×工资标准）+
          进场过磅的材料费（结算重量或方量×材料单价）；超出目标成本的标红。
        </p>
      </div>
      <ReportToolbar range={shown} onRange={setRange} exporting={exporting} onExport={() => void runExport()} />
      <Spin loading={answer.isValidating && Boolean(range)} style={{ display: 'block' }}>
        <div className="economics-figures">
          <Figure label="目标成本" value={yuan(t.target)} testId="figure-target" />
          <Figure label="实际成本" value={yuan(t.actual)} tone={t.over ? 'over' : undefined} testId="figure-actual" />
          <Figure
            label={t.over ? '超支' : '节余'}
            value={yuan(Math.abs(t.variance))}
            note={`差异率 ${rateText(t.varianceRate)}`}
            tone={t.over ? 'over' : 'good'}
            testId="figure-variance"
          />
          <Figure
            label="超支科目"
            value={`${report.categories.filter((c) => c.over).length} 个`}
            note={
              report.categories
                .filter((c) => c.over)
                .map((c) => c.label)
                .join('、') || '无'
            }
            tone={report.categories.some((c) => c.over) ? 'over' : undefined}
            testId="figure-over"
          />
        </div>
      </Spin>
      {!hasData ? (
        <div className="economics-panel">
          <Empty description="所选区间还没有目标成本和实际成本，请先在“目标成本”“成本登记”中录入" />
        </div>
      ) : (
        <>
          {options && (
            <div className="economics-charts">
              <div className="economics-panel">
                <h3>按科目：目标与实际</h3>
                <ReportChart
                  option={options.categories}
                  label="各成本科目的目标成本与实际成本柱状图，超支的实际成本为红色"
                  testId="cost-category-chart"
                />
              </div>
              <div className="economics-panel">
                <h3>按月：实际成本构成与目标</h3>
                <ReportChart
                  option={options.months}
                  label="每月各科目实际成本堆叠柱状图与目标成本折线"
                  testId="cost-month-chart"
                />
              </div>
            </div>
          )}
          <div className="economics-panel">
            <h3>目标成本与实际成本对比</h3>
            <Table
              rowKey="category"
              size="small"
              border={{ wrapper: true, cell: true }}
              columns={columns}
              data={report.categories}
              pagination={false}
              rowClassName={(row: Category) => (row.over ? 'economics-row-over' : '')}
              data-testid="cost-table"
              summary={() => (
                <Table.Summary.Row className="economics-summary">
                  <Table.Summary.Cell>合计</Table.Summary.Cell>
                  {cell(yuan(t.target), '', 'total-target')}
                  {cell(yuan(t.actual), '', 'total-actual')}
                  {cell(
                    t.variance > 0 ? `+${yuan(t.variance)}` : yuan(t.variance),
                    t.over ? 'economics-over' : '',
                    'total-variance',
                  )}
                  {cell(
                    t.varianceRate !== null && t.varianceRate > 0
                      ? `+${rateText(t.varianceRate)}`
                      : rateText(t.varianceRate),
                    t.over ? 'economics-over' : '',
                  )}
                  {cell(yuan(report.categories.reduce((sum, c) => sum + c.entered, 0)))}
                  <Table.Summary.Cell>
                    {money(report.categories.reduce((sum, c) => sum + c.derived, 0))}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          </div>
          <div className="economics-panel">
            <h3>过磅材料</h3>
            {report.materials.length === 0 ? (
              <Empty description="所选区间没有进场过磅记录" />
            ) : (
              <Table
                rowKey="material"
                size="small"
                border={{ wrapper: true, cell: true }}
                columns={materialColumns}
                data={report.materials}
                pagination={false}
                data-testid="material-table"
              />
            )}
          </div>
        </>
      )}
    </section>
  );
}
