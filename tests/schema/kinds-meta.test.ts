/**
 * The TypeScript types of the schema kinds (src/engine/types.ts) and the meta-schemas (schemas/meta/*.json) cannot
 * drift: for each kind, an object naming every member of the type (the compiler rejects a missing or an extra one)
 * must name exactly the properties its meta-schema allows; enums are compared the same way. A member added on
 * one side only fails `npm run typecheck` or this test.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../src/engine/built-in-kinds';
import { pageKindOf } from '../../src/engine/pages';
import type {
  ApprovalAction,
  ApprovalPageFile,
  ProcessesPageFile,
  CrudColumn,
  CrudPageFile,
  CustomPageFile,
  DetailLinkAction,
  DetailStepAction,
  DetailListAction,
  DetailListDelete,
  DetailPageFile,
  DetailRelatedList,
  DashboardItem,
  DashboardPageFile,
  DashboardPanel,
  DialogSchemaFile,
  FormSchemaFile,
  PageKind,
  PageTab,
  CorePanelType,
  SheetPageFile,
  SheetRowField,
  TabsPageFile,
  WizardSchemaFile,
  WizardStep,
} from '../../src/engine/types';

type Json = { [key: string]: Json } & Json[];
const meta = (name: string) => JSON.parse(readFileSync(`schemas/meta/${name}.json`, 'utf8')) as Json;

/** Every member of T, each exactly once: the compiler checks the object literal against `keyof T`. */
type Members<T> = Record<keyof Required<T>, true>;
const names = <T>(members: Members<T>) => Object.keys(members).sort();
const allowed = (properties: Json) =>
  Object.keys(properties)
    .filter((key) => key !== '$schema')
    .sort();

const crud: Members<CrudPageFile> = {
  kind: true,
  id: true,
  title: true,
  description: true,
  rowKey: true,
  permission: true,
  search: true,
  list: true,
  columns: true,
  tree: true,
  create: true,
  edit: true,
  delete: true,
  rowActions: true,
  detail: true,
  export: true,
  import: true,
  toolbarActions: true,
};
const crudColumn: Members<CrudColumn> = {
  field: true,
  title: true,
  width: true,
  format: true,
  map: true,
  listField: true,
  hideBelow: true,
  warn: true,
  open: true,
  emphasis: true,
  tags: true,
};
const crudList: Members<CrudPageFile['list']> = {
  api: true,
  rows: true,
  total: true,
  searchId: true,
  pageParam: true,
  sizeParam: true,
  pageSize: true,
  params: true,
  tree: true,
  childrenField: true,
  refreshOn: true,
};
const dashboard: Members<DashboardPageFile> = {
  kind: true,
  id: true,
  title: true,
  columns: true,
  rowHeight: true,
  requirements: true,
  filter: true,
  theme: true,
  subject: true,
  panels: true,
};
const panel: Members<DashboardPanel> = {
  id: true,
  title: true,
  widget: true,
  span: true,
  rowSpan: true,
  api: true,
  params: true,
  path: true,
  items: true,
  titleField: true,
  timeField: true,
  tagField: true,
  tagMap: true,
  subtitleField: true,
  okField: true,
  warnField: true,
  columns: true,
  empty: true,
  notice: true,
  link: true,
  requires: true,
  permission: true,
  max: true,
  unit: true,
  choices: true,
  refreshOn: true,
  refreshMinutes: true,
  options: true,
};
const panelItem: Members<DashboardItem> = {
  field: true,
  label: true,
  suffix: true,
  format: true,
  map: true,
  link: true,
};
const tabs: Members<TabsPageFile> = { kind: true, id: true, title: true, permission: true, tabs: true };
const tab: Members<PageTab> = { title: true, page: true, permission: true };
const custom: Members<CustomPageFile> = {
  kind: true,
  id: true,
  title: true,
  permission: true,
  renderer: true,
  data: true,
  options: true,
};
const form: Members<FormSchemaFile> = {
  kind: true,
  id: true,
  title: true,
  schema: true,
  uiSchema: true,
  submitText: true,
  submit: true,
  effects: true,
  clearOnFailure: true,
  requiredInBrowserOnly: true,
};
const dialog: Members<DialogSchemaFile> = {
  kind: true,
  id: true,
  title: true,
  width: true,
  form: true,
  closable: true,
  maskClosable: true,
  okText: true,
  cancelText: true,
};
const wizard: Members<WizardSchemaFile> = { kind: true, id: true, title: true, width: true, steps: true };
const wizardStep: Members<WizardStep> = {
  id: true,
  title: true,
  form: true,
  actions: true,
  back: true,
  after: true,
  result: true,
};

const detail: Members<DetailPageFile> = {
  kind: true,
  id: true,
  title: true,
  permission: true,
  load: true,
  titleField: true,
  statusField: true,
  sections: true,
  media: true,
  related: true,
  timeline: true,
  actions: true,
};
const detailRelated: Members<DetailRelatedList> = {
  title: true,
  api: true,
  params: true,
  rows: true,
  columns: true,
  permission: true,
  actions: true,
  delete: true,
};
const detailListDelete: Members<DetailListDelete> = {
  api: true,
  confirm: true,
  when: true,
  permission: true,
};
const detailListAction: Members<DetailListAction> = {
  label: true,
  form: true,
  title: true,
  width: true,
  row: true,
  when: true,
  initial: true,
  submit: true,
  permission: true,
};
const detailStepAction: Members<DetailStepAction> = {
  label: true,
  when: true,
  form: true,
  title: true,
  width: true,
  submit: true,
  permission: true,
};
const detailLinkAction: Members<DetailLinkAction> = {
  label: true,
  when: true,
  link: true,
  permission: true,
};

const sheet: Members<SheetPageFile> = {
  kind: true,
  id: true,
  title: true,
  description: true,
  permission: true,
  collection: true,
  params: true,
  search: true,
  rows: true,
  dateField: true,
  value: true,
  display: true,
  texts: true,
  export: true,
};
const sheetRowField: Members<SheetRowField> = { field: true, title: true };
const sheetRows: Members<SheetPageFile['rows']> = { field: true, title: true, fields: true };
const sheetValue: Members<SheetPageFile['value']> = { op: true, field: true, title: true };
const sheetTexts: Members<NonNullable<SheetPageFile['texts']>> = {
  days: true,
  total: true,
  dayRows: true,
  dayTotals: true,
};

/** Every panel type of the engine, each once (the compiler checks both directions through `Members`). */
const panelTypes: Members<Record<CorePanelType, true>> = {
  line: true,
  area: true,
  bar: true,
  stackedBar: true,
  pie: true,
  donut: true,
  gauge: true,
  stats: true,
  fields: true,
  list: true,
  apps: true,
  cards: true,
  table: true,
  projectMap: true,
};
const pageKinds: Members<Record<PageKind, true>> = {
  crud: true,
  dashboard: true,
  tabs: true,
  custom: true,
  detail: true,
  sheet: true,
  approval: true,
  processes: true,
};

const approval: Members<ApprovalPageFile> = {
  kind: true,
  id: true,
  title: true,
  permission: true,
  load: true,
  actions: true,
  refreshOn: true,
  refreshAfter: true,
};
const approvalAction: Members<ApprovalAction> = {
  label: true,
  when: true,
  form: true,
  title: true,
  confirm: true,
  look: true,
  submit: true,
};
const processes: Members<ProcessesPageFile> = {
  kind: true,
  id: true,
  title: true,
  description: true,
  permission: true,
  list: true,
  definition: true,
  people: true,
  start: true,
  opens: true,
  requires: true,
};

describe('schema kinds: TypeScript types and meta-schemas name the same members', () => {
  it('approval, its actions, and processes', () => {
    expect(names(approval)).toEqual(allowed(meta('approval').properties));
    expect(names(approvalAction)).toEqual(allowed(meta('approval').properties.actions.items.properties));
    expect(names(processes)).toEqual(allowed(meta('processes').properties));
  });

  it.each([
    ['crud', crud, (m: Json) => m.properties],
    ['crud columns', crudColumn, (m: Json) => m.properties.columns.items.properties],
    ['crud list', crudList, (m: Json) => m.properties.list.properties],
  ])('%s', (_name, members, pick) => {
    expect(Object.keys(members).sort()).toEqual(allowed(pick(meta('crud'))));
  });

  it('dashboard, its panels and their items', () => {
    const file = meta('dashboard');
    expect(names(dashboard)).toEqual(allowed(file.properties));
    expect(names(panel)).toEqual(allowed(file.definitions.panel.properties));
    expect(names(panelItem)).toEqual(allowed(file.definitions.item.properties));
    expect(names(panelTypes)).toEqual(
      [...(file.definitions.panel.properties.widget.anyOf[0].enum as unknown as string[])].sort(),
    );
  });

  it('tabs and custom', () => {
    expect(names(tabs)).toEqual(allowed(meta('tabs').properties));
    expect(names(tab)).toEqual(allowed(meta('tabs').properties.tabs.items.properties));
    expect(names(custom)).toEqual(allowed(meta('custom').properties));
  });

  it('sheet, its rows, value and texts', () => {
    const m = meta('sheet');
    expect(names(sheet)).toEqual(allowed(m.properties));
    expect(names(sheetRows)).toEqual(allowed(m.properties.rows.properties));
    expect(names(sheetRowField)).toEqual(allowed(m.properties.rows.properties.fields.items.properties));
    expect(names(sheetValue)).toEqual(allowed(m.properties.value.properties));
    expect(names(sheetTexts)).toEqual(allowed(m.properties.texts.properties));
  });

  it('detail, its related lists and its status steps; its fields are crud columns', () => {
    const file = meta('detail');
    expect(names(detail)).toEqual(allowed(file.properties));
    expect(names(detailRelated)).toEqual(allowed(file.properties.related.items.properties));
    expect(names(detailStepAction)).toEqual(allowed(file.properties.actions.items.oneOf[0].properties));
    expect(names(detailLinkAction)).toEqual(allowed(file.properties.actions.items.oneOf[1].properties));
    expect(names(detailListAction)).toEqual(allowed(file.properties.related.items.properties.actions.items.properties));
    expect(names(detailListDelete)).toEqual(allowed(file.properties.related.items.properties.delete.properties));
    expect(file.definitions.column.$ref).toBe('crud#/properties/columns/items');
  });

  it('form, dialog and wizard', () => {
    expect(names(form)).toEqual(allowed(meta('form').properties));
    expect(names(dialog)).toEqual(allowed(meta('dialog').properties));
    expect(names(wizard)).toEqual(allowed(meta('wizard').properties));
    expect(names(wizardStep)).toEqual(allowed(meta('wizard').definitions.step.properties));
  });

  it('every page kind has its meta-schema, and the page files are known by kind without loading them', () => {
    for (const kind of names(pageKinds)) expect(meta(kind).properties.kind.const).toBe(kind);
    expect(pageKindOf('dictionary')).toBe('crud');
    expect(pageKindOf('workbench')).toBe('dashboard');
  });
});
