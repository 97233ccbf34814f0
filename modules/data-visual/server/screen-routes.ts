/**
 * The big screens in 数据可视化 (screen-designs.ts): the designer opens 项目大屏 or 公司大屏, saves a new design or goes
 * back to the shipped one, and the screens draw the newest design through the core's screen hook
 * (app.services.portal.screens.setSource):
 *
 *   GET  /api/ldview/v1.0/screens                        the screens, each with its design's revision
 *   GET  /api/ldview/v1.0/screens/:id                    a screen for the designer: its design and the shipped one
 *   PUT  /api/ldview/v1.0/screens/:id/file               save a design: checked, then a new revision
 *   POST /api/ldview/v1.0/screens/:id/reset              back to the shipped design (a new revision)
 *   GET  /api/ldview/v1.0/screens/:id/versions           the saved revisions
 *   GET  /api/ldview/v1.0/screens/:id/panels/:panelId    a chart's figures, for whoever watches the screen
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  chinaDateTime,
  DomainError,
  envelope,
  ok,
  recordAccess,
  requireAuth,
  type Schema,
  type ScreenFile,
  security,
} from '../../../src/server/module-api.js';
import type { ChartPanel } from '../browser/ldview-types.js';
import type { Datasets } from './datasets.js';
import { asDrawn, noScreen, perProject, readyScreen, ScreenMessages, ScreenStore } from './screen-designs.js';

const VIEW = 'ldview:dashboard:view';
const EDIT = 'ldview:dashboard:edit';
const TAGS = ['data-visual'];
const MAX_FILE_CHARS = 200_000;

const loose: Schema = { type: 'object', additionalProperties: true };
const screenParams: Schema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[a-z][a-zA-Z0-9-]*$', maxLength: 64 } },
};
const revisionProperty = {
  type: 'integer',
  minimum: 0,
  errorMessage: { type: '配置版本必须是整数', minimum: '配置版本不能小于0' },
};

type ScreenRequest = FastifyRequest<{ Params: { id: string } }>;

export async function screenRoutes(app: FastifyInstance, datasets: Datasets): Promise<void> {
  const { screens, projects } = app.services.portal;
  const store = new ScreenStore(app.services.db);
  const access = recordAccess(app);
  const now = () => app.services.config.now();
  const permissionsOf = (request: FastifyRequest): ReadonlySet<string> => request.grants?.permissions ?? new Set();
  const when = (at: Date) => chinaDateTime(at).slice(5, 16);

  const shippedOf = (id: string): ScreenFile => {
    const shipped = screens.shipped(id);
    if (!shipped) throw noScreen();
    return shipped;
  };
  /** The design a screen draws now: the newest saved one, as drawn today; undefined for the shipped one. */
  const drawn = async (id: string, shipped: ScreenFile) => {
    const latest = await store.latest(id);
    return latest?.file ? asDrawn(latest.file, shipped) : undefined;
  };
  screens.setSource(drawn);

  app.get(
    '/api/ldview/v1.0/screens',
    {
      config: { auth: 'user', permission: VIEW },
      schema: {
        tags: TAGS,
        summary: 'The big screens a configurator may design',
        description: 'data [{id, title, revision, designed}]: revision 0 and designed false for a screen as shipped.',
        security,
        response: { 200: envelope({ data: { type: 'array', items: loose } }) },
      },
    },
    async () =>
      ok(
        '',
        await Promise.all(
          screens.screens().map(async ({ id, title }) => {
            const latest = await store.latest(id);
            return { id, title, revision: latest?.revision ?? 0, designed: Boolean(latest?.file) };
          }),
        ),
      ),
  );

  app.get(
    '/api/ldview/v1.0/screens/:id',
    {
      config: { auth: 'user', permission: VIEW },
      schema: {
        tags: TAGS,
        summary: 'A big screen for the designer',
        description:
          'data {id, title, columns, perProject, revision, designed, savedByName, savedAt, file, shipped}: `file` the ' +
          "design the screen draws (the shipped one when none was saved or after a reset), `shipped` the screen's " +
          "shipped file with the modules' panels (the panels the designer may add back), `revision` the one a save " +
          'must name.',
        security,
        params: screenParams,
        response: { 200: envelope({ data: loose }) },
      },
    },
    async (request: ScreenRequest) => {
      const { id } = request.params;
      const shipped = shippedOf(id);
      const latest = await store.latest(id);
      const file = latest?.file ? asDrawn(latest.file, shipped) : undefined;
      return ok('', {
        id,
        title: shipped.title,
        columns: shipped.columns ?? 3,
        perProject: perProject(shipped),
        revision: latest?.revision ?? 0,
        designed: file !== undefined,
        savedByName: latest?.savedByName ?? '',
        savedAt: latest ? latest.savedAt.toISOString() : '',
        file: file ?? shipped,
        shipped,
      });
    },
  );

  /** Keeps a new revision of a screen after `revision`, or -409 naming who saved since. */
  const keep = async (request: FastifyRequest, id: string, revision: number, file: ScreenFile | null) => {
    const { user } = requireAuth(request).view;
    const latest = await store.latest(id);
    const conflict = () =>
      new DomainError(
        'conflict',
        ScreenMessages.conflict(latest?.savedByName ?? '', latest ? when(latest.savedAt) : ''),
      );
    if ((latest?.revision ?? 0) !== revision) throw conflict();
    const savedAt = now();
    if (!(await store.keep(id, revision, file, user.name, savedAt))) throw conflict();
    return { revision: revision + 1, savedAt: savedAt.toISOString(), savedByName: user.name };
  };

  app.put<{ Params: { id: string }; Body: { file: unknown; revision: number } }>(
    '/api/ldview/v1.0/screens/:id/file',
    {
      bodyLimit: 2 * MAX_FILE_CHARS,
      config: { auth: 'user', permission: EDIT, title: '保存大屏设计' },
      schema: {
        tags: TAGS,
        summary: "Save a big screen's design as a new revision",
        description:
          'Body {file, revision}: `file` a dashboard file (held to schemas/meta/dashboard.json; its panels are panels ' +
          'of the shipped screen, by id, at the sizes given, or charts of data sets with their query; -400 naming the ' +
          'first fault), `revision` the one the designer opened. The screen draws the new design at once. data ' +
          '{revision, savedAt, savedByName}; -409 when someone saved a newer revision since.',
        security,
        params: screenParams,
        body: {
          type: 'object',
          required: ['file', 'revision'],
          properties: {
            file: { type: 'object', additionalProperties: true, errorMessage: { type: '请提供大屏配置' } },
            revision: revisionProperty,
          },
          errorMessage: { required: { file: '请提供大屏配置', revision: '请提供配置版本' } },
        },
        response: { 200: envelope({ data: loose }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const file = readyScreen(request.body.file, shippedOf(id), datasets, permissionsOf(request));
      if (JSON.stringify(file).length > MAX_FILE_CHARS) throw new DomainError('invalid', ScreenMessages.tooMany);
      return ok(ScreenMessages.saved, await keep(request, id, request.body.revision, file));
    },
  );

  app.post<{ Params: { id: string }; Body: { revision: number } }>(
    '/api/ldview/v1.0/screens/:id/reset',
    {
      config: { auth: 'user', permission: EDIT, title: '恢复大屏默认设计' },
      schema: {
        tags: TAGS,
        summary: 'Back to the shipped design of a big screen',
        description:
          'Body {revision}: the one the designer opened. A new revision without a design: the screen draws its ' +
          "shipped file with the modules' panels again. data {revision, savedAt, savedByName}; -409 as for a save.",
        security,
        params: screenParams,
        body: {
          type: 'object',
          required: ['revision'],
          properties: { revision: revisionProperty },
          errorMessage: { required: { revision: '请提供配置版本' } },
        },
        response: { 200: envelope({ data: loose }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      shippedOf(id);
      return ok(ScreenMessages.reset, await keep(request, id, request.body.revision, null));
    },
  );

  app.get(
    '/api/ldview/v1.0/screens/:id/versions',
    {
      config: { auth: 'user', permission: VIEW },
      schema: {
        tags: TAGS,
        summary: "A big screen's saved designs, newest first",
        description: 'data [{revision, chartCount, savedByName, savedAt}]: chartCount the panels (0 for a reset).',
        security,
        params: screenParams,
        response: { 200: envelope({ data: { type: 'array', items: loose } }) },
      },
    },
    async (request: ScreenRequest) => {
      shippedOf(request.params.id);
      return ok('', await store.versions(request.params.id));
    },
  );

  app.get<{ Params: { id: string; panelId: string }; Querystring: { projectId?: string } }>(
    '/api/ldview/v1.0/screens/:id/panels/:panelId',
    {
      config: { auth: 'user' },
      schema: {
        tags: TAGS,
        summary: "A chart's figures on a big screen",
        description:
          "data [{name, value, series?}] of the chart's saved query: in the project `projectId` names (a screen of " +
          "the chosen project) or over every project the caller may see (the company's screen). The caller must be " +
          "allowed to chart its data set. -404 for a chart the screen's design does not hold.",
        security,
        params: {
          type: 'object',
          required: ['id', 'panelId'],
          properties: {
            id: { type: 'string', pattern: '^[a-z][a-zA-Z0-9-]*$', maxLength: 64 },
            panelId: { type: 'string', pattern: '^[a-z][a-zA-Z0-9-]*$', maxLength: 64 },
          },
        },
        querystring: {
          type: 'object',
          properties: { projectId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: '请选择项目' } },
        },
        response: { 200: envelope({ data: { type: 'array', items: loose } }) },
      },
    },
    async (request) => {
      const { id, panelId } = request.params;
      const shipped = shippedOf(id);
      const design = await drawn(id, shipped);
      const panel = design?.panels.find((each) => each.id === panelId) as ChartPanel | undefined;
      const query = panel?.options?.query;
      if (!panel || !query) throw new DomainError('notFound', '图表不存在或不属于该大屏');
      // Anyone may watch a screen: the chart's data set decides, by the watcher's own permissions.
      const grants = await app.services.admin.permissions.of(requireAuth(request).view.user.id);
      const set = datasets.check(panel.widget, query, grants.permissions);
      let projectIds: string[];
      if (perProject(shipped)) {
        const { projectId } = request.query;
        if (!projectId) throw new DomainError('invalid', '请选择项目');
        await access.checkProject(request, projectId);
        projectIds = [projectId];
      } else {
        projectIds = (await projects.visible(grants.scope)).map((project) => project.id);
      }
      return ok('', await datasets.figures(set, query, projectIds));
    },
  );
}
