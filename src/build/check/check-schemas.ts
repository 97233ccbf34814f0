/**
 * `npm run schemas:check`: every file under `schemas/` declares its `kind` and must satisfy
 * `schemas/meta/<kind>.json`; form and dialog files get the further checks a configurator needs (a message for a
 * rule that does not exist, a uiSchema entry for a missing field, an unknown widget, a dialog naming no form);
 * process definitions get the form checks on their form and the flow's own (src/shared/processes.ts).
 * Node only: a build tool of the engine, never part of the browser bundle.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import addFormats from 'ajv-formats';
import Ajv, { type ErrorObject } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh';
import { formAjvOptions } from '../../shared/ajv-options';
import { collectionFaults } from '../../shared/collection-faults';
import { storedFields } from '../../shared/collection-columns';
import type { CollectionFile } from '../../shared/collections';
import type { SheetPageFile } from '../../engine/types';
import { panelContributions, withModulePanels, type PanelsDeclaring } from '../../shared/module-panels';
import { withModuleRowActions, type RowActionsDeclaring } from '../../shared/module-row-actions';
import { processFaults, type ProcessFacts, type ProcessFile } from '../../shared/processes';
import { builtInWidgetNames, customWidgetNames } from '../../widgets/form/widget-names';
import { menuIconFaults } from './menu-icon-faults';
import { moduleParts, panelTypeFaults } from './module-part-faults';

export interface SchemaFault {
  /** Path relative to the schemas folder's parent (`schemas/forms/login.json`). */
  file: string;
  /** JSON pointer into the file ('' for the whole file). */
  pointer: string;
  message: string;
}

/** Kinds whose `id` must equal the file name, since the registry finds them by file name. */
const KINDS_NAMED_BY_FILE = new Set([
  'collection',
  'form',
  'dialog',
  'wizard',
  'crud',
  'dashboard',
  'tabs',
  'custom',
  'sheet',
  'approval',
  'processes',
  'apis',
  'site',
  'process',
  'alert',
]);
/** The widgets of the portal itself; a module's own (`modules/<m>/widgets/<name>.tsx`) join them per tree. */
const coreWidgets: readonly string[] = [...customWidgetNames, ...builtInWidgetNames];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function listJsonFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return listJsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function ajvFaults(file: string, errors: ErrorObject[] | null | undefined, prefix = ''): SchemaFault[] {
  localizeZh(errors);
  // A bad key is reported twice by ajv (the key's own rule and `propertyNames`): keep the one naming the key.
  const kept = (errors ?? []).filter((error) => !error.schemaPath.includes('/propertyNames/'));
  return kept.map((error) => {
    const extra =
      error.keyword === 'additionalProperties'
        ? `：${String(error.params.additionalProperty)}`
        : error.keyword === 'enum' || error.keyword === 'const'
          ? `：${JSON.stringify(error.params.allowedValues ?? error.params.allowedValue)}`
          : '';
    // Point at the offending key itself, not at the object holding it.
    const key = error.params.additionalProperty ?? error.params.propertyName;
    const pointer = key === undefined ? error.instancePath : `${error.instancePath}/${escapePointer(String(key))}`;
    const message =
      error.keyword === 'propertyNames' ? `不认识的键 "${String(key)}"` : `${error.message ?? error.keyword}${extra}`;
    return { file, pointer: `${prefix}${pointer}`, message };
  });
}

/** Messages must belong to rules the field has, and a `required` message to a field its parent requires. */
function messageFaults(file: string, node: JsonObject, pointer: string, requiredByParent: boolean): SchemaFault[] {
  const faults: SchemaFault[] = [];
  const messages = node.errorMessage;
  if (isObject(messages)) {
    for (const keyword of Object.keys(messages)) {
      const hasRule = keyword === 'required' ? requiredByParent : node[keyword] !== undefined;
      if (!hasRule) {
        faults.push({
          file,
          pointer: `${pointer}/errorMessage/${escapePointer(keyword)}`,
          message:
            keyword === 'required'
              ? '字段不在父对象的 required 列表中，这条必填提示永远不会显示'
              : `字段没有 ${keyword} 规则，这条提示永远不会显示`,
        });
      }
    }
  }
  const required = Array.isArray(node.required) ? node.required : [];
  if (isObject(node.properties)) {
    for (const [name, child] of Object.entries(node.properties)) {
      if (isObject(child)) {
        faults.push(
          ...messageFaults(file, child, `${pointer}/properties/${escapePointer(name)}`, required.includes(name)),
        );
      }
    }
  }
  return faults;
}

function uiSchemaFaults(
  file: string,
  uiSchema: JsonObject,
  schema: JsonObject,
  pointer: string,
  knownWidgets: ReadonlySet<string>,
): SchemaFault[] {
  const faults: SchemaFault[] = [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [key, value] of Object.entries(uiSchema)) {
    const at = `${pointer}/${escapePointer(key)}`;
    if (key === 'ui:widget' && typeof value === 'string' && !knownWidgets.has(value)) {
      faults.push({ file, pointer: at, message: `未知的控件 "${value}"，可用：${[...knownWidgets].join(', ')}` });
    }
    if (key === 'ui:order' && Array.isArray(value)) {
      value.forEach((name, index) => {
        if (typeof name === 'string' && name !== '*' && !(name in properties)) {
          faults.push({ file, pointer: `${at}/${index}`, message: `ui:order 中的字段 "${name}" 不存在` });
        }
      });
    }
    if (key.startsWith('ui:')) continue;
    // `showWhen` names a field beside this one, whose value decides whether this one is shown.
    const showWhen = isObject(value) && isObject(value['ui:options']) ? value['ui:options'].showWhen : undefined;
    if (isObject(showWhen) && typeof showWhen.field === 'string' && !(showWhen.field in properties)) {
      faults.push({ file, pointer: `${at}/ui:options/showWhen/field`, message: `字段 "${showWhen.field}" 不存在` });
    }
    // An array's `items` configures each element (rjsf's rule), checked against the array's item schema.
    const child = key === 'items' && isObject(schema.items) ? schema.items : properties[key];
    if (!isObject(child)) {
      faults.push({ file, pointer: at, message: `uiSchema 配置了不存在的字段 "${key}"` });
    } else if (isObject(value)) {
      faults.push(...uiSchemaFaults(file, value, child, at, knownWidgets));
    }
  }
  return faults;
}

function fieldNamesFaults(file: string, names: Json | undefined, schema: JsonObject, pointer: string): SchemaFault[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const list = Array.isArray(names) ? names : isObject(names) ? Object.keys(names) : [];
  return list.flatMap((name, index) =>
    typeof name === 'string' && !(name in properties)
      ? [
          {
            file,
            pointer: `${pointer}/${Array.isArray(names) ? index : escapePointer(name)}`,
            message: `字段 "${name}" 不存在`,
          },
        ]
      : [],
  );
}

/** An effect must be triggered by, and fill, fields the form has. */
function effectFaults(file: string, effect: Json, schema: JsonObject, index: number): SchemaFault[] {
  if (!isObject(effect)) return [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  const faults: SchemaFault[] = [];
  if (typeof effect.when === 'string' && !(effect.when in properties)) {
    faults.push({ file, pointer: `/effects/${index}/when`, message: `字段 "${effect.when}" 不存在` });
  }
  faults.push(...fieldNamesFaults(file, effect.set, schema, `/effects/${index}/set`));
  return faults;
}

function formFaults(file: string, form: JsonObject, widgets: ReadonlySet<string>): SchemaFault[] {
  const schema = form.schema;
  if (!isObject(schema)) return [];
  const faults: SchemaFault[] = [];
  try {
    addFormats(new Ajv({ ...formAjvOptions })).compile(schema);
  } catch (error) {
    faults.push({ file, pointer: '/schema', message: `不是有效的 JSON Schema：${(error as Error).message}` });
  }
  faults.push(...messageFaults(file, schema, '/schema', false));
  if (isObject(form.uiSchema)) faults.push(...uiSchemaFaults(file, form.uiSchema, schema, '/uiSchema', widgets));
  faults.push(...fieldNamesFaults(file, form.clearOnFailure, schema, '/clearOnFailure'));
  faults.push(...fieldNamesFaults(file, form.requiredInBrowserOnly, schema, '/requiredInBrowserOnly'));
  if (isObject(form.submit) && isObject(form.submit.api)) {
    faults.push(...fieldNamesFaults(file, form.submit.api.encrypt, schema, '/submit/api/encrypt'));
  }
  if (Array.isArray(form.effects))
    faults.push(...form.effects.flatMap((effect, index) => effectFaults(file, effect, schema, index)));
  return faults;
}

/**
 * What a process definition may name: the roles and users the seed declares (system roles, demo roles and users)
 * and the portal's collections.
 */
function processFacts(schemasDir: string, collections: ReadonlySet<string>): ProcessFacts {
  const read = (name: string): Json => {
    const path = join(schemasDir, 'seed', name);
    return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Json) : {};
  };
  const roles = new Set<string>();
  const users = new Set<string>();
  for (const seed of [read('roles.json'), read('demo.json')]) {
    if (!isObject(seed)) continue;
    if (Array.isArray(seed.roles))
      for (const role of seed.roles) if (isObject(role) && typeof role.enname === 'string') roles.add(role.enname);
    if (Array.isArray(seed.users))
      for (const user of seed.users) if (isObject(user) && typeof user.id === 'string') users.add(user.id);
  }
  // Without any collection (a copy of schemas/ without the module folders) references to collections go unchecked.
  return collections.size > 0 ? { roles, users, collections } : { roles, users };
}

/** A process file's form gets the checks of any form (pointers under /form), then the flow's own checks. */
function processFileFaults(
  file: string,
  content: JsonObject,
  facts: ProcessFacts,
  widgets: ReadonlySet<string>,
): SchemaFault[] {
  const form = isObject(content.form) ? content.form : {};
  const faults = formFaults(file, { kind: 'form', ...form }, widgets).map((fault) => ({
    ...fault,
    pointer: `/form${fault.pointer}`,
  }));
  for (const fault of processFaults(content as unknown as ProcessFile, facts)) faults.push({ file, ...fault });
  return faults;
}

/**
 * Every file of every module folder under `<root>/modules`: module.json and the JSON files of each of its folders
 * (collections, pages, forms, seed, and the module's own kinds such as device-types), each checked by its `kind`.
 * `server/` holds code, not files of a kind, and `meta/` the meta-schemas of the module's own kinds.
 */
function moduleFiles(root: string): string[] {
  const modulesDir = join(root, 'modules');
  if (!existsSync(modulesDir)) return [];
  return readdirSync(modulesDir).flatMap((name) => {
    const moduleDir = join(modulesDir, name);
    if (!statSync(moduleDir).isDirectory()) return [];
    const manifest = join(moduleDir, 'module.json');
    const folders = readdirSync(moduleDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'server' && entry.name !== MODULE_META)
      .map((entry) => join(moduleDir, entry.name));
    return [...(existsSync(manifest) ? [manifest] : []), ...folders.flatMap((dir) => listJsonFiles(dir))];
  });
}

/** Ids are file names and must be unique across `schemas/` and every module, since the browser finds them by id. */
function duplicateIds(root: string, paths: string[], what: string): SchemaFault[] {
  const firstOf = new Map<string, string>();
  const faults: SchemaFault[] = [];
  for (const path of paths) {
    const id = basename(path, '.json');
    const first = firstOf.get(id);
    if (first) {
      faults.push({ file: relative(root, path), pointer: '/id', message: `${what} id "${id}" 与 ${first} 重复` });
    } else {
      firstOf.set(id, relative(root, path));
    }
  }
  return faults;
}

/** What a month sheet names must exist in its collection: stored fields, a date for the days, a number to sum. */
function sheetFaults(
  file: string,
  sheet: SheetPageFile,
  collections: ReadonlyMap<string, CollectionFile>,
): SchemaFault[] {
  const collection = collections.get(sheet.collection);
  if (!collection) return [{ file, pointer: '/collection', message: `集合 "${sheet.collection}" 不存在` }];
  const types = new Map(storedFields(collection).map((field) => [field.name, field.type]));
  const faults: SchemaFault[] = [];
  const need = (name: string | undefined, pointer: string, types_?: readonly string[], what?: string) => {
    if (name === undefined) return;
    const type = types.get(name);
    if (!type) faults.push({ file, pointer, message: `集合 "${sheet.collection}" 没有保存的字段 "${name}"` });
    else if (types_ && !types_.includes(type)) faults.push({ file, pointer, message: `字段 "${name}" 不是${what}` });
  };
  need(sheet.rows.field, '/rows/field');
  (sheet.rows.fields ?? []).forEach((field, index) => need(field.field, `/rows/fields/${index}/field`));
  need(sheet.dateField, '/dateField', ['date'], '日期');
  need(sheet.value.field, '/value/field', ['integer', 'double precision'], '数值');
  return faults;
}

/** Where a module keeps the meta-schemas of the kinds of file it brings (the IoT platform's device types). */
const MODULE_META = 'meta';

/** The meta-schemas modules bring: `modules/<name>/meta/<kind>.json`. */
function moduleMetaFiles(root: string): string[] {
  const modulesDir = join(root, 'modules');
  if (!existsSync(modulesDir)) return [];
  return readdirSync(modulesDir).flatMap((name) => {
    const dir = join(modulesDir, name, MODULE_META);
    return existsSync(dir) && statSync(dir).isDirectory() ? listJsonFiles(dir) : [];
  });
}

/** The engine's own panel types, as the dashboard meta-schema lists them (the first choice of `widget`). */
function dashboardPanelTypes(metaDir: string): string[] {
  try {
    const meta = JSON.parse(readFileSync(join(metaDir, 'dashboard.json'), 'utf8')) as {
      definitions: { panel: { properties: { widget: { anyOf: [{ enum: string[] }] } } } };
    };
    return meta.definitions.panel.properties.widget.anyOf[0].enum;
  } catch {
    return []; // a broken meta-schema is reported on its own
  }
}

export function checkSchemaTree(schemasDir: string): SchemaFault[] {
  const root = join(schemasDir, '..');
  const metaDir = join(schemasDir, 'meta');
  const ajv = new Ajv({ allErrors: true, strict: false });
  const faults: SchemaFault[] = [];
  const metaNames = new Set<string>();

  for (const metaFile of [...listJsonFiles(metaDir), ...moduleMetaFiles(root)]) {
    try {
      ajv.addSchema(JSON.parse(readFileSync(metaFile, 'utf8')) as object, basename(metaFile, '.json'));
      metaNames.add(basename(metaFile, '.json'));
    } catch (error) {
      faults.push({ file: relative(root, metaFile), pointer: '', message: `元模式无效：${(error as Error).message}` });
    }
  }

  // Module folders (`modules/<name>/pages|forms/*.json`) beside `schemas/` hold files of the same kinds.
  const files = [...listJsonFiles(schemasDir).filter((path) => !path.startsWith(metaDir)), ...moduleFiles(root)];
  const inFolder = (folder: 'forms' | 'pages' | 'collections' | 'processes') =>
    files.filter((path) => basename(join(path, '..')) === folder);
  // A collection is also the form of its create and edit dialogs, under its own id.
  const formLike = [...inFolder('forms'), ...inFolder('collections')];
  const forms = new Set(formLike.map((path) => basename(path, '.json')));
  const pages = new Set(inFolder('pages').map((path) => basename(path, '.json')));
  const collections = new Set(inFolder('collections').map((path) => basename(path, '.json')));
  const collectionFiles = new Map<string, CollectionFile>();
  for (const path of inFolder('collections')) {
    try {
      collectionFiles.set(basename(path, '.json'), JSON.parse(readFileSync(path, 'utf8')) as CollectionFile);
    } catch {
      // reported below with the file's other faults
    }
  }
  faults.push(
    ...duplicateIds(root, formLike, '表单'),
    ...duplicateIds(root, inFolder('pages'), '页面'),
    ...duplicateIds(root, inFolder('processes'), '流程'),
  );
  const facts = processFacts(schemasDir, collections);
  // The browser code modules bring: form widgets and panel types that pages and forms may name.
  const moduleWidgets = moduleParts(root, 'widgets', coreWidgets);
  const corePanelTypes = dashboardPanelTypes(metaDir);
  const modulePanels = moduleParts(root, 'panels', corePanelTypes);
  faults.push(...moduleWidgets.faults, ...modulePanels.faults, ...moduleParts(root, 'renderers').faults);
  const widgets = new Set([...coreWidgets, ...moduleWidgets.names]);

  for (const path of files) {
    const file = relative(root, path);
    let content: Json;
    try {
      content = JSON.parse(readFileSync(path, 'utf8')) as Json;
    } catch (error) {
      faults.push({ file, pointer: '', message: `不是有效的 JSON：${(error as Error).message}` });
      continue;
    }
    if (!isObject(content) || typeof content.kind !== 'string') {
      faults.push({ file, pointer: '/kind', message: '文件必须用 "kind" 声明它的类型' });
      continue;
    }
    const kind = content.kind;
    if (!metaNames.has(kind)) {
      faults.push({ file, pointer: '/kind', message: `未知的类型 "${kind}"（schemas/meta 中没有 ${kind}.json）` });
      continue;
    }
    const validate = ajv.getSchema(kind);
    if (validate && !validate(content)) {
      faults.push(...ajvFaults(file, validate.errors));
      continue;
    }
    if (KINDS_NAMED_BY_FILE.has(kind) && content.id !== basename(path, '.json')) {
      faults.push({ file, pointer: '/id', message: `id 必须与文件名一致："${basename(path, '.json')}"` });
    }
    if (kind === 'form') faults.push(...formFaults(file, content, widgets));
    if (kind === 'process') faults.push(...processFileFaults(file, content, facts, widgets));
    if (kind === 'collection') {
      // A field a status step requires may carry a `required` message: the step shows it.
      const schema = isObject(content.schema) ? content.schema : {};
      const steps =
        isObject(content.status) && Array.isArray(content.status.transitions) ? content.status.transitions : [];
      const stepRequired = steps.flatMap((step) =>
        isObject(step) && Array.isArray(step.requires) ? step.requires : [],
      );
      const required = [...new Set([...(Array.isArray(schema.required) ? schema.required : []), ...stepRequired])];
      faults.push(...formFaults(file, { ...content, schema: { ...schema, required } }, widgets));
      for (const fault of collectionFaults(content as unknown as CollectionFile, collections))
        faults.push({ file, ...fault });
    }
    const missingForm = (name: Json | undefined, pointer: string) => {
      if (typeof name === 'string' && !forms.has(name)) {
        faults.push({ file, pointer, message: `表单 "${name}" 不存在（schemas/forms/${name}.json）` });
      }
    };
    if (kind === 'dialog') missingForm(content.form, '/form');
    if (kind === 'wizard' && Array.isArray(content.steps)) {
      content.steps.forEach((step, index) => isObject(step) && missingForm(step.form, `/steps/${index}/form`));
    }
    if (kind === 'tabs' && Array.isArray(content.tabs)) {
      content.tabs.forEach((tab, index) => {
        if (isObject(tab) && typeof tab.page === 'string' && !pages.has(tab.page)) {
          faults.push({
            file,
            pointer: `/tabs/${index}/page`,
            message: `页面 "${tab.page}" 不存在（schemas/pages/${tab.page}.json）`,
          });
        }
        if (isObject(tab) && tab.page === content.id) {
          faults.push({ file, pointer: `/tabs/${index}/page`, message: '标签页不能显示页面自身' });
        }
      });
    }
    if (kind === 'crud' && isObject(content.detail) && typeof content.detail.page === 'string') {
      if (!pages.has(content.detail.page)) {
        faults.push({
          file,
          pointer: '/detail/page',
          message: `页面 "${content.detail.page}" 不存在（schemas/pages/${content.detail.page}.json）`,
        });
      }
    }
    if (kind === 'detail' && Array.isArray(content.related))
      content.related.forEach((list, index) => {
        if (isObject(list) && Array.isArray(list.actions))
          list.actions.forEach(
            (action, at) => isObject(action) && missingForm(action.form, `/related/${index}/actions/${at}/form`),
          );
      });
    if (kind === 'detail' && Array.isArray(content.actions)) {
      content.actions.forEach(
        (action, index) => isObject(action) && missingForm(action.form, `/actions/${index}/form`),
      );
    }
    if (kind === 'approval' && Array.isArray(content.actions)) {
      content.actions.forEach(
        (action, index) => isObject(action) && missingForm(action.form, `/actions/${index}/form`),
      );
    }
    if (kind === 'dashboard' && isObject(content.filter)) missingForm(content.filter.form, '/filter/form');
    if (kind === 'sheet') {
      missingForm(content.search, '/search');
      faults.push(...sheetFaults(file, content as unknown as SheetPageFile, collectionFiles));
    }
    if (kind === 'crud') {
      missingForm(content.search, '/search');
      for (const name of ['create', 'edit'] as const) {
        const action = content[name];
        if (isObject(action)) missingForm(action.form, `/${name}/form`);
      }
      if (Array.isArray(content.rowActions)) {
        content.rowActions.forEach((action, index) => {
          if (isObject(action) && isObject(action.dialog))
            missingForm(action.dialog.form, `/rowActions/${index}/dialog/form`);
        });
      }
    }
  }
  faults.push(...modulePanelFaults(root, files));
  faults.push(...panelTypeFaults(root, files, new Set([...corePanelTypes, ...modulePanels.names])));
  faults.push(...menuIconFaults(root));
  return faults;
}

/**
 * The panels modules add to dashboards (`panels` of module.json): the page is a dashboard, the panel it follows is
 * there (with every module present), and no two panels of the page share an id. The row actions modules add to
 * lists (`rowActions`): the page is a crud page, and no two actions of its rows share a label.
 */
function modulePanelFaults(root: string, files: readonly string[]): SchemaFault[] {
  const read = (path: string): Json | undefined => {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as Json;
    } catch {
      return undefined; // reported with the file's other faults
    }
  };
  const manifests = files
    .filter((path) => basename(path) === 'module.json')
    .map((path) => ({ path, content: read(path) }))
    .filter((entry): entry is { path: string; content: JsonObject } => isObject(entry.content));
  const dashboards = new Map<string, { id: string }[]>();
  const lists = new Map<string, { label: string }[]>();
  for (const path of files.filter((file) => basename(join(file, '..')) === 'pages')) {
    const page = read(path);
    if (isObject(page) && page.kind === 'dashboard' && Array.isArray(page.panels))
      dashboards.set(basename(path, '.json'), page.panels.filter(isObject) as unknown as { id: string }[]);
    if (isObject(page) && page.kind === 'crud')
      lists.set(
        basename(path, '.json'),
        (Array.isArray(page.rowActions) ? page.rowActions.filter(isObject) : []) as unknown as { label: string }[],
      );
  }
  const contributions = panelContributions(manifests.map((entry) => entry.content as unknown as PanelsDeclaring));
  const mergedPanels = new Map<string, { id: string }[]>();
  const merged = (page: string, panels: { id: string }[]) => {
    if (!mergedPanels.has(page)) mergedPanels.set(page, withModulePanels(page, panels, contributions));
    return mergedPanels.get(page) ?? [];
  };
  const faults: SchemaFault[] = [];
  const rowActionManifests = manifests.map((entry) => entry.content as unknown as RowActionsDeclaring);
  for (const { path, content } of manifests) {
    const rowActions = Array.isArray(content.rowActions) ? content.rowActions : [];
    rowActions.forEach((entry, index) => {
      if (!isObject(entry) || typeof entry.page !== 'string' || !isObject(entry.action)) return;
      const file = relative(root, path);
      const own = lists.get(entry.page);
      if (!own) {
        faults.push({ file, pointer: `/rowActions/${index}/page`, message: `没有列表页面 "${entry.page}"` });
        return;
      }
      const label = String(entry.action.label);
      const all = withModuleRowActions(entry.page, own, rowActionManifests);
      if (all.filter((action) => action.label === label).length > 1)
        faults.push({
          file,
          pointer: `/rowActions/${index}/action/label`,
          message: `页面 "${entry.page}" 的行操作已有 "${label}"`,
        });
    });
    const declared = Array.isArray(content.panels) ? content.panels : [];
    declared.forEach((entry, index) => {
      if (!isObject(entry) || typeof entry.page !== 'string' || !isObject(entry.panel)) return;
      const file = relative(root, path);
      const panels = dashboards.get(entry.page);
      if (!panels) {
        faults.push({ file, pointer: `/panels/${index}/page`, message: `没有仪表盘页面 "${entry.page}"` });
        return;
      }
      const all = merged(entry.page, panels);
      const id = String(entry.panel.id);
      if (all.filter((panel) => panel.id === id).length > 1)
        faults.push({ file, pointer: `/panels/${index}/panel/id`, message: `页面 "${entry.page}" 已有面板 "${id}"` });
      if (typeof entry.after === 'string' && !all.some((panel) => panel.id === entry.after))
        faults.push({
          file,
          pointer: `/panels/${index}/after`,
          message: `页面 "${entry.page}" 没有面板 "${entry.after}"`,
        });
    });
  }
  return faults;
}
