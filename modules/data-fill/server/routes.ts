/**
 * The calls of 数据填报 (/api/ldf/v1.0): forms and templates, tasks with their fills and results (Excel), the
 * filler's own fills (draft, submit), the review (accept or return with a comment), and the same fill opened through
 * its filler's signed link without a login.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DomainError,
  chinaDate,
  invalidField,
  loadExcel,
  ok,
  requireAuth,
  sendXlsx,
  type FormFile,
} from '../../../src/server/module-api.js';
import { FillLinks, fillPath } from './fill-links.js';
import { checkedForm, FormMessages, formTemplates, orderedFields, type FillValidation } from './forms.js';
import { FillStore, type FillRow, type TargetType } from './store.js';
import type { Period } from './periods.js';

export const FillMessages = {
  taskNotFound: '填报任务不存在',
  fillNotFound: '填报不存在',
  linkInvalid: '填报链接无效，请向管理员重新获取',
  linkExpired: '填报链接已过期，请向管理员重新获取',
  notEditable: '该填报已提交，不能再修改',
  notReviewable: '只能审核已提交的填报',
  returnNeedsComment: '退回时请填写退回意见',
  targetOutOfScope: '所选填报对象不在您的管理范围内',
  noAssignee: '所选填报对象下没有可填报的人员',
} as const;

const STATUS_LABELS: Record<string, string> = {
  pending: '待填报',
  draft: '已暂存',
  submitted: '待审核',
  returned: '已退回',
  accepted: '已通过',
};

interface Deps {
  store: FillStore;
  links: FillLinks;
  validation: FillValidation;
  moduleDir: string;
  now: () => Date;
}

const VIEW = 'ldf:task:view';
const EDIT = 'ldf:task:edit';
const text = (max: number, message: string) => ({
  type: 'string',
  maxLength: max,
  errorMessage: { maxLength: message },
});
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } };

export async function fillRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { store, links, validation, now } = deps;
  const { projects } = app.services.portal;
  const scopeOf = (request: FastifyRequest) => projects.scopeOf(requireAuth(request).view.user.id);
  const templates = formTemplates(deps.moduleDir);

  const taskInScope = async (request: FastifyRequest, id: string) => {
    const task = await store.task(id);
    const scope = await scopeOf(request);
    if (!task || (!scope.all && task.company_id !== scope.companyId))
      throw new DomainError('notFound', FillMessages.taskNotFound);
    return task;
  };
  const formOf = async (id: string) => {
    const form = await store.form(id);
    if (!form) throw new DomainError('notFound', FormMessages.notFound);
    return form;
  };
  /** A fill as its form shows it: values, state and the form file to render. */
  const fillView = async (fill: FillRow) => {
    const task = await store.task(fill.task_id);
    const form = await formOf(task!.form_id);
    return {
      id: fill.id,
      taskTitle: task!.title,
      periodLabel: fill.period_label,
      deadline: fill.deadline,
      status: fill.status,
      statusLabel: STATUS_LABELS[fill.status],
      comment: fill.comment ?? '',
      fillerName: fill.filler_name,
      projectName: fill.project_name ?? '',
      data: fill.data,
      form: form.definition,
      editable: ['pending', 'draft', 'returned'].includes(fill.status),
    };
  };
  /** Saves a draft (kept as typed, only the form's own fields) or submits (validated by the form's rules). */
  const save = async (fill: FillRow, body: unknown, submit: boolean) => {
    if (!['pending', 'draft', 'returned'].includes(fill.status))
      throw new DomainError('conflict', FillMessages.notEditable);
    const task = (await store.task(fill.task_id))!;
    const form = await formOf(task.form_id);
    const values = (body as { data?: unknown } | null)?.data ?? {};
    if (submit) {
      const valid = validation.validate(form.id, form.version, form.definition, values);
      await store.saveFill(fill.id, valid, 'submitted');
    } else {
      const fields = Object.keys(form.definition.schema.properties ?? {});
      const kept = Object.fromEntries(
        Object.entries(values as Record<string, unknown>).filter(([key]) => fields.includes(key)),
      );
      await store.saveFill(fill.id, kept, 'draft');
    }
    return ok(submit ? '已提交' : '已暂存', await fillView((await store.fill(fill.id))!));
  };

  // Forms and templates.
  app.get('/api/ldf/v1.0/forms', { config: { auth: 'user', permission: VIEW } }, async (request) => {
    const forms = await store.forms(await scopeOf(request));
    return ok(
      '',
      forms.map((form) => ({ id: form.id, title: form.title, version: form.version, definition: form.definition })),
    );
  });
  app.get('/api/ldf/v1.0/form-templates', { config: { auth: 'user', permission: VIEW } }, async () =>
    ok(
      '',
      templates.map((file) => ({ id: file.id, title: file.title ?? file.id, definition: file })),
    ),
  );
  const formBody = {
    type: 'object',
    required: ['title', 'definition'],
    properties: {
      title: {
        type: 'string',
        minLength: 1,
        maxLength: 50,
        errorMessage: {
          required: '请输入表单名称',
          minLength: '请输入表单名称',
          maxLength: '表单名称不能超过50个字符',
        },
      },
      definition: { type: 'object', errorMessage: { required: '请设计表单字段', type: '表单格式不正确' } },
    },
  };
  const saveForm = async (
    request: FastifyRequest<{ Params: { id?: string }; Body: { title: string; definition: unknown } }>,
  ) => {
    const scope = await scopeOf(request);
    if (request.params.id && !(await store.form(request.params.id, scope)))
      throw new DomainError('notFound', FormMessages.notFound);
    const file = checkedForm(request.body.definition);
    const id = await store.saveForm(request.params.id, scope, requireAuth(request).view.user.id, request.body.title, {
      ...file,
      title: request.body.title,
    } as FormFile);
    return ok('表单已保存', { id });
  };
  app.post(
    '/api/ldf/v1.0/forms',
    { config: { auth: 'user', permission: EDIT, title: '新建填报表单' }, schema: { body: formBody } },
    saveForm,
  );
  app.put(
    '/api/ldf/v1.0/forms/:id',
    { config: { auth: 'user', permission: EDIT, title: '修改填报表单' }, schema: { params: idParams, body: formBody } },
    saveForm,
  );

  // Tasks.
  app.get<{ Querystring: { type: TargetType } }>(
    '/api/ldf/v1.0/targets',
    {
      config: { auth: 'user', permission: EDIT },
      schema: {
        querystring: {
          type: 'object',
          required: ['type'],
          properties: { type: { enum: ['office', 'project', 'user'], errorMessage: '请选择填报对象类型' } },
        },
      },
    },
    async (request) => ok('', await store.targetOptions(await scopeOf(request), request.query.type)),
  );
  app.get('/api/ldf/v1.0/tasks', { config: { auth: 'user', permission: VIEW } }, async (request) => {
    const today = chinaDate(now());
    return ok(
      '',
      (await store.tasks(await scopeOf(request))).map((task) => ({
        id: task.id,
        title: task.title,
        formTitle: task.form_title,
        targetType: task.target_type,
        period: task.period,
        due: task.due,
        total: task.total,
        submitted: task.submitted,
        overdue: task.overdue,
        today,
      })),
    );
  });
  app.post<{
    Body: { title: string; formId: string; targetType: TargetType; targetIds: string[]; period: Period; due: string };
  }>(
    '/api/ldf/v1.0/tasks',
    {
      config: { auth: 'user', permission: EDIT, title: '新建填报任务' },
      schema: {
        body: {
          type: 'object',
          required: ['title', 'formId', 'targetType', 'targetIds', 'period', 'due'],
          properties: {
            title: {
              type: 'string',
              minLength: 1,
              maxLength: 50,
              errorMessage: {
                required: '请输入任务名称',
                minLength: '请输入任务名称',
                maxLength: '任务名称不能超过50个字符',
              },
            },
            formId: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              errorMessage: { required: '请选择表单', minLength: '请选择表单' },
            },
            targetType: {
              enum: ['office', 'project', 'user'],
              errorMessage: { required: '请选择填报对象类型', enum: '请选择填报对象类型' },
            },
            targetIds: {
              type: 'array',
              minItems: 1,
              maxItems: 500,
              items: { type: 'string', maxLength: 64 },
              errorMessage: { required: '请选择填报对象', minItems: '请选择填报对象' },
            },
            period: {
              enum: ['once', 'weekly', 'monthly'],
              errorMessage: { required: '请选择填报周期', enum: '请选择填报周期' },
            },
            due: { type: 'string', maxLength: 10, errorMessage: { required: '请设置截止日期' } },
          },
        },
      },
    },
    async (request) => {
      const scope = await scopeOf(request);
      const { title, formId, targetType, targetIds, period, due } = request.body;
      if (!(await store.form(formId, scope))) throw invalidField('formId', FormMessages.notFound);
      const dueOk =
        period === 'once'
          ? /^\d{4}-\d{2}-\d{2}$/.test(due)
          : period === 'weekly'
            ? /^[1-7]$/.test(due)
            : /^([1-9]|1\d|2[0-8])$/.test(due);
      if (!dueOk)
        throw invalidField(
          'due',
          period === 'once' ? '请选择截止日期' : period === 'weekly' ? '请选择每周截止的星期' : '每月截止日须为1到28日',
        );
      const ids = [...new Set(targetIds)];
      const allowed = await store.targetsInScope(scope, targetType, ids);
      if (ids.some((id) => !allowed.has(id))) throw invalidField('targetIds', FillMessages.targetOutOfScope);
      if ((await store.assignees(targetType, ids)).length === 0)
        throw invalidField('targetIds', FillMessages.noAssignee);
      const task = {
        id: randomUUID(),
        company_id: FillStore.companyOf(scope),
        title,
        form_id: formId,
        target_type: targetType,
        target_ids: ids,
        period,
        due,
        created_by: requireAuth(request).view.user.id,
      };
      await store.createTask(task);
      const opened = await store.openPeriod({ ...task, created_at: now() }, chinaDate(now()));
      return ok(`任务已下发给${opened}人`, { id: task.id, opened });
    },
  );
  const resultRows = (fills: FillRow[]) =>
    fills.map((fill) => ({
      id: fill.id,
      periodLabel: fill.period_label,
      fillerName: fill.filler_name,
      projectName: fill.project_name ?? '',
      deadline: fill.deadline,
      status: fill.status,
      statusLabel: STATUS_LABELS[fill.status],
      comment: fill.comment ?? '',
      submittedAt: fill.submitted_at ? new Date(fill.submitted_at).toISOString() : '',
      data: fill.data,
    }));
  app.get<{ Params: { id: string } }>(
    '/api/ldf/v1.0/tasks/:id',
    { config: { auth: 'user', permission: VIEW }, schema: { params: idParams } },
    async (request) => {
      const task = await taskInScope(request, request.params.id);
      const form = await formOf(task.form_id);
      const fills = await store.fills(task.id);
      return ok('', {
        id: task.id,
        title: task.title,
        period: task.period,
        due: task.due,
        targetType: task.target_type,
        form: form.definition,
        fills: resultRows(fills).map((row, index) => ({
          ...row,
          link: fillPath(links.token(row.id, fills[index]!.filler_id)),
        })),
      });
    },
  );
  app.get<{ Params: { id: string } }>(
    '/api/ldf/v1.0/tasks/:id/export',
    { config: { auth: 'user', permission: VIEW }, schema: { params: idParams } },
    async (request, reply) => {
      const task = await taskInScope(request, request.params.id);
      const form = await formOf(task.form_id);
      const fields = orderedFields(form.definition);
      const ExcelJS = await loadExcel();
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('填报结果');
      sheet.addRow([
        '填报周期',
        '填报人',
        '项目',
        '截止日期',
        '状态',
        ...fields.map(([name, field]) => field.title ?? name),
        '审核意见',
      ]);
      sheet.getRow(1).font = { bold: true };
      for (const row of resultRows(await store.fills(task.id)))
        sheet.addRow([
          row.periodLabel,
          row.fillerName,
          row.projectName,
          row.deadline,
          row.statusLabel,
          ...fields.map(([name]) => cell(row.data[name])),
          row.comment,
        ]);
      sheet.columns.forEach((column) => (column.width = 16));
      const bytes = Buffer.from(await book.xlsx.writeBuffer());
      return sendXlsx(reply, bytes, 'fill-results.xlsx', `${task.title}-填报结果.xlsx`);
    },
  );

  // Review.
  app.post<{ Params: { id: string }; Body: { decision: 'accept' | 'return'; comment?: string } }>(
    '/api/ldf/v1.0/fills/:id/review',
    {
      config: { auth: 'user', permission: EDIT, title: '审核填报' },
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['decision'],
          properties: {
            decision: { enum: ['accept', 'return'], errorMessage: '请选择审核结果' },
            comment: text(200, '审核意见不能超过200个字符'),
          },
        },
      },
    },
    async (request) => {
      const fill = await store.fill(request.params.id);
      if (!fill) throw new DomainError('notFound', FillMessages.fillNotFound);
      await taskInScope(request, fill.task_id);
      if (fill.status !== 'submitted') throw new DomainError('conflict', FillMessages.notReviewable);
      const comment = (request.body.comment ?? '').trim();
      if (request.body.decision === 'return' && !comment)
        throw invalidField('comment', FillMessages.returnNeedsComment);
      await store.review(
        fill.id,
        request.body.decision === 'accept' ? 'accepted' : 'returned',
        comment,
        requireAuth(request).view.user.id,
      );
      return ok(request.body.decision === 'accept' ? '已通过' : '已退回', await fillView((await store.fill(fill.id))!));
    },
  );

  // The filler's own fills.
  const ownFill = async (request: FastifyRequest, id: string) => {
    const fill = await store.fill(id);
    if (!fill || fill.filler_id !== requireAuth(request).view.user.id)
      throw new DomainError('notFound', FillMessages.fillNotFound);
    return fill;
  };
  app.get('/api/ldf/v1.0/fills/mine', { config: { auth: 'user' } }, async (request) => {
    const today = chinaDate(now());
    return ok(
      '',
      (await store.fillsOf(requireAuth(request).view.user.id)).map((fill) => ({
        id: fill.id,
        taskTitle: fill.task_title,
        periodLabel: fill.period_label,
        projectName: fill.project_name ?? '',
        deadline: fill.deadline,
        status: fill.status,
        statusLabel: STATUS_LABELS[fill.status],
        comment: fill.comment ?? '',
        overdue: ['pending', 'draft', 'returned'].includes(fill.status) && fill.deadline < today,
      })),
    );
  });
  app.get<{ Params: { id: string } }>(
    '/api/ldf/v1.0/fills/:id',
    { config: { auth: 'user' }, schema: { params: idParams } },
    async (request) => ok('', await fillView(await ownFill(request, request.params.id))),
  );
  app.put<{ Params: { id: string } }>(
    '/api/ldf/v1.0/fills/:id/draft',
    { config: { auth: 'user', title: '暂存填报' }, schema: { params: idParams } },
    async (request) => save(await ownFill(request, request.params.id), request.body, false),
  );
  app.post<{ Params: { id: string } }>(
    '/api/ldf/v1.0/fills/:id/submit',
    { config: { auth: 'user', title: '提交填报' }, schema: { params: idParams } },
    async (request) => save(await ownFill(request, request.params.id), request.body, true),
  );

  // The same, through the filler's signed link, without a login.
  const linkedFill = async (token: string) => {
    const id = FillLinks.fillOf(token);
    const fill = id ? await store.fill(id) : undefined;
    const verdict = fill ? links.check(token, fill.id, fill.filler_id) : 'invalid';
    if (verdict === 'expired') throw new DomainError('forbidden', FillMessages.linkExpired);
    if (verdict !== 'ok' || !fill) throw new DomainError('forbidden', FillMessages.linkInvalid);
    return fill;
  };
  const tokenParams = {
    type: 'object',
    required: ['token'],
    properties: { token: { type: 'string', maxLength: 200, errorMessage: FillMessages.linkInvalid } },
  };
  app.get<{ Params: { token: string } }>(
    '/api/ldf/v1.0/link/:token',
    { schema: { params: tokenParams } },
    async (request) => ok('', await fillView(await linkedFill(request.params.token))),
  );
  app.put<{ Params: { token: string } }>(
    '/api/ldf/v1.0/link/:token/draft',
    { config: { title: '暂存填报（链接）' }, schema: { params: tokenParams } },
    async (request) => save(await linkedFill(request.params.token), request.body, false),
  );
  app.post<{ Params: { token: string } }>(
    '/api/ldf/v1.0/link/:token/submit',
    { config: { title: '提交填报（链接）' }, schema: { params: tokenParams } },
    async (request) => save(await linkedFill(request.params.token), request.body, true),
  );
}

/** A value as a cell shows it: yes/no for a switch, the text of anything else. */
function cell(value: unknown): string | number {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number') return value;
  return Array.isArray(value) ? value.join('、') : String(value);
}
