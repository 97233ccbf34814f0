/**
 * 数据可视化 (module data-visual): dashboards are the collection ldview-dashboard (its list, new, rename and delete are
 * the collection's own calls); this plugin adds what no file can declare:
 *
 *   GET    /api/ldview/v1.0/datasets                         the data sets the caller may chart, with their fields
 *   POST   /api/ldview/v1.0/preview                          a chart's figures while it is designed (one project)
 *   GET    /api/ldview/v1.0/dashboards/:id                   a dashboard with its file, revision and release
 *   PUT    /api/ldview/v1.0/dashboards/:id/file              save the file: checked, then a new revision
 *   GET    /api/ldview/v1.0/dashboards/:id/versions          the saved revisions
 *   GET    /api/ldview/v1.0/dashboards/:id/panels/:panelId   a saved chart's figures (signed in)
 *   POST   /api/ldview/v1.0/dashboards/:id/release           publish the current revision (release token and links)
 *   DELETE /api/ldview/v1.0/dashboards/:id/release           take the release back: every link stops working
 *   GET    /api/ldview/v1.0/release/:token                   what a release link opens (no login)
 *   GET    /api/ldview/v1.0/release/:token/panels/:panelId   one released chart's figures (no login)
 *   /api/ldview/v1.0/screens/...                              the big screens' designs (screen-routes.ts)
 *
 * A release token opens only its dashboard's published revision and only the figures of that revision's charts,
 * computed by the saved queries in the dashboard's project: the caller names a chart, never a data set, a field or a
 * record.
 */
import type { FastifyRequest } from 'fastify';
import {
  type ModulePlugin,
  chinaDateTime,
  DomainError,
  ensureSecret,
  envelope,
  ok,
  recordAccess,
  requireAuth,
  type Schema,
  security,
} from '../../../src/server/module-api.js';
import {
  CHART_WIDGETS,
  type ChartQuery,
  type ChartWidget,
  type DashboardFile,
  type Release,
} from '../browser/ldview-types.js';
import { DashboardMessages, readyFile } from './dashboard-file.js';
import { DashboardStore, type StoredDashboard } from './dashboard-store.js';
import { Datasets } from './datasets.js';
import { screenRoutes } from './screen-routes.js';
import { SHARE_KEY_ID, ShareLinks, chartPath, releasePath } from './share-links.js';

const VIEW = 'ldview:dashboard:view';
const EDIT = 'ldview:dashboard:edit';
const TAGS = ['data-visual'];
/** A dashboard file is small (its charts' settings); this is far above any real one. */
const MAX_FILE_CHARS = 200_000;

const text = { type: 'string' };
const loose: Schema = { type: 'object', additionalProperties: true };
const rows: Schema = {
  type: 'array',
  items: { type: 'object', properties: { name: text, value: { type: 'number' }, series: text } },
};
const idParams: Schema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
};
const panelParams: Schema = {
  type: 'object',
  required: ['id', 'panelId'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    panelId: { type: 'string', pattern: '^[a-z][a-zA-Z0-9-]*$', maxLength: 64 },
  },
};
const tokenProperty = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  errorMessage: { minLength: DashboardMessages.releaseInvalid, maxLength: DashboardMessages.releaseInvalid },
};
const tokenParams: Schema = { type: 'object', required: ['token'], properties: { token: tokenProperty } };
const tokenPanelParams: Schema = {
  type: 'object',
  required: ['token', 'panelId'],
  properties: { token: tokenProperty, panelId: { type: 'string', maxLength: 64 } },
};
const fieldName = { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$', maxLength: 64 };
const querySchema = {
  type: 'object',
  required: ['dataset', 'measures'],
  additionalProperties: false,
  properties: {
    dataset: { type: 'string', minLength: 1, maxLength: 80, errorMessage: { minLength: '请选择数据集' } },
    groupBy: fieldName,
    bucket: { type: 'string', enum: ['hour', 'day', 'week', 'month'] },
    dateField: fieldName,
    seriesBy: fieldName,
    measures: {
      type: 'array',
      maxItems: 4,
      items: {
        type: 'object',
        required: ['op'],
        additionalProperties: false,
        properties: { op: { type: 'string', enum: ['count', 'sum', 'avg'] }, field: fieldName },
      },
      errorMessage: { maxItems: '指标最多选择4个' },
    },
    filters: { type: 'object', additionalProperties: { type: 'string', maxLength: 100 } },
  },
  errorMessage: { required: { dataset: '请选择数据集', measures: '请至少选择一个指标' } },
};

type IdRequest = FastifyRequest<{ Params: { id: string } }>;
type PanelRequest = FastifyRequest<{ Params: { id: string; panelId: string } }>;

const dataVisual: ModulePlugin = async (app) => {
  const dashboards = app.collections.get('ldview-dashboard');
  if (!dashboards) throw new Error('modules/data-visual: the collection ldview-dashboard is missing');
  const { db } = app.services;
  const { projects } = app.services.portal;
  const store = new DashboardStore(dashboards, db);
  const datasets = new Datasets(app.collections, app.services.dataSets);
  const links = new ShareLinks(await ensureSecret(db, SHARE_KEY_ID));
  const access = recordAccess(app);
  const now = () => app.services.config.now();
  const permissionsOf = (request: FastifyRequest): ReadonlySet<string> => request.grants?.permissions ?? new Set();
  const when = (at: Date | null) => (at ? chinaDateTime(at).slice(5, 16) : '');

  // The file and the share id are the designer's and the release's: lists say only whether it is published.
  dashboards.extendReads(async (read) => {
    for (const row of read) {
      row.published = typeof row.shareId === 'string' && row.shareId !== '';
      delete row.file;
      delete row.shareId;
    }
  });
  dashboards.onWrite(async (write) => {
    if (write.kind === 'remove') await store.forget(write.db, write.id);
  });

  const releaseOf = async (dashboard: StoredDashboard): Promise<Release | null> => {
    if (!dashboard.shareId || dashboard.publishedRevision === null) return null;
    const token = links.token(dashboard.id, dashboard.shareId);
    const file = await store.fileAt(dashboard, dashboard.publishedRevision);
    return {
      token,
      releasePath: releasePath(token),
      revision: dashboard.publishedRevision,
      charts: (file?.panels ?? []).map((panel) => ({
        id: panel.id,
        title: panel.title,
        path: chartPath(token, panel.id),
      })),
    };
  };

  /** A file with no charts yet: what a new dashboard opens with. */
  const emptyFile = (dashboard: StoredDashboard): DashboardFile => ({
    kind: 'dashboard',
    id: 'ldview-new',
    title: dashboard.title,
    columns: 6,
    rowHeight: 240,
    panels: [],
  });

  app.get(
    '/api/ldview/v1.0/datasets',
    {
      config: { auth: 'user', permission: VIEW },
      schema: {
        tags: TAGS,
        summary: 'The data sets the caller may chart',
        description:
          'Every installed collection whose view permission the caller holds: data [{id, title, description, ' +
          'dimensions, numbers, dates, filters}] (fields to group by, to sum or average, whose day/week/month groups, ' +
          "and the collection's declared filters with their choices).",
        security,
        response: { 200: envelope({ data: { type: 'array', items: loose } }) },
      },
    },
    async (request) => ok('', datasets.visible(permissionsOf(request))),
  );

  app.post<{ Body: { projectId: string; widget: ChartWidget; query: ChartQuery } }>(
    '/api/ldview/v1.0/preview',
    {
      // A read that needs a body: nothing to audit.
      config: { auth: 'user', permission: VIEW, audit: false },
      schema: {
        tags: TAGS,
        summary: "A chart's figures while it is designed",
        description:
          'Body {projectId, widget, query}: the figures of the query in one project the caller may see, as the ' +
          "engine's chart panels read them: data [{name, value, series?}]. -400 with a Chinese message for a query " +
          'the data set cannot answer.',
        security,
        body: {
          type: 'object',
          required: ['projectId', 'widget', 'query'],
          properties: {
            projectId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: { minLength: '请选择项目' } },
            widget: { type: 'string', enum: [...CHART_WIDGETS], errorMessage: { enum: '请选择图表类型' } },
            query: querySchema,
          },
          errorMessage: { required: { projectId: '请选择项目', widget: '请选择图表类型', query: '请选择数据集' } },
        },
        response: { 200: envelope({ data: rows }) },
      },
    },
    async (request) => {
      const { projectId, widget } = request.body;
      const query = { ...request.body.query, filters: request.body.query.filters ?? {} };
      await access.checkProject(request, projectId);
      const set = datasets.check(widget, query, permissionsOf(request));
      return ok('', await datasets.figures(set, query, [projectId]));
    },
  );

  app.get(
    '/api/ldview/v1.0/dashboards/:id',
    {
      config: { auth: 'user', permission: VIEW },
      schema: {
        tags: TAGS,
        summary: 'A dashboard with its file, for the designer',
        description:
          'data {id, projectId, title, description, revision, savedByName, savedAt, file, release}: `file` is the ' +
          "engine's dashboard file (kind dashboard), `revision` the one a save must name, `release` the published " +
          "revision's token and links (null when not published). A dashboard of a project the caller cannot see is " +
          '-404 like a missing one.',
        security,
        params: idParams,
        response: { 200: envelope({ data: loose }) },
      },
    },
    async (request: IdRequest) => {
      const { id } = request.params;
      await access.checkRecord(request, dashboards, id);
      const dashboard = await store.byId(id);
      return ok('', {
        id,
        projectId: dashboard.projectId,
        title: dashboard.title,
        description: dashboard.description ?? '',
        revision: dashboard.revision,
        savedByName: dashboard.savedByName ?? '',
        savedAt: dashboard.savedAt ? new Date(dashboard.savedAt).toISOString() : '',
        file: dashboard.file ? (JSON.parse(dashboard.file) as DashboardFile) : emptyFile(dashboard),
        release: await releaseOf(dashboard),
      });
    },
  );

  app.put<{ Params: { id: string }; Body: { file: unknown; revision: number } }>(
    '/api/ldview/v1.0/dashboards/:id/file',
    {
      bodyLimit: 2 * MAX_FILE_CHARS,
      config: { auth: 'user', permission: EDIT, title: '保存看板' },
      schema: {
        tags: TAGS,
        summary: "Save a dashboard's file as a new revision",
        description:
          "Body {file, revision}: `file` a dashboard file (held to schemas/meta/dashboard.json, then each chart's " +
          'query to its data set; -400 看板配置不正确：… naming the first fault), `revision` the one the designer ' +
          'opened or last saved. data {revision, savedAt, savedByName, file}. -409 when someone saved a newer ' +
          'revision since.',
        security,
        params: idParams,
        body: {
          type: 'object',
          required: ['file', 'revision'],
          properties: {
            file: { type: 'object', additionalProperties: true, errorMessage: { type: '请提供看板配置' } },
            revision: {
              type: 'integer',
              minimum: 0,
              errorMessage: { type: '配置版本必须是整数', minimum: '配置版本不能小于0' },
            },
          },
          errorMessage: { required: { file: '请提供看板配置', revision: '请提供配置版本' } },
        },
        response: { 200: envelope({ data: loose }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await access.checkRecord(request, dashboards, id);
      const { user } = requireAuth(request).view;
      const file = readyFile(request.body.file, id, datasets, permissionsOf(request));
      const stored = JSON.stringify(file);
      if (stored.length > MAX_FILE_CHARS) throw new DomainError('invalid', DashboardMessages.tooMany);
      // A rename between the read and the write moves the record's version but not the file's revision: read again
      // and write again. A save of the file in between moves the revision: that one is refused.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const current = await store.byId(id);
        if (current.revision !== request.body.revision)
          throw new DomainError(
            'conflict',
            DashboardMessages.conflict(current.savedByName ?? '', when(current.savedAt)),
          );
        const savedAt = now();
        const revision = current.revision + 1;
        try {
          await dashboards.update(
            id,
            {
              file: stored,
              title: file.title,
              chartCount: file.panels.length,
              revision,
              savedAt: savedAt.toISOString(),
              savedByName: user.name,
            },
            current.version,
            user.id,
          );
        } catch (error) {
          if (error instanceof DomainError && error.problem === 'conflict') continue;
          throw error;
        }
        // The revision before (a demo dashboard's first) is kept too, so the history has every one.
        if (current.file && current.revision > 0)
          await store.keepVersion(
            db,
            id,
            current.revision,
            current.file,
            (JSON.parse(current.file) as DashboardFile).panels.length,
            current.savedByName ?? '',
            current.savedAt ? new Date(current.savedAt) : savedAt,
          );
        await store.keepVersion(db, id, revision, stored, file.panels.length, user.name, savedAt);
        return ok(DashboardMessages.saved, {
          revision,
          savedAt: savedAt.toISOString(),
          savedByName: user.name,
          file,
        });
      }
      const latest = await store.byId(id);
      throw new DomainError('conflict', DashboardMessages.conflict(latest.savedByName ?? '', when(latest.savedAt)));
    },
  );

  app.get(
    '/api/ldview/v1.0/dashboards/:id/versions',
    {
      config: { auth: 'user', permission: VIEW },
      schema: {
        tags: TAGS,
        summary: "A dashboard's saved revisions, newest first",
        description: 'data [{revision, chartCount, savedByName, savedAt, published}].',
        security,
        params: idParams,
        response: { 200: envelope({ data: { type: 'array', items: loose } }) },
      },
    },
    async (request: IdRequest) => {
      const { id } = request.params;
      await access.checkRecord(request, dashboards, id);
      return ok('', await store.versions(await store.byId(id)));
    },
  );

  app.get(
    '/api/ldview/v1.0/dashboards/:id/panels/:panelId',
    {
      config: { auth: 'user', permission: VIEW },
      schema: {
        tags: TAGS,
        summary: "A saved chart's figures",
        description: "data [{name, value, series?}] of the chart's saved query in the dashboard's project.",
        security,
        params: panelParams,
        response: { 200: envelope({ data: rows }) },
      },
    },
    async (request: PanelRequest) => {
      const { id, panelId } = request.params;
      await access.checkRecord(request, dashboards, id);
      const dashboard = await store.byId(id);
      const file = dashboard.file ? (JSON.parse(dashboard.file) as DashboardFile) : undefined;
      return ok('', await figuresOf(file, panelId, dashboard.projectId, permissionsOf(request)));
    },
  );

  /** A chart's figures by its saved query; -404 for a chart the file does not hold. */
  const figuresOf = async (
    file: DashboardFile | undefined,
    panelId: string,
    projectId: string,
    permissions?: ReadonlySet<string>,
  ) => {
    const panel = file?.panels.find((each) => each.id === panelId);
    const query = panel?.options?.query;
    if (!panel || !query) throw new DomainError('notFound', DashboardMessages.chartInvalid);
    const set = datasets.check(panel.widget, query, permissions);
    return datasets.figures(set, query, [projectId]);
  };

  app.post(
    '/api/ldview/v1.0/dashboards/:id/release',
    {
      config: { auth: 'user', permission: EDIT, title: '发布看板' },
      schema: {
        tags: TAGS,
        summary: "Publish a dashboard's current revision",
        description:
          "The release link (/ldview/#/release-page/<token>) and each chart's link (/ldv/chart_viewer?token=&chart=) " +
          'open without a login and show the published revision; publishing again shows the newer revision under ' +
          'the same link. data {token, releasePath, revision, charts}. -400 请先保存看板再发布 for a dashboard never saved.',
        security,
        params: idParams,
        response: { 200: envelope({ data: loose }) },
      },
    },
    async (request: IdRequest) => {
      const { id } = request.params;
      await access.checkRecord(request, dashboards, id);
      const dashboard = await store.byId(id);
      if (!dashboard.file || dashboard.revision === 0) throw new DomainError('invalid', DashboardMessages.notSaved);
      await store.publish(id, ShareLinks.newShareId(), dashboard.revision);
      return ok(DashboardMessages.published, await releaseOf(await store.byId(id)));
    },
  );

  app.delete(
    '/api/ldview/v1.0/dashboards/:id/release',
    {
      config: { auth: 'user', permission: EDIT, title: '取消发布看板' },
      schema: {
        tags: TAGS,
        summary: "Take a dashboard's release back",
        description: 'Every release and chart link given out before stops working; publishing again makes a new one.',
        security,
        params: idParams,
        response: { 200: envelope() },
      },
    },
    async (request: IdRequest) => {
      const { id } = request.params;
      await access.checkRecord(request, dashboards, id);
      await store.unpublish(id);
      return ok(DashboardMessages.unpublished);
    },
  );

  /** The dashboard a release token opens, with its published file; -404 for a token revoked or altered. */
  const released = async (token: string) => {
    const shareId = ShareLinks.shareIdOf(token);
    const dashboard = shareId ? await store.byShareId(shareId) : undefined;
    if (!dashboard || !shareId || !links.verifies(token, dashboard.id, shareId) || dashboard.publishedRevision === null)
      throw new DomainError('notFound', DashboardMessages.releaseInvalid);
    const file = await store.fileAt(dashboard, dashboard.publishedRevision);
    if (!file) throw new DomainError('notFound', DashboardMessages.releaseInvalid);
    return { dashboard, file };
  };

  app.get(
    '/api/ldview/v1.0/release/:token',
    {
      schema: {
        tags: TAGS,
        summary: 'What a release link opens (no login)',
        description:
          "data {title, projectName, revision, file}: the published revision's dashboard file, each chart reading " +
          'its figures from the release (its query left out). -404 发布链接无效或已被取消 for a link taken back or ' +
          'altered.',
        params: tokenParams,
        response: { 200: envelope({ data: loose }) },
      },
    },
    async (request: FastifyRequest<{ Params: { token: string } }>) => {
      const { token } = request.params;
      const { dashboard, file } = await released(token);
      const project = await projects.byId({ all: true }, dashboard.projectId);
      return ok('', {
        title: file.title,
        projectName: project.name,
        revision: dashboard.publishedRevision,
        file: {
          ...file,
          panels: file.panels.map(({ options: _query, ...panel }) => ({
            ...panel,
            api: {
              method: 'GET',
              url: `/api/ldview/v1.0/release/${encodeURIComponent(token)}/panels/${panel.id}`,
              resultPath: 'data',
            },
          })),
        },
      });
    },
  );

  app.get(
    '/api/ldview/v1.0/release/:token/panels/:panelId',
    {
      schema: {
        tags: TAGS,
        summary: "One released chart's figures (no login)",
        description:
          "data [{name, value, series?}]: the chart's figures by its published query in the dashboard's project. " +
          '-404 for a link taken back or altered, or a chart the published revision does not hold.',
        params: tokenPanelParams,
        response: { 200: envelope({ data: rows }) },
      },
    },
    async (request: FastifyRequest<{ Params: { token: string; panelId: string } }>) => {
      const { token, panelId } = request.params;
      const { dashboard, file } = await released(token);
      return ok('', await figuresOf(file, panelId, dashboard.projectId));
    },
  );

  await screenRoutes(app, datasets);
};

export default dataVisual;
