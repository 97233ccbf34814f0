/**
 * The `projectMap` panel: the projects a call answers (`[{name, lng, lat, status, openAlerts, provinceName, ...}]`
 * at `path`) on the map of China, their provinces lit; a click on a province draws that province with its projects,
 * and 返回全国 goes back. The outlines come from the server (`options.outlines`, default GET /api/pub/geo/{code}),
 * each read once and kept. Settings in `options`: `statusMap` (stored status -> name), `statusColors` (status ->
 * colour), `typeMap` (project type -> name), `projectsPath` (where the rows sit in the data, default `projects`).
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import type { GeoOutlines, MapPoint } from '../../widgets/display/GeoMap';
import { pickPath } from '../api';
import { Loading } from '../feedback';
import type { PanelRendererProps } from '../renderers';
import type { ApiDescriptor } from '../types';
import { useApi } from '../use-api';

// The map's code is asked for as soon as this panel's is here, beside its outlines, not after them (a failed
// load is asked again by the lazy component, which then reports it).
let geoMapCode: Promise<typeof import('../../widgets/display/GeoMap')> | undefined;
const loadGeoMap = () =>
  (geoMapCode ??= import('../../widgets/display/GeoMap').catch((error: unknown) => {
    geoMapCode = undefined;
    throw error;
  }));
loadGeoMap().catch(() => undefined);
const GeoMap = lazy(loadGeoMap);

const CHINA = { code: '100000', name: '全国' };
const DEFAULT_OUTLINES: ApiDescriptor = { method: 'GET', url: '/api/pub/geo/{code}', resultPath: 'data' };
const ALARM = '#f53f3f';
const DEFAULT_COLOR = '#3ee0ff';

interface ProjectRow {
  id: string;
  name: string;
  lng: number | null;
  lat: number | null;
  status: string;
  engineeringType: string;
  provinceCode: string;
  provinceName: string;
  openAlerts: number;
}

interface MapOptions {
  outlines: ApiDescriptor;
  statusMap: Record<string, string>;
  statusColors: Record<string, string>;
  typeMap: Record<string, string>;
  projectsPath: string;
}

const stringMap = (value: unknown): Record<string, string> =>
  value && typeof value === 'object'
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};

function optionsOf(options: Record<string, unknown> | undefined): MapOptions {
  const outlines = options?.outlines as ApiDescriptor | undefined;
  return {
    outlines: outlines && typeof outlines.url === 'string' ? outlines : DEFAULT_OUTLINES,
    statusMap: stringMap(options?.statusMap),
    statusColors: stringMap(options?.statusColors),
    typeMap: stringMap(options?.typeMap),
    projectsPath: typeof options?.projectsPath === 'string' ? options.projectsPath : 'projects',
  };
}

function rowsOf(value: unknown): ProjectRow[] {
  if (!Array.isArray(value)) return [];
  return value.filter((row): row is ProjectRow => !!row && typeof row === 'object' && typeof row.name === 'string');
}

export function ProjectMapPanel({ panel, data }: PanelRendererProps) {
  const options = useMemo(() => optionsOf(panel.options), [panel.options]);
  const [area, setArea] = useState(CHINA);
  const projects = useMemo(() => rowsOf(pickPath(data, options.projectsPath)), [data, options.projectsPath]);
  const { data: outlines, error } = useApi<GeoOutlines>(
    options.outlines,
    { code: area.code },
    // Outlines never change while the screen is up: read once, never again on focus.
    { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false },
  );
  const country = area.code === CHINA.code;
  const shown = useMemo(
    () => projects.filter((row) => row.lng !== null && row.lat !== null && (country || row.provinceCode === area.code)),
    [projects, country, area.code],
  );
  const points = useMemo<MapPoint[]>(
    () =>
      shown.map((row) => ({
        key: row.id,
        name: row.name,
        lng: row.lng as number,
        lat: row.lat as number,
        color: row.openAlerts > 0 ? ALARM : (options.statusColors[row.status] ?? DEFAULT_COLOR),
        alarm: row.openAlerts > 0,
        details: [
          [options.typeMap[row.engineeringType], options.statusMap[row.status] ?? row.status]
            .filter(Boolean)
            .join(' · '),
          row.openAlerts > 0 ? `待处理提醒 ${row.openAlerts} 条` : '无待处理提醒',
        ],
      })),
    [shown, options],
  );
  // The country's provinces that hold projects, by their names on the map; in a province, its cities with one.
  const regions = useMemo(() => {
    const counts = new Map<string, number>();
    for (const row of projects)
      if (row.provinceName) counts.set(row.provinceName, (counts.get(row.provinceName) ?? 0) + 1);
    return country ? Object.fromEntries([...counts].map(([name, count]) => [name, `项目 ${count} 个`])) : {};
  }, [projects, country]);
  const codeOfProvince = useMemo(
    () => new Map(projects.filter((row) => row.provinceCode).map((row) => [row.provinceName, row.provinceCode])),
    [projects],
  );
  const drill = (name: string) => {
    if (!country) return;
    // A province with projects opens; one without has nothing to show closer.
    const code = codeOfProvince.get(name);
    if (code) setArea({ code, name });
  };
  const legend = Object.entries(options.statusMap).filter(([status]) => projects.some((row) => row.status === status));
  return (
    <div className="project-map" data-testid="project-map" data-area={area.code}>
      <div className="project-map-bar">
        <span className="project-map-area" data-testid="project-map-area">
          {country ? '全国项目分布' : `${area.name}项目分布`}
        </span>
        <ul className="project-map-legend">
          {legend.map(([status, label]) => (
            <li key={status}>
              <i style={{ background: options.statusColors[status] ?? DEFAULT_COLOR }} />
              {label}
            </li>
          ))}
          <li>
            <i style={{ background: ALARM }} />
            有待处理提醒
          </li>
        </ul>
        {country && (
          // The provinces with projects as buttons too: a keyboard reaches them, a canvas region it cannot.
          <ul className="project-map-provinces">
            {[...codeOfProvince.keys()].map((name) => (
              <li key={name}>
                <button type="button" onClick={() => drill(name)} data-testid={`project-map-province-${name}`}>
                  {name}
                </button>
              </li>
            ))}
          </ul>
        )}
        {!country && (
          <button
            type="button"
            className="project-map-back"
            onClick={() => setArea(CHINA)}
            data-testid="project-map-back"
          >
            返回全国
          </button>
        )}
      </div>
      {error ? (
        <p className="dashboard-empty">地图加载失败</p>
      ) : !outlines ? (
        <Loading />
      ) : (
        <Suspense fallback={<Loading />}>
          <GeoMap
            mapName={country ? 'china' : `province-${area.code}`}
            outlines={outlines}
            points={points}
            regions={regions}
            pointNames={!country || points.length <= 12}
            label={`${country ? '全国' : area.name}项目分布：${shown.map((row) => row.name).join('，') || '暂无项目'}`}
            onRegion={drill}
          />
        </Suspense>
      )}
    </div>
  );
}
