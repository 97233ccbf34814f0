/**
 * The TypeScript side of the schema kinds in `schemas/meta/`. Each renderer receives exactly its kind's type.
 * Keep these in step with the meta-schemas: `npm run schemas:check` validates the files, tsc validates the code.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/** How a field travels when it must not travel in clear (DESIGN.md: RSA for login, SM2 for password changes). */
export type FieldCipher = 'rsa' | 'sm2';

/** An API call described as data: the engine runs it through the one HTTP client. */
export interface ApiDescriptor {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A URL template: `{name}` is filled from the call's variables (`/api/system/office/{id}`). */
  url: string;
  /** Where the result sits in the envelope, dot-separated (`data`, `item.officeTree`, `data.pcMenu.childList`). */
  resultPath?: string;
  /** Fields encrypted before sending, by the field's name. */
  encrypt?: Record<string, FieldCipher>;
}

/**
 * A call the engine makes: the descriptor, and what it sends. `params` is a template: a string that is exactly
 * `{{name}}` becomes that value of the form (or of the host's context); anything else is sent as written.
 * Without `params` the form's values are sent.
 */
export interface EngineAction {
  api: ApiDescriptor;
  params?: Record<string, unknown>;
  /** A success toast shown when the call succeeds. */
  successMessage?: string;
}

/** When the field `when` takes a new valid value, call `api` and copy result paths into the fields of `set`. */
export interface FormEffect {
  when: string;
  api: ApiDescriptor;
  params?: Record<string, unknown>;
  /** form field -> path in the call's result. */
  set: Record<string, string>;
}

export interface FormSchemaFile {
  kind: 'form';
  id: string;
  title?: string;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  submitText?: string;
  submit?: EngineAction;
  effects?: FormEffect[];
  /** Fields emptied after a failed submit (a captcha code is used up by every attempt). */
  clearOnFailure?: string[];
  /** Fields only the browser form requires (a confirmation); the server checks them only when sent. */
  requiredInBrowserOnly?: string[];
}

export interface DialogSchemaFile {
  kind: 'dialog';
  id: string;
  title: string;
  /** Pixel width (spec section 2 names 418, 750, 800 and 1280). */
  width: number;
  /** The form file rendered in the dialog's body. */
  form: string;
  closable?: boolean;
  maskClosable?: boolean;
  okText?: string;
  cancelText?: string;
}

export interface WizardResult {
  title: string;
  description?: string;
  buttonText?: string;
}

export interface WizardStep {
  /** Later steps' templates read this step's values as `{{steps.<id>.<field>}}`. */
  id: string;
  title: string;
  form?: string;
  /** Run on submit instead of the form's own submit. */
  actions?: EngineAction[];
  /** Show 上一步. */
  back?: boolean;
  /** What a successful submit does (default: the next step). */
  after?: 'next' | 'close';
  result?: WizardResult;
}

export interface WizardSchemaFile {
  kind: 'wizard';
  id: string;
  title: string;
  width: number;
  steps: WizardStep[];
}

/** A dialog a CRUD page opens: a form, the call that loads the row (edit) and the call that saves. */
export interface CrudDialogAction {
  title?: string;
  /** The text of the create button (default 新增). */
  label?: string;
  form: string;
  width?: number;
  load?: ApiDescriptor;
  api: ApiDescriptor;
  /** Form fields set from the row or the chosen tree node: a template (`{{id}}`, `{{$tree.id}}`). */
  fromRow?: Record<string, unknown>;
  permission?: string;
  successMessage?: string;
  /** The load call answers a list: `field` gets each item's `from` (the ids of the users holding a role). */
  loadInto?: { field: string; from: string };
  /** Params of the load call beside the row's key. */
  params?: Record<string, unknown>;
  /** Offered only on rows whose field of this name is not false (the server's `editable`). */
  rowFlag?: string;
  /** What the answer holds that the user must see once (a secret issued): shown in the dialog after saving. */
  result?: CrudDialogResult;
  /**
   * What is sent, when not the form's values: a template over them and the row (a status step's
   * `{"action": "exit", "version": "{{version}}", "exitDate": "{{exitDate}}"}`).
   */
  body?: Record<string, unknown>;
}

export interface CrudDialogResult {
  title: string;
  /** Said above the values (e.g. that a secret is shown only this once). */
  notice?: string;
  /** Members of the answer's data, each shown with a copy button. */
  fields: { field: string; title: string }[];
}

export interface CrudColumn {
  field: string;
  title: string;
  width?: number;
  /** Shown only when the window is at least this wide (px). */
  hideBelow?: number;
  format?: 'text' | 'datetime' | 'date' | 'yesno' | 'map' | 'image' | 'list' | 'html' | 'file';
  map?: Record<string, string>;
  listField?: string;
  /** Red when the row's numeric `field` is at most `max`, or (no `max`) when the row's `field` is true or a non-empty text. */
  warn?: { field: string; max?: number };
  /** The cell is a link: makes `call` with the row, then opens the row's path in `linkField` or its detail page. */
  open?: { linkField?: string; detail?: boolean; call?: ApiDescriptor };
  /** Bold on rows where the condition holds (an unread message). */
  emphasis?: RowCondition;
  /** The cell is a coloured tag: the text shown (after `map`) -> an Arco colour (审批中 -> arcoblue). */
  tags?: Record<string, string>;
}

/** Holds for a row whose `field` equals `equals`. */
export interface RowCondition {
  field: string;
  equals: unknown;
}

/** A call a button makes without a dialog (mark read); the row fills the URL's {id} and the params. */
export interface CrudCall {
  api: ApiDescriptor;
  confirm?: string;
  successMessage?: string;
}

/** `schemas/pages/<id>.json`: an administration page, all of it data (schemas/meta/crud.json). */
export interface CrudPageFile {
  kind: 'crud';
  id: string;
  title: string;
  description?: string;
  rowKey?: string;
  permission?: string;
  search?: string;
  list: {
    api: ApiDescriptor;
    rows?: string;
    total?: string;
    /** Path of the id of the search the server recorded for the answer: a row opened is where the search led. */
    searchId?: string;
    pageParam?: string;
    sizeParam?: string;
    pageSize?: number;
    params?: Record<string, unknown>;
    tree?: boolean;
    childrenField?: string;
    /** Server-sent events after which the list is read again. */
    refreshOn?: string[];
  };
  columns: CrudColumn[];
  tree?: { title?: string; api: ApiDescriptor; param: string; label?: string; key?: string; children?: string };
  create?: CrudDialogAction;
  edit?: CrudDialogAction;
  delete?: { api: ApiDescriptor; confirm?: string; permission?: string; rowFlag?: string };
  /** Row buttons: the file's own, then those modules add (`rowActions` of module.json, src/shared/module-row-actions.ts). */
  rowActions?: {
    label: string;
    dialog?: CrudDialogAction;
    call?: CrudCall;
    /** Opens a portal screen about the row: the query's templates read the row as `record` and the page's context. */
    link?: { path: string; query?: Record<string, unknown> };
    /** Offered only on rows where this holds. */
    when?: RowCondition;
    permission?: string;
    rowFlag?: string;
  }[];
  /** Toolbar buttons that make a call for the whole list (全部已读). */
  toolbarActions?: { label: string; call: CrudCall; permission?: string }[];
  /** A row opens its record's `detail` page, routed below the list (`<list path>/<row key>`). */
  detail?: { page: string; label?: string };
  /** Excel export of what the list shows, every page of it (GET /api/system/export/{id}). */
  export?: { fileName: string; permission?: string };
  import?: {
    /** POST multipart, the file in `file`: imports at once, or answers `data.jobId` when `progress` is given. */
    api: ApiDescriptor;
    template?: ApiDescriptor;
    templateName?: string;
    accept?: string;
    permission?: string;
    /** Variables of the import's URLs (`{projectId}`), rendered against the page's context. */
    params?: Record<string, unknown>;
    /** GET the job's progress (`{jobId}` in the URL): the import runs as a job and a progress bar follows it. */
    progress?: ApiDescriptor;
    /** GET the rows that were not imported as .xlsx (`{jobId}` in the URL). */
    failedRows?: ApiDescriptor;
  };
}

export interface DashboardItem {
  field: string;
  label: string;
  suffix?: string;
  format?: 'text' | 'percent' | 'money' | 'date' | 'map';
  /** With `format: 'map'`: stored code -> the name shown (a project type `1` shows 房建). */
  map?: Record<string, string>;
  /** A route the item opens when clicked (`/process/todo`). */
  link?: string;
}

/** The chart panels, drawn by Apache ECharts (loaded only on screens that show one). */
export type ChartPanelType = 'line' | 'area' | 'bar' | 'stackedBar' | 'pie' | 'donut' | 'gauge';
/** Panels that show figures, fields, rows, app links or a card per row (a machine and its values). */
export type DisplayPanelType = 'stats' | 'fields' | 'list' | 'apps' | 'cards';
/** A table of rows with the columns of a crud page (formats, `warn`). */
export type TablePanelType = 'table';
/** Projects on the map of China, a click drawing one province (a company's big screen). */
export type MapPanelType = 'projectMap';
/** The engine's own panel types. */
export type CorePanelType = ChartPanelType | DisplayPanelType | TablePanelType | MapPanelType;
/**
 * A panel type: the engine's, or one a module brings (`modules/<m>/panels/<type>.tsx`, registered when the web app
 * is built and checked by schemas:check), which reads its settings from the panel's `options`.
 */
export type PanelType = CorePanelType | (string & {});

export interface DashboardPanel {
  id: string;
  title: string;
  widget: PanelType;
  span?: number;
  /** Grid rows the panel spans (default 1). */
  rowSpan?: number;
  api?: ApiDescriptor;
  params?: Record<string, unknown>;
  path?: string;
  items?: DashboardItem[];
  titleField?: string;
  timeField?: string;
  tagField?: string;
  /** Stored code of `tagField` -> the name shown (a message category `1` shows 通知公告). */
  tagMap?: Record<string, string>;
  /** `cards`: a row field shown under the card's title (a machine's location). */
  subtitleField?: string;
  /** `cards`: a row field; when true the tag reads as good (a machine online). */
  okField?: string;
  /** `cards`: a row field; when true the card is marked as needing attention (open warnings). */
  warnField?: string;
  /** `table`: its columns, as a crud page's (`items` are each card's fields for `cards`). */
  columns?: CrudColumn[];
  empty?: string;
  notice?: { field: string; equals: unknown; text: string };
  /**
   * Where a click on a row (or on the panel's title) leads: a route template over the row (`/message/mine?id={id}`)
   * or a fixed route.
   */
  link?: string;
  /** Context paths the panel needs (`project.projectId`): while one is empty the panel makes no call. */
  requires?: string[];
  /** Shown only to users holding this permission (a module's panel on the workbench); others do not see it. */
  permission?: string;
  /** A gauge's largest value (default 100). */
  max?: number;
  /** A gauge's unit, or a chart's value unit in tooltips. */
  unit?: string;
  /** Server-sent events after which the panel reads its data again. */
  refreshOn?: string[];
  /**
   * Data that no event announces (attendance, hazards) is read again every this many minutes while the page is
   * shown: a big screen stays open all day.
   */
  refreshMinutes?: number;
  /** Parameters of the panel's call the user chooses above it (a chart's range, which metric it shows). */
  choices?: PanelChoice[];
  /** A module's panel type's own settings (the engine's types take theirs from the fields above). */
  options?: Record<string, unknown>;
}

/** One parameter of a panel's call that the user chooses: from fixed options, or from the rows a call answers. */
export interface PanelChoice {
  param: string;
  /** Fixed options, shown as buttons; the first is chosen at first. */
  options?: { value: string; label: string }[];
  /** Options from a call, shown as a drop-down; the first row is chosen at first. */
  source?: { api: ApiDescriptor; params?: Record<string, unknown>; label: string; value: string };
}

/** A page of panels (the workbench), all of it data (schemas/meta/dashboard.json). */
export interface DashboardPageFile {
  kind: 'dashboard';
  id: string;
  title: string;
  columns?: number;
  /** Height of one grid row in pixels (default 220); a big screen's rows share its 1080 pixels instead. */
  rowHeight?: number;
  /**
   * Context path -> what to tell the user while it is empty (`project.projectId`): `notice` once above the grid
   * (what to do), `panel` in each panel that needs it.
   */
  requirements?: Record<string, { notice: string; panel: string }>;
  /**
   * A form above the grid whose values the panels' params read as `{{filter.<field>}}` (a chosen day); a date
   * value also gives `{{filter.<field>MonthFrom}}` and `{{filter.<field>MonthTo}}`, its month's first and last day,
   * and `{{filter.<field>Last30From}}`, the first of the 30 days ending with it.
   * `defaults` are the first values (`@today`: the user's date). Without a `form` the values are fixed: a big
   * screen on a wall has nobody to choose a day, yet its panels read today's dates.
   */
  filter?: { form?: string; defaults?: Record<string, string> };
  /**
   * `screen`: a big screen for a wall or an office TV (a full-screen route): dark, a title bar with the project and
   * the time, the grid filling the window, charts drawn in their dark theme.
   */
  theme?: 'screen';
  /**
   * `screen`: what the title bar names on its left, from a call (the company a screen over all its projects
   * shows, at `path` of the call's result); without it, the chosen project.
   */
  subject?: { api: ApiDescriptor; path: string };
  panels: DashboardPanel[];
}

/** One tab of a `tabs` page: another page file, rendered inside it. */
export interface PageTab {
  title: string;
  page: string;
  permission?: string;
}

/** `tabs`: pages inside a page (schemas/meta/tabs.json). */
export interface TabsPageFile {
  kind: 'tabs';
  id: string;
  title: string;
  permission?: string;
  tabs: PageTab[];
}

/**
 * `custom`: a screen drawn by a module's own React (a Gantt chart, a viewer) registered under `renderer`; its data,
 * permission and layout still come from this file (schemas/meta/custom.json).
 */
export interface CustomPageFile {
  kind: 'custom';
  id: string;
  title: string;
  permission?: string;
  /** The name the module registered its renderer under. */
  renderer: string;
  /** The data the renderer is given, loaded before it shows. */
  data?: { api: ApiDescriptor; params?: Record<string, unknown> };
  /** Anything else the renderer reads, as data. */
  options?: Record<string, unknown>;
}

/** A list of related records on a detail page: a table fed by a call whose params read the record. */
export interface DetailRelatedList {
  title: string;
  api: ApiDescriptor;
  /** Template over the context and the record: `{ "workerId": "{{record.id}}" }`. */
  params?: Record<string, unknown>;
  /** Where the rows sit in the result (default: the result itself). */
  rows?: string;
  columns: CrudColumn[];
  permission?: string;
  /** What may be done to the list's records from here: add one, or change a row (an editable list of child rows). */
  actions?: DetailListAction[];
  /** A 删除 button on each row, confirmed first; the row fills the URL's {id}. */
  delete?: DetailListDelete;
}

/** Deleting a related list's row from the record's page (a mix's calibration point). */
export interface DetailListDelete {
  api: ApiDescriptor;
  /** The question asked first (default: 确定删除这条记录吗？删除后不可恢复。). */
  confirm?: string;
  /** The record's statuses in which it is offered (default: always). */
  when?: string[];
  permission?: string;
}

/**
 * A form dialog a related list offers: one button above the list (add a child record) or one on each row (edit
 * that row). Its templates read the record (`{{record.id}}`), the row (`{{row.version}}`) and the form's values.
 */
export interface DetailListAction {
  label: string;
  form: string;
  title?: string;
  width?: number;
  /** On each row instead of above the list. */
  row?: boolean;
  /** The record's statuses in which it is offered (default: always). */
  when?: string[];
  /** The form's first values: a template over the record and the row (default: a row action starts with the row). */
  initial?: Record<string, unknown>;
  submit: EngineAction;
  permission?: string;
}

/** Photos or files a record holds in one of its fields (a URL, or a list of URLs). */
export interface DetailMedia {
  title: string;
  field: string;
  type: 'image' | 'file';
}

/** A status step offered on a detail page: a form dialog whose submit calls the step's API. */
/** A button of a detail page's header, offered in some of the record's statuses: a status step, or a link. */
export type DetailAction = DetailStepAction | DetailLinkAction;

export interface DetailStepAction {
  label: string;
  /** The record's statuses in which the step is offered. */
  when: string[];
  form: string;
  title?: string;
  width?: number;
  /** What is sent: a template over the form's values, the record (`{{record.version}}`) and the context. */
  submit: EngineAction;
  permission?: string;
}

/**
 * Opens another screen about the record: a portal path with a query whose values are templates over the record
 * and the context. An approval started from the record is such a link: the processes page with
 * `{ "process": "<id>", "<form field>": "{{record.id}}" }`.
 */
export interface DetailLinkAction {
  label: string;
  when: string[];
  link: { path: string; query?: Record<string, unknown> };
  permission?: string;
}

/**
 * `detail`: one record in sections, its related lists, its photos and files, the timeline of its status
 * changes, and the status steps its status allows (schemas/meta/detail.json). Its route is below the list's
 * (`<list path>/<id>`); the id is `{{params.id}}`.
 */
export interface DetailPageFile {
  kind: 'detail';
  id: string;
  title: string;
  permission?: string;
  load: { api: ApiDescriptor; params?: Record<string, unknown> };
  /** The record's field shown beside the title. */
  titleField?: string;
  /** The record's status field (default `status`): its value picks the steps offered; declared, it is shown as a tag. */
  statusField?: string;
  sections: { title: string; columns?: number; fields: CrudColumn[] }[];
  media?: DetailMedia[];
  related?: DetailRelatedList[];
  timeline?: {
    title?: string;
    api: ApiDescriptor;
    params?: Record<string, unknown>;
    /** What each step brought (its `data`: a worker's exit date and reason), shown under the step. */
    fields?: CrudColumn[];
  };
  actions?: DetailAction[];
}

/** A row field of a month sheet shown beside each row's label (a worker's team). */
export interface SheetRowField {
  field: string;
  title: string;
}

/**
 * `sheet`: a month sheet of a collection (schemas/meta/sheet.json): one row per value of a field (a worker), one
 * column per day of the chosen month, a cell per (row, day) with a ✓ or a value, totals per row and per day, and
 * an Excel export of exactly that sheet. The server computes it (`GET /api/data/<collection>/sheet`), scoped to the
 * project like every collection call.
 */
export interface SheetPageFile {
  kind: 'sheet';
  id: string;
  title: string;
  description?: string;
  permission?: string;
  collection: string;
  /** Params of every call besides the month and the filters, e.g. `{ "projectId": "{{project.projectId}}" }`. */
  params?: Record<string, unknown>;
  /** A search form whose values filter the records (the collection's list filters). */
  search?: string;
  /** One row per value of `field` (a reference shows its label), headed `title`, with `fields` beside it. */
  rows: { field: string; title: string; fields?: SheetRowField[] };
  /** The date field whose day picks the column. */
  dateField: string;
  /** count: records of the day; sum: the sum of a numeric `field` over them. */
  value: { op: 'count' | 'sum'; field?: string; title?: string };
  /** What a cell shows first: `mark` (✓ on a day with a record) or `value`; the user may switch when summing. */
  display?: 'mark' | 'value';
  /** Headers of the totals: days with a record per row, the row's sum, rows per day, the day's sum. */
  texts?: { days?: string; total?: string; dayRows?: string; dayTotals?: string };
  export?: { fileName: string };
}

/**
 * An action on an approval's detail page: offered while the record's boolean at `when` holds (the server's
 * `can.approve`); a form dialog whose submit calls `submit`, or with no form a confirmation (`confirm`) and the call.
 */
export interface ApprovalAction {
  label: string;
  /** Dot path of a boolean in the record (`can.approve`). */
  when: string;
  /** The dialog's form file; its values and the record (`{{record.myTaskId}}`) fill `submit.params`. */
  form?: string;
  /** The dialog's title (default: the label). */
  title?: string;
  /** Asked before a call without a form. */
  confirm?: string;
  /** How the button looks: the main step, a refusal, or plain (default). */
  look?: 'primary' | 'danger' | 'default';
  submit: EngineAction;
}

/**
 * `approval`: one approval (schemas/meta/approval.json): its form's values with the labels of its own form schema,
 * attachments, the flow as a vertical timeline of nodes (done, current, waiting, carbon copies), the history, and
 * the actions the server says the caller may take. Routed below a list like a `detail` page (`{{params.id}}`).
 */
export interface ApprovalPageFile {
  kind: 'approval';
  id: string;
  title: string;
  permission?: string;
  load: { api: ApiDescriptor; params?: Record<string, unknown> };
  actions: ApprovalAction[];
  /** Server-sent events after which the approval is read again. */
  refreshOn?: string[];
  /** URLs of reads (the boxes it moves between) read again after an action. */
  refreshAfter?: string[];
}

/**
 * `processes`: the approvals a user may start, by category, with search; starting one opens its starter's form
 * (the process file's form, validated like every form), the approvers the flow lets the starter choose, and
 * attachments (schemas/meta/processes.json).
 */
export interface ProcessesPageFile {
  kind: 'processes';
  id: string;
  title: string;
  description?: string;
  permission?: string;
  /** The definitions by category: `[{category, definitions: [{processId, name, description}]}]`; `keyword` searches. */
  list: { api: ApiDescriptor; params?: Record<string, unknown> };
  /** One definition (`{processId}` in the URL): `{name, description, starterChosen: [{nodeId, name}]}`. */
  definition: { api: ApiDescriptor };
  /** The people a starter may choose as approvers: `[{id, name, officeName}]`. */
  people: { api: ApiDescriptor; params?: Record<string, unknown> };
  /** The start call; params read `{{processId}}`, `{{form}}`, `{{approvers}}`, `{{attachments}}` and the context. */
  start: EngineAction;
  /** The route a started approval opens, `{id}` its id. */
  opens: string;
  /** A context path the page needs (`project.projectId`) and what to tell the user while it is empty. */
  requires?: { path: string; text: string };
}

/**
 * The page kinds and the file type of each: the one map the renderer registry is typed by. A module that brings
 * a kind of its own adds it here by declaration merging (`declare module '.../engine/types'`).
 */
export interface PageKinds {
  crud: CrudPageFile;
  dashboard: DashboardPageFile;
  tabs: TabsPageFile;
  custom: CustomPageFile;
  detail: DetailPageFile;
  sheet: SheetPageFile;
  approval: ApprovalPageFile;
  processes: ProcessesPageFile;
}

export type PageKind = keyof PageKinds;
export type PageFile = PageKinds[PageKind];

export type SchemaFile = FormSchemaFile | DialogSchemaFile | WizardSchemaFile | PageFile;
export type SchemaKind = SchemaFile['kind'];

/** `schemas/apis/*.json`: named API descriptors the app calls by name. */
export interface ApiCatalogFile {
  kind: 'apis';
  id: string;
  apis: Record<string, ApiDescriptor>;
}

/** `schemas/site/site.json`: texts of the public pages (filing number, copyright, browser note). */
export interface SiteFile {
  kind: 'site';
  id: string;
  icp: { number: string; url: string };
  copyright: string;
  browserNote: string;
  loginSlogan: string;
}
