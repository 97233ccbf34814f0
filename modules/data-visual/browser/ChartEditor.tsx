/**
 * The chart designer's side panel: pick a data set, a chart type, the dimension (a field, or a date by day, week or
 * month), up to four measures (count, sum, average), a series field, the data set's own filters and a title; the
 * chart is drawn below as it will be on the dashboard, and goes onto the grid (or replaces the chart being changed).
 */
import { Button, Input, Radio, Select } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/Radio/style/css.js';
import '@arco-design/web-react/es/Select/style/css.js';
import type { ReactNode } from 'react';
import { ChartDrawing } from './ChartDrawing';
import { asPanel, lacking, startChart, type EditedChart } from './chart-editor-state';
import {
  CHART_WIDGETS,
  WIDGET_TITLES,
  type ChartMeasure,
  type ChartPanel,
  type ChartQuery,
  type DatasetInfo,
  type DateBucket,
  type MeasureOp,
} from './ldview-types';

const OPS: { value: MeasureOp; label: string }[] = [
  { value: 'count', label: '记录数' },
  { value: 'sum', label: '求和' },
  { value: 'avg', label: '平均' },
];
const BUCKETS: { value: DateBucket; label: string }[] = [
  { value: 'hour', label: '按小时' },
  { value: 'day', label: '按日' },
  { value: 'week', label: '按周' },
  { value: 'month', label: '按月' },
];
const NONE = '__none__';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ldview-editor-row">
      <span className="ldview-editor-label">{label}</span>
      <div className="ldview-editor-control">{children}</div>
    </div>
  );
}

export interface ChartEditorProps {
  datasets: DatasetInfo[];
  chart: EditedChart;
  panels: readonly ChartPanel[];
  projectId: string;
  onChange: (chart: EditedChart) => void;
  onPlace: (panel: ChartPanel) => void;
  onCancel: () => void;
  /** The add button's text: 添加到看板, or 添加到大屏 on a big screen. */
  placeText?: string;
}

export function ChartEditor({
  datasets,
  chart,
  panels,
  projectId,
  onChange,
  onPlace,
  onCancel,
  placeText = '添加到看板',
}: ChartEditorProps) {
  const dataset = datasets.find((each) => each.id === chart.query.dataset);
  const setQuery = (change: Partial<ChartQuery>) => onChange({ ...chart, query: { ...chart.query, ...change } });
  const setMeasure = (index: number, measure: ChartMeasure) =>
    setQuery({ measures: chart.query.measures.map((each, at) => (at === index ? measure : each)) });
  const missing = lacking(chart);
  const preview = missing === '' ? asPanel(chart, panels) : undefined;
  const fieldOptions = (fields: DatasetInfo['dimensions']) =>
    fields.map((field) => ({ value: field.field, label: field.title }));
  const byDate = chart.query.bucket !== undefined;

  return (
    <div className="ldview-editor" data-testid="ldview-chart-editor">
      <h3>{chart.id ? '修改图表' : '新建图表'}</h3>
      <Row label="数据集">
        <Select
          data-testid="ldview-dataset"
          showSearch
          value={chart.query.dataset}
          options={datasets.map((each) => ({ value: each.id, label: each.title }))}
          onChange={(id: string) => {
            const next = datasets.find((each) => each.id === id);
            if (next)
              onChange({ ...startChart(next), id: chart.id, widget: chart.widget === 'line' ? 'bar' : chart.widget });
          }}
        />
      </Row>
      <Row label="图表类型">
        <Radio.Group
          type="button"
          size="small"
          data-testid="ldview-widget"
          value={chart.widget}
          options={CHART_WIDGETS.map((widget) => ({ value: widget, label: WIDGET_TITLES[widget] }))}
          onChange={(widget: EditedChart['widget']) => onChange({ ...chart, widget })}
        />
      </Row>
      <Row label="维度">
        <Radio.Group
          type="button"
          size="small"
          value={byDate ? 'date' : 'field'}
          options={[
            { value: 'field', label: '按字段分组' },
            { value: 'date', label: '按日期' },
          ]}
          onChange={(how: string) =>
            how === 'date'
              ? setQuery({ groupBy: undefined, bucket: 'month', dateField: dataset?.dates[0]?.field })
              : setQuery({ bucket: undefined, dateField: undefined, groupBy: dataset?.dimensions[0]?.field })
          }
        />
        {byDate ? (
          <div className="ldview-editor-pair">
            <Select
              data-testid="ldview-date-field"
              value={chart.query.dateField}
              placeholder="日期字段"
              options={fieldOptions(dataset?.dates ?? [])}
              onChange={(dateField: string) => setQuery({ dateField })}
            />
            <Select
              data-testid="ldview-bucket"
              value={chart.query.bucket}
              options={BUCKETS.filter((bucket) => dataset?.buckets.includes(bucket.value) ?? bucket.value !== 'hour')}
              onChange={(bucket: DateBucket) => setQuery({ bucket })}
            />
          </div>
        ) : (
          <Select
            data-testid="ldview-group-by"
            showSearch
            value={chart.query.groupBy}
            placeholder="分组字段"
            options={fieldOptions(dataset?.dimensions ?? [])}
            onChange={(groupBy: string) => setQuery({ groupBy })}
          />
        )}
      </Row>
      <Row label="指标">
        {chart.query.measures.map((measure, index) => (
          <div className="ldview-editor-pair" key={index} data-testid={`ldview-measure-${index}`}>
            <Select
              value={measure.op}
              options={OPS}
              onChange={(op: MeasureOp) =>
                setMeasure(index, op === 'count' ? { op } : { op, field: measure.field ?? dataset?.numbers[0]?.field })
              }
            />
            {measure.op !== 'count' && (
              <Select
                value={measure.field}
                placeholder="数值字段"
                options={fieldOptions(dataset?.numbers ?? [])}
                onChange={(field: string) => setMeasure(index, { ...measure, field })}
              />
            )}
            {chart.query.measures.length > 1 && (
              <Button
                size="mini"
                type="text"
                status="danger"
                onClick={() => setQuery({ measures: chart.query.measures.filter((_each, at) => at !== index) })}
              >
                移除
              </Button>
            )}
          </div>
        ))}
        {chart.query.measures.length < 4 && (
          <Button
            size="mini"
            type="text"
            onClick={() => setQuery({ measures: [...chart.query.measures, { op: 'count' }], seriesBy: undefined })}
          >
            + 添加指标
          </Button>
        )}
      </Row>
      <Row label="系列分组">
        <Select
          data-testid="ldview-series"
          value={chart.query.seriesBy ?? NONE}
          disabled={chart.query.measures.length > 1}
          options={[{ value: NONE, label: '不分系列' }, ...fieldOptions(dataset?.dimensions ?? [])]}
          onChange={(value: string) => setQuery({ seriesBy: value === NONE ? undefined : value })}
        />
      </Row>
      {dataset && dataset.filters.length > 0 && (
        <Row label="筛选">
          {dataset.filters.map((filter) => {
            const value = chart.query.filters[filter.name] ?? '';
            const set = (next: string) => {
              const filters = { ...chart.query.filters, [filter.name]: next };
              if (next === '') delete filters[filter.name];
              setQuery({ filters });
            };
            return (
              <div className="ldview-editor-filter" key={filter.name}>
                <span className="ldview-editor-filter-title" title={filter.title}>
                  {filter.title}
                </span>
                {filter.options ? (
                  <Select
                    size="small"
                    value={value || NONE}
                    options={[{ value: NONE, label: '全部' }, ...filter.options]}
                    onChange={(next: string) => set(next === NONE ? '' : next)}
                  />
                ) : (
                  <Input
                    size="small"
                    value={value}
                    allowClear
                    placeholder={filter.type === 'date' ? 'YYYY-MM-DD' : '不限'}
                    onChange={set}
                  />
                )}
              </div>
            );
          })}
        </Row>
      )}
      <Row label="图表标题">
        <Input
          data-testid="ldview-chart-title"
          value={chart.title}
          maxLength={30}
          onChange={(title) => onChange({ ...chart, title })}
        />
      </Row>
      <div className="ldview-editor-preview" data-testid="ldview-chart-preview">
        {preview ? (
          <ChartDrawing panel={{ ...preview, rowSpan: 1 }} projectId={projectId} />
        ) : (
          <p className="ldview-chart-note">{missing}</p>
        )}
      </div>
      <div className="ldview-editor-actions">
        {chart.id && <Button onClick={onCancel}>取消修改</Button>}
        <Button type="primary" disabled={!preview} onClick={() => preview && onPlace(preview)}>
          {chart.id ? '更新图表' : placeText}
        </Button>
      </div>
    </div>
  );
}
