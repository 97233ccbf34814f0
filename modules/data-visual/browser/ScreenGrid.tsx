/**
 * A big screen's grid in the designer (react-grid-layout 2): the screen's columns, and rows that share a 16:9 frame
 * as they share the screen's 1080 pixels (so the cards have the screen's proportions). Positions come from the
 * panels' order and sizes (grid-placement.ts, CSS grid's own placement, which the screen uses), and what the user
 * leaves is turned back into them. A chart of a data set is drawn from its figures in the designer's project; a
 * module's panel shows what it is (it draws live on the screen).
 */
import { Button, Popconfirm } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Popconfirm/style/css.js';
import { useRef } from 'react';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { ChartDrawing } from './ChartDrawing';
import { fromLayout, placePanels } from './grid-placement';
import { chartOf, WIDGET_TITLES, type ChartWidget, type ScreenPanel } from './ldview-types';

const MARGIN = 10;
/** The screen's title bar, of its 1080 pixels. */
const BAR_SHARE = 72 / 1080;

/** What a module's panel type draws, in words. */
const PANEL_KINDS: Record<string, string> = {
  gauge: '仪表盘',
  stats: '指标卡',
  fields: '信息栏',
  list: '列表',
  cards: '卡片',
  table: '表格',
  projectMap: '项目地图',
  apps: '应用入口',
};

export const kindOf = (panel: ScreenPanel) =>
  chartOf(panel)
    ? `数据集图表 · ${WIDGET_TITLES[panel.widget as ChartWidget]}`
    : `模块面板 · ${PANEL_KINDS[panel.widget] ?? WIDGET_TITLES[panel.widget as ChartWidget] ?? panel.widget}`;

export interface ScreenGridProps {
  panels: ScreenPanel[];
  columns: number;
  projectId: string;
  editingId?: string;
  onArrange: (panels: ScreenPanel[]) => void;
  onEdit: (panel: ScreenPanel) => void;
  onRemove: (panel: ScreenPanel) => void;
}

export function ScreenGrid({ panels, columns, projectId, editingId, onArrange, onEdit, onRemove }: ScreenGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const placed = placePanels(panels, columns);
  const rows = Math.max(1, ...placed.map((item) => item.y + item.h));
  const frame = width * (9 / 16) * (1 - BAR_SHARE);
  const rowHeight = Math.max(60, Math.floor((frame - MARGIN * (rows + 1)) / rows));
  const layout = placed.map((item) => ({ ...item, minW: 1, maxW: columns, maxH: 6 }));
  const arrange = (next: Layout) => onArrange(fromLayout(panels, next));
  const resized = useRef<Layout | null>(null);
  return (
    <div ref={containerRef} className="ldview-grid ldview-screen-grid" data-testid="ldview-screen-grid">
      {mounted && (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: columns, rowHeight, margin: [MARGIN, MARGIN] }}
          dragConfig={{ handle: '.ldview-card-handle', cancel: '.ldview-card-actions' }}
          resizeConfig={{ handles: ['se'] }}
          onDragStop={arrange}
          onResize={(next) => (resized.current = next)}
          onResizeStop={(next) => {
            arrange(resized.current ?? next);
            resized.current = null;
          }}
        >
          {panels.map((panel) => {
            const chart = chartOf(panel);
            return (
              <div
                key={panel.id}
                className={panel.id === editingId ? 'ldview-card ldview-card-editing' : 'ldview-card'}
                data-testid={`ldview-card-${panel.id}`}
                data-span={panel.span}
                data-row-span={panel.rowSpan}
              >
                <header className="ldview-card-handle" title="拖动可调整位置">
                  <span className="ldview-card-title" title={panel.title}>
                    {panel.title}
                  </span>
                  <span className="ldview-card-actions">
                    {chart && (
                      <Button size="mini" type="text" onClick={() => onEdit(panel)}>
                        修改
                      </Button>
                    )}
                    <Popconfirm title="确定从大屏移除这个面板吗？" onOk={() => onRemove(panel)}>
                      <Button size="mini" type="text" status="danger">
                        移除
                      </Button>
                    </Popconfirm>
                  </span>
                </header>
                <div className="ldview-card-body">
                  {chart ? (
                    <ChartDrawing panel={chart} projectId={projectId} />
                  ) : (
                    <p className="ldview-screen-panel-kind">{kindOf(panel)}</p>
                  )}
                </div>
              </div>
            );
          })}
        </GridLayout>
      )}
    </div>
  );
}
