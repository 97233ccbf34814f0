/**
 * The non-chart panels of a dashboard: figures (`stats`), labelled fields (`fields`), rows (`list`), app links
 * (`apps`) and a card per row (`cards`: a machine with its values), each adapting the panel's data to a display
 * widget. Links and code names are data of the page file.
 */
import type { ComponentType, ReactNode } from 'react';
import { cellText } from '../../shared/cell-text';
import { AppLinks, CardGrid, FieldList, RowList, StatGrid, type DisplayItem } from '../../widgets/display/panels';
import { fillUrl, pickPath, type ApiVariables } from '../api';
import type { PanelRendererProps } from '../renderers';
import type { DashboardItem, DisplayPanelType } from '../types';

type Row = Record<string, unknown>;

function formatValue(item: DashboardItem, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '';
  switch (item.format) {
    case 'percent':
      return `${Math.round(Number(value) * (Number(value) <= 1 ? 100 : 1))}%`;
    case 'money':
      return `${Number(value).toLocaleString('zh-CN')} 元`;
    case 'map':
      return cellText({ field: 'value', format: 'map', map: item.map }, { value });
    default:
      return `${String(value)}${item.suffix ?? ''}`;
  }
}

/**
 * A route template over a row (`/message/mine?id={id}`); a value it needs and the row lacks leaves it closed. A
 * template that is one field alone (`{link}`) is the in-app path that field holds (rows of several kinds, each with
 * its own page), taken as it is.
 */
function linkOf(template: string | undefined, row: Row): string | undefined {
  if (!template) return undefined;
  const whole = /^\{(\w+)\}$/.exec(template);
  if (whole) {
    const path = row[whole[1]];
    return typeof path === 'string' && path.startsWith('/') ? path : undefined;
  }
  try {
    return fillUrl(template, row as ApiVariables);
  } catch {
    return undefined;
  }
}

function items({ panel, data, open }: Pick<PanelRendererProps, 'panel' | 'data' | 'open'>): DisplayItem[] {
  return (panel.items ?? []).map((item) => ({
    label: item.label,
    value: formatValue(item, pickPath(data, item.field)),
    onOpen: item.link ? () => open({ path: item.link as string }) : undefined,
  }));
}

const rowsOf = (data: unknown): Row[] => (Array.isArray(data) ? (data as Row[]) : []);
const Empty = ({ text }: { text?: string }) => <p className="dashboard-empty">{text ?? '暂无数据'}</p>;

function StatsPanel(props: PanelRendererProps) {
  return <StatGrid items={items(props)} />;
}

function FieldsPanel(props: PanelRendererProps) {
  return <FieldList items={items(props)} />;
}

function ListPanel({ panel, data, open }: PanelRendererProps) {
  const rows = rowsOf(data);
  if (rows.length === 0) return <Empty text={panel.empty} />;
  const tag = (row: Row) => {
    if (!panel.tagField) return undefined;
    const code = String(pickPath(row, panel.tagField) ?? '');
    return panel.tagMap?.[code] ?? code;
  };
  return (
    <RowList
      rows={rows.map((row, index) => {
        const path = linkOf(panel.link, row);
        return {
          key: String(row.id ?? index),
          title: String(pickPath(row, panel.titleField ?? 'title') ?? ''),
          time: panel.timeField ? String(pickPath(row, panel.timeField) ?? '') : undefined,
          tag: tag(row),
          onOpen: path ? () => open({ path }) : undefined,
        };
      })}
    />
  );
}

function AppsPanel({ panel, data, open }: PanelRendererProps) {
  const rows = rowsOf(data);
  if (rows.length === 0) return <Empty text={panel.empty} />;
  return (
    <AppLinks
      apps={rows.map((row) => ({ key: String(row.id), name: String(pickPath(row, panel.titleField ?? 'name') ?? '') }))}
      onOpen={(key) => {
        const app = rows.find((row) => String(row.id) === key);
        if (app) open({ app });
      }}
    />
  );
}

function CardsPanel({ panel, data, open }: PanelRendererProps) {
  const rows = rowsOf(data);
  if (rows.length === 0) return <Empty text={panel.empty} />;
  const text = (row: Row, field: string | undefined) =>
    field === undefined ? undefined : String(pickPath(row, field) ?? '') || undefined;
  return (
    <CardGrid
      cards={rows.map((row, index) => {
        const path = linkOf(panel.link, row);
        const code = text(row, panel.tagField);
        return {
          key: String(row.id ?? index),
          title: text(row, panel.titleField ?? 'name') ?? '',
          subtitle: text(row, panel.subtitleField),
          tag: code === undefined ? undefined : (panel.tagMap?.[code] ?? code),
          tagGood: panel.okField !== undefined && pickPath(row, panel.okField) === true,
          warn: panel.warnField !== undefined && pickPath(row, panel.warnField) === true,
          // Each card's fields are the panel's items read from its row.
          fields: items({ panel, data: row, open }),
          onOpen: path ? () => open({ path }) : undefined,
        };
      })}
    />
  );
}

export const panelRenderers: Record<DisplayPanelType, ComponentType<PanelRendererProps>> = {
  stats: StatsPanel,
  fields: FieldsPanel,
  list: ListPanel,
  apps: AppsPanel,
  cards: CardsPanel,
};
