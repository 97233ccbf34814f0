/**
 * Idempotent seed, run at every start: reference data (menus, dictionaries, system roles) always, the demo
 * company, projects, base config, demo roles and users when PORTAL_DEMO=1. Process files seed version 1 of their
 * definitions; demo approvals are made by the engine itself (workflow/demo.ts). Rows have stable ids and are inserted with
 * `on conflict do nothing`, so running it again changes nothing and keeps what administrators edited.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database.js';
import { sql, type Insertable } from 'kysely';
import type { NewMenu, NewOffice, SysAreaTable } from '../db/tables.js';
import { ROOT_PARENT } from '../admin/tree.js';
import { GATEWAY_ROOT_ID } from '../portal/menus.js';
import { schemasDir } from '../paths.js';
import { hashPassword } from '../accounts/passwords.js';
import { withModuleMenus, type PortalModule } from '../modules/module-files.js';
import { seedModuleDemo } from './module-demo.js';
import { seedPortalDemo } from './portal-demo.js';
import { loadProcessFiles, ProcessDefinitions } from '../workflow/definitions.js';
import { moduleDemoApprovals } from '../modules/module-plugins.js';
import { seedWorkflowDemo } from '../workflow/demo.js';
import {
  loadSeedFile,
  type AreaSeed,
  type DemoSeedFile,
  type MenuGrant,
  type MenuSeedItem,
  type OfficeSeed,
  type RoleSeed,
} from './seed-files.js';

export interface SeedOptions {
  demo: boolean;
  /** Modules whose menus and demo records are seeded too. */
  modules?: readonly PortalModule[];
}

interface FlatMenu {
  row: NewMenu;
  ancestors: string[];
}

/** Where a node of a seed tree sits: its parent, and the ids from the root down to that parent. */
function treePosition(ancestors: string[]): { parent_id: string; parent_ids: string } {
  return {
    parent_id: ancestors.at(-1) ?? ROOT_PARENT,
    parent_ids: [ROOT_PARENT, ...ancestors].join(',') + ',',
  };
}

function flattenMenus(items: MenuSeedItem[], ancestors: string[] = []): FlatMenu[] {
  const position = treePosition(ancestors);
  return items.flatMap((item, index) => [
    {
      ancestors,
      row: {
        id: item.id,
        ...position,
        name: item.name,
        sort: item.sort ?? (index + 1) * 10,
        href: item.href ?? null,
        vue_route: item.vueRoute ?? null,
        vue_route_alias: item.vueRouteAlias ?? null,
        target: item.target ?? null,
        icon: item.icon ?? null,
        highlight_icon: item.highlightIcon ?? null,
        is_show: item.isShow ?? '1',
        permission: item.permission ?? null,
        third_party_url: item.thirdPartyUrl ?? null,
        special_logo: item.specialLogo ?? null,
        icon_color: item.iconColor ?? null,
        title_color: item.titleColor ?? null,
        remarks: item.remarks ?? null,
        click_flag: item.clickFlag ?? '0',
        project_types: item.projectTypes ?? null,
        module: item.module ?? null,
      },
    },
    ...flattenMenus(item.children ?? [], [...ancestors, item.id]),
  ]);
}

function flattenOffices(office: OfficeSeed, ancestors: string[] = []): NewOffice[] {
  const row: NewOffice = {
    id: office.id,
    ...treePosition(ancestors),
    name: office.name,
    english_name: office.englishName ?? null,
    simple_name: office.simpleName ?? null,
    type: office.type,
    grade: office.grade ?? null,
    code: office.code,
    sort: office.sort ?? 0,
    area_id: office.areaId ?? null,
    address: office.address ?? null,
    zip_code: office.zipCode ?? null,
    master: office.master ?? null,
    phone: office.phone ?? null,
    fax: office.fax ?? null,
    email: office.email ?? null,
    remarks: office.remarks ?? null,
  };
  return [
    row,
    ...(office.children ?? []).flatMap((child, i) =>
      flattenOffices({ sort: (i + 1) * 10, ...child }, [...ancestors, office.id]),
    ),
  ];
}

function flattenAreas(area: AreaSeed, ancestors: string[] = [], sort = 10): Insertable<SysAreaTable>[] {
  const row: Insertable<SysAreaTable> = {
    id: area.id,
    ...treePosition(ancestors),
    name: area.name,
    code: area.code ?? null,
    type: area.type,
    sort,
    remarks: null,
  };
  return [
    row,
    ...(area.children ?? []).flatMap((child, i) => flattenAreas(child, [...ancestors, area.id], (i + 1) * 10)),
  ];
}

/** Menu ids a grant covers (see schemas/meta/demo-seed.json). */
export function grantedMenuIds(grant: MenuGrant, menus: FlatMenu[]): string[] {
  const inSubtrees = (roots: string[] | undefined) => {
    const set = new Set(roots ?? []);
    return menus
      .filter((m) => set.has('*') || set.has(m.row.id) || m.ancestors.some((a) => set.has(a)))
      .map((m) => m.row.id);
  };
  const except = new Set(inSubtrees(grant.exceptSubtrees));
  const granted = new Set(inSubtrees(grant.subtrees).filter((id) => !except.has(id)));
  for (const id of inSubtrees(grant.alsoSubtrees)) granted.add(id);
  for (const m of menus) if (granted.has(m.row.id)) for (const a of m.ancestors) granted.add(a);
  return menus.map((m) => m.row.id).filter((id) => granted.has(id));
}

function roleRow(r: RoleSeed) {
  return {
    id: r.id,
    name: r.name,
    enname: r.enname,
    office_id: r.officeId ?? null,
    is_sys: r.isSys ?? '0',
    useable: r.useable ?? '1',
    data_scope: r.dataScope ?? null,
    role_type: r.roleType ?? null,
    remarks: r.remarks ?? null,
  };
}

/**
 * The system roles of schemas/seed/roles.json (administrator, company manager, personal user), which the initial
 * administrator and self-registration need with or without demo data. Their menus are granted when a role is
 * created, never again, so an administrator who narrows a role keeps it that way.
 */
async function seedSystemRoles(db: Db, menus: FlatMenu[], freshMenus: ReadonlySet<string>): Promise<void> {
  const { roles } = loadSeedFile('role-seed', 'roles.json');
  const created = await db
    .insertInto('sys_role')
    .values(roles.map(roleRow))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  const fresh = new Set(created.map((row) => row.id));
  // A menu shipped by an update (inserted by this run) also reaches the existing roles whose rule covers it, once:
  // e.g. a new permission item under 系统管理 reaches the administrator of an existing install.
  const grants = roles.flatMap((r) =>
    grantedMenuIds(r.menus, menus)
      .filter((menuId) => fresh.has(r.id) || freshMenus.has(menuId))
      .map((menuId) => ({ role_id: r.id, menu_id: menuId })),
  );
  if (grants.length > 0)
    await db
      .insertInto('sys_role_menu')
      .values(grants)
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/** The menu tree of menus.json with the modules' menu records in place. */
function seedMenus(modules: readonly PortalModule[]): FlatMenu[] {
  return flattenMenus(withModuleMenus(loadSeedFile('menu-seed', 'menus.json').menus, modules));
}

/** A target that names a screen: a page file, or the workbench (src/app/screens/screens.tsx). */
const SCREEN_TARGET = /^(?:(?:page|system)\/[a-z][a-zA-Z0-9-]*|work-bench)$/;

/**
 * Menus of an existing database that still point at a screen not built yet (a placeholder target such as
 * `process/todo`, which shows 该功能暂未开放) take the screen their seed record names now, and the permission it
 * names when they have none (a placeholder had none; a module's screen needs its view permission). A target an
 * administrator pointed at a real screen is never touched, so the seed only opens screens that were closed.
 */
async function openBuiltScreens(db: Db, menus: readonly FlatMenu[]): Promise<void> {
  for (const { row } of menus) {
    if (!row.target || !SCREEN_TARGET.test(row.target)) continue;
    await db
      .updateTable('sys_menu')
      .set({
        target: row.target,
        ...(row.permission ? { permission: sql<string>`coalesce(nullif(permission, ''), ${row.permission})` } : {}),
      })
      .where('id', '=', row.id)
      .where((eb) =>
        eb.or([
          eb('target', 'is', null),
          eb.and([
            eb('target', 'not like', 'page/%'),
            eb('target', 'not like', 'system/%'),
            eb('target', '<>', 'work-bench'),
          ]),
        ]),
      )
      .execute();
  }
}

/**
 * Each module's menus marked as its own (menus a module took over from an older seed included), and the menus of a
 * module whose folder was removed deleted, with their role grants and common apps: no menu leads to a screen that
 * is gone. Menus an administrator made carry no module and stay.
 */
async function pruneModuleMenus(db: Db, menus: readonly FlatMenu[], modules: readonly PortalModule[]): Promise<void> {
  for (const module of modules) {
    const ids = menus.filter((menu) => menu.row.module === module.manifest.id).map((menu) => menu.row.id);
    if (ids.length > 0)
      await db
        .updateTable('sys_menu')
        .set({ module: module.manifest.id })
        .where('id', 'in', ids)
        .where((eb) => eb.or([eb('module', 'is', null), eb('module', '<>', module.manifest.id)]))
        .execute();
  }
  const present = modules.map((module) => module.manifest.id);
  await db
    .deleteFrom('sys_menu')
    .where('module', 'is not', null)
    .$if(present.length > 0, (query) => query.where('module', 'not in', present))
    .execute();
}

export async function seedReferenceData(db: Db, modules: readonly PortalModule[] = []): Promise<void> {
  const menus = seedMenus(modules);
  if (!menus.some((m) => m.row.id === GATEWAY_ROOT_ID))
    throw new Error(`menus.json needs the gateway root "${GATEWAY_ROOT_ID}"`);
  const insertedMenus = await db
    .insertInto('sys_menu')
    .values(menus.map((m) => m.row))
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  await openBuiltScreens(db, menus);
  await pruneModuleMenus(db, menus, modules);

  const dictionaries = [
    ...loadSeedFile('dictionary-seed', 'dictionaries.json').dictionaries,
    ...modules.flatMap((module) => module.manifest.dictionaries ?? []),
  ];
  const rows = dictionaries.flatMap((dict) =>
    dict.entries.map((entry, index) => ({
      id: `dict-${dict.type}-${entry.value}`,
      type: dict.type,
      label: entry.label,
      value: entry.value,
      sort: index + 1,
      description: dict.description ?? null,
      remarks: entry.remarks ?? null,
    })),
  );
  await db
    .insertInto('sys_dict')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await seedSystemRoles(db, menus, new Set(insertedMenus.map((m) => m.id)));
}

export async function seedDemoData(db: Db, modules: readonly PortalModule[] = []): Promise<void> {
  const demo = loadSeedFile('demo-seed', 'demo.json');
  const menus = seedMenus(modules);

  await db
    .insertInto('sys_office')
    .values(flattenOffices(demo.company))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const areas = (demo.areas ?? []).flatMap((area, i) => flattenAreas(area, [], (i + 1) * 10));
  if (areas.length > 0) {
    await db
      .insertInto('sys_area')
      .values(areas)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  await db
    .insertInto('project')
    .values(
      demo.projects.map((p) => ({
        id: p.id,
        office_id: p.officeId,
        name: p.name,
        engineering_type: p.engineeringType,
        status: p.status,
        area_code: p.areaCode ?? null,
        code: p.code ?? null,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const c = demo.baseConfig;
  await db
    .insertInto('base_config')
    .values({
      id: c.id,
      name: c.name,
      title_logo: c.titleLogo,
      project_logo: c.projectLogo,
      version: c.version,
      support: c.support,
      default_menu: c.defaultMenu,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  if (demo.roles.length > 0)
    await db
      .insertInto('sys_role')
      .values(demo.roles.map(roleRow))
      .onConflict((oc) => oc.doNothing())
      .execute();
  const grants = demo.roles.flatMap((r) =>
    grantedMenuIds(r.menus, menus).map((menuId) => ({ role_id: r.id, menu_id: menuId })),
  );
  if (grants.length > 0)
    await db
      .insertInto('sys_role_menu')
      .values(grants)
      .onConflict((oc) => oc.doNothing())
      .execute();

  const existing = new Set(
    (
      await db
        .selectFrom('sys_user')
        .select('id')
        .where(
          'id',
          'in',
          demo.users.map((u) => u.id),
        )
        .execute()
    ).map((u) => u.id),
  );
  for (const u of demo.users.filter((user) => !existing.has(user.id))) {
    await db
      .insertInto('sys_user')
      .values({
        id: u.id,
        login_name: u.loginName,
        name: u.name,
        password_hash: await hashPassword(u.password),
        mobile: u.mobile,
        email: u.email ?? null,
        phone: u.phone ?? null,
        no: u.no ?? null,
        office_id: u.officeId,
        company_id: u.companyId,
        user_type: u.userType ?? null,
        password_must_change: u.passwordMustChange ?? false,
        password_changed_at: new Date(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const userRoles = demo.users.flatMap((u) => u.roles.map((roleId) => ({ user_id: u.id, role_id: roleId })));
  await db
    .insertInto('sys_user_role')
    .values(userRoles)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function runSeed(db: Db, options: SeedOptions): Promise<void> {
  const modules = options.modules ?? [];
  await seedReferenceData(db, modules);
  // The process files are version 1 of their definitions, with or without demo data.
  await ProcessDefinitions.seed(db, loadProcessFiles(modules));
  await ProcessDefinitions.seedOwners(
    db,
    new Map(modules.flatMap((module) => module.processes.map((file) => [file.id, module.manifest.id] as const))),
  );
  if (options.demo) {
    await seedDemoData(db, modules);
    await seedPortalDemo(db, modules);
    await seedModuleDemo(db, modules);
    const moduleApprovals = await Promise.all(modules.map((module) => moduleDemoApprovals(module)));
    await seedWorkflowDemo(
      db,
      modules.flatMap((module) => module.collections),
      moduleApprovals.flat(),
    );
  }
}

/** The demo accounts, for the start-up banner: read as they are (the seed checks the file when it runs). */
export function demoAccounts(): { loginName: string; password: string; name: string; mobile: string }[] {
  const demo = JSON.parse(readFileSync(path.join(schemasDir, 'seed', 'demo.json'), 'utf8')) as DemoSeedFile;
  return demo.users.map(({ loginName, password, name, mobile }) => ({ loginName, password, name, mobile }));
}
