/**
 * A map drawn by Apache ECharts from GeoJSON the server ships (no online tiles: a customer's intranet reaches none),
 * with points on it (projects), regions that hold points lit, and a click on a region reported (to drill down).
 * Drawn on a canvas, which is faster than SVG for thousands of outline vertices, at the stage's scale so an enlarged
 * big screen stays sharp. Its own chunk with only the map parts of ECharts, loaded by a screen that shows a map.
 *
 * A country map must be registered as `china`: ECharts then adds the South China Sea islands' inset (南海诸岛) and
 * the Diaoyu Islands to Taiwan, which the country GeoJSON lacks and a map of China must show.
 */
import { useEffect, useRef } from 'react';
import { init, registerMap, use, type EChartsType } from 'echarts/core';
import { EffectScatterChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useStageScale } from './ScreenStage';

use([ScatterChart, EffectScatterChart, GeoComponent, TooltipComponent, CanvasRenderer]);

/** GeoJSON as ECharts' registerMap takes it. */
export type GeoOutlines = Parameters<typeof registerMap>[1];

export interface MapPoint {
  key: string;
  name: string;
  lng: number;
  lat: number;
  color: string;
  /** Drawn with a ripple: it needs attention (open alerts). */
  alarm: boolean;
  /** Lines of the point's tooltip (plain text). */
  details: string[];
}

export interface GeoMapProps {
  /** `china` for the country (see above), any other name for a province. */
  mapName: string;
  outlines: GeoOutlines;
  points: readonly MapPoint[];
  /** Region name -> what its tooltip says (a count of projects); these regions are lit. */
  regions: Readonly<Record<string, string>>;
  /** Names beside the points (a province's few projects), or only in their tooltips (the whole country). */
  pointNames: boolean;
  /** A text alternative for screen readers. */
  label: string;
  onRegion?: (name: string) => void;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface PointDatum {
  name: string;
  value: [number, number];
  details: string[];
  itemStyle: { color: string };
}

function pointData(points: readonly MapPoint[]): PointDatum[] {
  return points.map((point) => ({
    name: point.name,
    value: [point.lng, point.lat],
    details: point.details,
    itemStyle: { color: point.color },
  }));
}

export default function GeoMap(props: GeoMapProps) {
  const { mapName, outlines, points, regions, pointNames, label, onRegion } = props;
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const scale = useStageScale();
  const onRegionRef = useRef(onRegion);
  onRegionRef.current = onRegion;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // The stage enlarges the canvas by `scale`: draw that many more pixels so the outlines stay crisp.
    const instance = init(element, 'dark', {
      renderer: 'canvas',
      locale: 'ZH',
      devicePixelRatio: (window.devicePixelRatio || 1) * Math.max(1, scale),
    });
    chart.current = instance;
    instance.on('click', (params) => {
      if (params.componentType === 'geo' && params.name) onRegionRef.current?.(params.name);
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [scale]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    registerMap(mapName, outlines);
    const calm = points.filter((point) => !point.alarm);
    const alarmed = points.filter((point) => point.alarm);
    const pointLabel = {
      show: pointNames,
      formatter: '{b}',
      position: 'right' as const,
      color: '#e6f1ff',
      fontSize: 14,
      textBorderColor: '#05122b',
      textBorderWidth: 3,
    };
    instance.setOption(
      {
        backgroundColor: 'transparent',
        tooltip: {
          trigger: 'item',
          formatter: (params: unknown) => {
            const item = params as { componentType: string; name: string; data?: { details?: string[] } };
            if (item.componentType === 'geo') {
              const said = regions[item.name];
              return said ? `${escapeHtml(item.name)}<br/>${escapeHtml(said)}` : escapeHtml(item.name);
            }
            return [item.name, ...(item.data?.details ?? [])].map(escapeHtml).join('<br/>');
          },
        },
        geo: {
          map: mapName,
          roam: false,
          top: 8,
          bottom: 8,
          left: 8,
          right: 8,
          label: { show: false },
          itemStyle: { areaColor: '#0a2552', borderColor: 'rgba(62, 224, 255, 0.55)', borderWidth: 1 },
          emphasis: {
            label: { show: true, color: '#ffffff', fontSize: 14 },
            itemStyle: { areaColor: '#1f63c6' },
          },
          select: { disabled: true },
          regions: Object.keys(regions).map((name) => ({
            name,
            itemStyle: { areaColor: '#16509f', borderColor: '#3ee0ff' },
          })),
        },
        series: [
          {
            type: 'scatter',
            coordinateSystem: 'geo',
            symbolSize: 14,
            label: pointLabel,
            data: pointData(calm),
            zlevel: 1,
          },
          {
            type: 'effectScatter',
            coordinateSystem: 'geo',
            symbolSize: 16,
            rippleEffect: { scale: 3.5, brushType: 'stroke' },
            label: pointLabel,
            data: pointData(alarmed),
            zlevel: 1,
          },
        ],
      },
      { notMerge: true },
    );
  }, [mapName, outlines, points, regions, pointNames, scale]);

  return <div ref={box} className="geo-map" role="img" aria-label={label} data-testid="geo-map" />;
}
