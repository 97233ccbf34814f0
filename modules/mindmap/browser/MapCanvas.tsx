/**
 * mind-elixir on a React element: the map drawn and, when editable, edited in place (add a child with Tab, a
 * sibling with Enter, edit with F2 or a double click, Delete, drag a node onto another, fold a branch, Ctrl+Z and
 * Ctrl+Y; a right click offers the same in Chinese). Every change of the data (an operation, a fold, an undo or
 * redo) is told through `onChange`; the handle gives the editor's buttons the same commands. This file is the only
 * one that imports mind-elixir, and only the mind-map pages import it, so the library's code loads with them.
 */
import MindElixir, { type MindElixirData, type MindElixirInstance } from 'mind-elixir';
import { cn } from 'mind-elixir/i18n';
import 'mind-elixir/style.css';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { MapData } from './map-api';
import { mapPicture } from './map-picture';
import './mindmap.css';

export interface MapCanvasHandle {
  data(): MapData;
  undo(): void;
  redo(): void;
  addChild(): void;
  addSibling(): void;
  remove(): void;
  /** Folds or unfolds every branch below the root. */
  expandAll(expanded: boolean): void;
  fit(): void;
  /** Shows other data (a reload after a conflict) and forgets the undo history. */
  replace(data: MapData): void;
  png(): Promise<Blob>;
}

interface MapCanvasProps {
  data: MapData;
  editable: boolean;
  onChange?: () => void;
  /** Tells what a command could not do (no node chosen). */
  onHint?: (message: string) => void;
  label: string;
}

/** The toolbar mind-elixir draws in the map's corners, with Chinese names. */
const TOOL_NAMES: Record<string, string> = {
  fullscreen: '全屏',
  toCenter: '回到中心',
  zoomout: '缩小',
  zoomin: '放大',
  tbltl: '全部向左展开',
  tbltr: '全部向右展开',
  tblts: '左右两侧展开',
};

const THEME = {
  ...MindElixir.THEME,
  name: '门户',
  palette: [
    '#165dff',
    '#0fc6c2',
    '#ff7d00',
    '#722ed1',
    '#00b42a',
    '#f53f3f',
    '#3491fa',
    '#f7ba1e',
    '#d91ad9',
    '#86909c',
  ],
  cssVar: {
    ...MindElixir.THEME.cssVar,
    '--root-bgcolor': '#165dff',
    '--root-color': '#ffffff',
    '--root-border-color': '#165dff',
    '--selected': '#ff7d00',
    '--bgcolor': '#f7f8fa',
  },
};

export const MapCanvas = forwardRef<MapCanvasHandle, MapCanvasProps>(function MapCanvas(
  { data, editable, onChange, onHint, label },
  ref,
) {
  const element = useRef<HTMLDivElement>(null);
  const mind = useRef<MindElixirInstance | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const instance = new MindElixir({
      el,
      direction: MindElixir.SIDE,
      editable,
      contextMenu: editable ? { locale: cn, focus: true, link: true } : false,
      toolBar: true,
      keypress: editable,
      allowUndo: editable,
      newTopicName: '新节点',
      theme: THEME,
      scaleMin: 0.2,
      scaleMax: 2,
    });
    instance.init(data as MindElixirData);
    // A map larger than its window opens fitted to it, the whole map in view (not below a readable size).
    requestAnimationFrame(() => {
      if (mind.current !== instance) return;
      const { width, height } = instance.container.getBoundingClientRect();
      if (instance.nodes.offsetWidth > width || instance.nodes.offsetHeight > height) {
        instance.scaleFit();
        if (instance.scaleVal < 0.6) instance.scale(0.6);
        instance.toCenter();
      }
    });
    for (const [id, name] of Object.entries(TOOL_NAMES)) {
      const button = el.querySelector(`#${id}`);
      button?.setAttribute('title', name);
      button?.setAttribute('aria-label', name);
      button?.setAttribute('role', 'button');
    }
    const tell = () => changed.current?.();
    instance.bus.addListener('operation', (operation) => {
      if (operation.name !== 'beginEdit') tell();
    });
    instance.bus.addListener('expandNode', tell);
    instance.bus.addListener('changeDirection', tell);
    // Undo and redo redraw the map without an operation event (by the keyboard too: it calls these).
    const { undo, redo } = instance;
    instance.undo = function () {
      undo.call(this);
      tell();
    };
    instance.redo = function () {
      redo.call(this);
      tell();
    };
    mind.current = instance;
    return () => {
      mind.current = null;
      instance.destroy();
    };
    // The map is made once per mount; new data comes through the handle's replace().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useImperativeHandle(ref, (): MapCanvasHandle => {
    const current = () => {
      if (!mind.current) throw new Error('思维导图尚未加载');
      return mind.current;
    };
    const chosen = () => current().currentNode ?? undefined;
    const root = () => current().findEle(current().nodeData.id);
    return {
      data: () => current().getData() as unknown as MapData,
      undo: () => current().undo(),
      redo: () => current().redo(),
      addChild: () => void current().addChild(chosen() ?? root()),
      addSibling: () => {
        const node = chosen();
        if (!node || !node.nodeObj.parent) return onHint?.('请先选择一个非中心主题的节点');
        void current().insertSibling('after', node);
      },
      remove: () => {
        const nodes = current().currentNodes.filter((node) => node.nodeObj.parent);
        if (nodes.length === 0) return onHint?.('请先选择要删除的节点（中心主题不能删除）');
        void current().removeNodes(nodes);
      },
      expandAll: (expanded) => {
        const map = current();
        for (const child of map.nodeData.children ?? []) map.expandNodeAll(map.findEle(child.id), expanded);
        map.toCenter();
        changed.current?.();
      },
      fit: () => current().scaleFit(),
      replace: (next) => {
        const map = current();
        map.refresh(next as MindElixirData);
        map.clearHistory?.();
      },
      png: () => {
        const map = current();
        return mapPicture(map.nodes, map.scaleVal, THEME.cssVar['--bgcolor']);
      },
    };
  }, [onHint]);

  return (
    <div ref={element} className="mindmap-canvas" role="application" aria-label={label} data-testid="mindmap-canvas" />
  );
});
