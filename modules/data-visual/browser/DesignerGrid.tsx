/**
 * The dashboard's grid in the designer (react-grid-layout 2): six columns as on the dashboard, each chart a card
 * dragged by its title bar and resized from its corner. Positions come from the charts' order and sizes
 * (grid-placement.ts), and what the user leaves is turned back into them, so the grid shows what the released
 * dashboard will.
 */
import { Button, Popconfirm } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Popconfirm/style/css.js';
import { useRef } from 'react';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { ChartDrawing } from './ChartDrawing';
import { fromLayout, placePanels } from './grid-placement';
import { GRID_COLUMNS, GRID_ROW_HEIGHT, WIDGET_TITLES, type ChartPanel } from './ldview-types';

const MARGIN = 12;

export interface DesignerGridProps {
  panels: ChartPanel[];
  projectId: string;
  editingId?: string;
  onArrange: (panels: ChartPanel[]) => void;
  onEdit: (panel: ChartPanel) => void;
  onRemove: (panel: ChartPanel) => void;
}

export function DesignerGrid({ panels, projectId, editingId, onArrange, onEdit, onRemove }: DesignerGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const layout = placePanels(panels, GRID_COLUMNS).map((item) => ({ ...item, minW: 1, maxW: GRID_COLUMNS, maxH: 3 }));
  const arrange = (next: Layout) => onArrange(fromLayout(panels, next));
  // The layout of the last resize step: what the user let go of, whatever the stop event carries.
  const resized = useRef<Layout | null>(null);
  return (
    <div ref={containerRef} className="ldview-grid" data-testid="ldview-grid">
      {panels.length === 0 && (
        <p className="ldview-grid-empty">在左侧选择数据集、图表类型、维度和指标，点“添加到看板”放到这里</p>
      )}
      {mounted && (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: GRID_COLUMNS, rowHeight: GRID_ROW_HEIGHT, margin: [MARGIN, MARGIN] }}
          dragConfig={{ handle: '.ldview-card-handle', cancel: '.ldview-card-actions' }}
          resizeConfig={{ handles: ['se'] }}
          onDragStop={arrange}
          onResize={(next) => (resized.current = next)}
          onResizeStop={(next) => {
            arrange(resized.current ?? next);
            resized.current = null;
          }}
        >
          {panels.map((panel) => (
            <div
              key={panel.id}
              className={panel.id === editingId ? 'ldview-card ldview-card-editing' : 'ldview-card'}
              data-testid={`ldview-card-${panel.id}`}
              data-span={panel.span}
              data-row-span={panel.rowSpan}
            >
              <header className="ldview-card-handle" title="拖动可调整位置">
                <span className="ldview-card-title">{panel.title}</span>
                <span className="ldview-card-type">{WIDGET_TITLES[panel.widget]}</span>
                <span className="ldview-card-actions">
                  <Button size="mini" type="text" onClick={() => onEdit(panel)}>
                    修改
                  </Button>
                  <Popconfirm title="确定从看板移除这个图表吗？" onOk={() => onRemove(panel)}>
                    <Button size="mini" type="text" status="danger">
                      移除
                    </Button>
                  </Popconfirm>
                </span>
              </header>
              <div className="ldview-card-body">
                <ChartDrawing panel={panel} projectId={projectId} />
              </div>
            </div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}
