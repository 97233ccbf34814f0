/**
 * The company's big screen (schemas/pages/company-screen.json): every project the caller may see, placed on the map
 * of China by its area code (china-geo.ts), with its state and the alerts it has open, and the figures over them.
 * Modules add their own figures per project through their collections (GET /api/data/<c>/by-project).
 */
import type { Db } from '../db/database.js';
import type { DataScope } from '../accounts/data-scope.js';
import { placeOf } from './china-geo.js';
import type { Projects } from './projects.js';

/** A project as the map draws it; lng and lat are null when its area code places it in no province. */
export interface ScreenProject {
  id: string;
  name: string;
  engineeringType: string;
  status: string;
  areaCode: string;
  provinceCode: string;
  provinceName: string;
  lng: number | null;
  lat: number | null;
  openAlerts: number;
}

export interface CompanyProjects {
  /** Whose projects: the caller's company, or 全部公司 for one who sees several companies. */
  company: string;
  total: number;
  /** 在建 (status 1). */
  active: number;
  /** Provinces with a project. */
  provinces: number;
  openAlerts: number;
  projects: ScreenProject[];
  /** Projects per province, most first: the map's shading. */
  byProvince: { name: string; code: string; value: number }[];
}

const ACTIVE = '1';

export async function companyProjects(db: Db, projects: Projects, scope: DataScope): Promise<CompanyProjects> {
  const visible = await projects.visible(scope);
  const ids = visible.map((project) => project.id);
  const alerts =
    ids.length === 0
      ? []
      : await db
          .selectFrom('alert')
          .select(['project_id', (eb) => eb.fn.countAll<string>().as('n')])
          .where('project_id', 'in', ids)
          .where('settled_at', 'is', null)
          .groupBy('project_id')
          .execute();
  const openOf = new Map(alerts.map((row) => [row.project_id, Number(row.n)]));
  const rows: ScreenProject[] = visible.map((project) => {
    const place = placeOf(project.area_code);
    return {
      id: project.id,
      name: project.name,
      engineeringType: project.engineering_type,
      status: project.status,
      areaCode: project.area_code ?? '',
      provinceCode: place?.provinceCode ?? '',
      provinceName: place?.provinceName ?? '',
      lng: place?.lng ?? null,
      lat: place?.lat ?? null,
      openAlerts: openOf.get(project.id) ?? 0,
    };
  });
  const perProvince = new Map<string, { name: string; code: string; value: number }>();
  for (const row of rows) {
    if (!row.provinceCode) continue;
    const entry = perProvince.get(row.provinceCode) ?? { name: row.provinceName, code: row.provinceCode, value: 0 };
    entry.value += 1;
    perProvince.set(row.provinceCode, entry);
  }
  return {
    company: await companyName(db, scope),
    total: rows.length,
    active: rows.filter((row) => row.status === ACTIVE).length,
    provinces: perProvince.size,
    openAlerts: rows.reduce((sum, row) => sum + row.openAlerts, 0),
    projects: rows,
    byProvince: [...perProvince.values()].sort((a, b) => b.value - a.value || a.code.localeCompare(b.code)),
  };
}

async function companyName(db: Db, scope: DataScope): Promise<string> {
  const companies = await db
    .selectFrom('sys_office')
    .select('name')
    .where('del_flag', '=', '0')
    .where((eb) => (scope.all ? eb('type', '=', '1') : eb('id', '=', scope.companyId ?? '')))
    .limit(2)
    .execute();
  return companies.length === 1 ? companies[0].name : '全部公司';
}
