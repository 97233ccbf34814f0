/**
 * /api/MC/McNotice/v1.0: notices (系统通知). Publishing and withdrawing need `mc:notice:edit` (系统通知 发布, an
 * administrator's grant); reading is for the notice's audience (everyone, members of an office and its sub-offices,
 * or holders of a role), and for those who may publish.
 *   GET    /list?pageNo&pageSize&title   -> data {dataList, total, pageNo, pageSize}
 *   GET    /audiences                    -> data {offices: [{id, name}], roles: [{id, name}]} (mc:notice:edit)
 *   GET    /{id}                         -> data: the notice with its sanitized HTML and attachments; reading it
 *                                           marks the caller's message of it read
 *   POST   /   (schemas/forms/mc-notice.json) -> data {id, recipients} (mc:notice:edit)
 *   DELETE /{id}                         -> withdraws the notice and its messages (mc:notice:edit)
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { adminConfig, idParams, listQuery, needs } from '../../../http/admin-schemas.js';
import { envelope, pageEnvelope } from '../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../http/route-helpers.js';
import type { NoticeDetail, NoticeInput, NoticeRow } from '../../../messages/notices.js';
import { officeInScope } from '../../../accounts/data-scope.js';
import { holdsAny } from '../../../accounts/permissions.js';
import { security } from '../../../http/portal-schemas.js';
import { requireAuth, requireGrants } from '../../../http/request-context.js';

export const NOTICE_EDIT = 'mc:notice:edit';

const str = { type: 'string' } as const;
const noticeRow = {
  type: 'object',
  required: ['id', 'title', 'audience', 'audienceLabel', 'recipients', 'publisherName', 'publishDate'],
  properties: {
    id: str,
    title: str,
    audience: str,
    audienceLabel: str,
    recipients: { type: 'integer' },
    publisherName: str,
    publishDate: str,
  },
};
const option = { type: 'object', required: ['id', 'name'], properties: { id: str, name: str } };

const routes: FastifyPluginAsync = async (app) => {
  const { notices, forms, admin, db } = app.services;

  /** Whether the caller reads every notice: a publisher who sees every company. */
  const seesAll = async (request: FastifyRequest) => {
    const grants = await admin.permissions.of(requireAuth(request).view.user.id);
    return holdsAny(grants, [NOTICE_EDIT]) && grants.scope.all;
  };

  app.get<{ Querystring: { pageNo: number; pageSize: number; title?: string } }>(
    '/list',
    {
      config: { auth: 'user' },
      preValidation: dropEmptyInput,
      schema: {
        tags: ['messages'],
        summary: 'Notices the caller may read, newest first',
        description: 'A publisher (mc:notice:edit) sees every notice; others those addressed to them.',
        security,
        querystring: listQuery(forms.wireSchema('search-notice')),
        response: { 200: pageEnvelope(noticeRow) },
      },
    },
    async (request): Promise<Envelope<{ dataList: NoticeRow[]; total: number; pageNo: number; pageSize: number }>> => {
      const { pageNo, pageSize, title } = request.query;
      const page = await notices.page(requireAuth(request).view.user.id, await seesAll(request), {
        pageNo,
        pageSize,
        title,
      });
      return ok('', { ...page, pageNo, pageSize });
    },
  );

  app.get(
    '/audiences',
    {
      config: { ...adminConfig(NOTICE_EDIT, '通知接收范围'), audit: false },
      schema: {
        tags: ['messages'],
        summary: 'Offices and roles a notice can be addressed to',
        description: needs(NOTICE_EDIT),
        security,
        response: {
          200: envelope({
            data: {
              type: 'object',
              required: ['offices', 'roles'],
              properties: { offices: { type: 'array', items: option }, roles: { type: 'array', items: option } },
            },
          }),
        },
      },
    },
    async (
      request,
    ): Promise<Envelope<{ offices: { id: string; name: string }[]; roles: { id: string; name: string }[] }>> => {
      const scope = requireGrants(request).scope;
      const [offices, roles] = await Promise.all([
        db
          .selectFrom('sys_office')
          .select(['id', 'name', 'parent_ids'])
          .where('del_flag', '=', '0')
          .orderBy('parent_ids')
          .orderBy('name')
          .execute(),
        db.selectFrom('sys_role').select(['id', 'name']).where('del_flag', '=', '0').orderBy('name').execute(),
      ]);
      // Offices of the caller's data scope only; a role's members are cut to that scope when the notice goes out.
      const visible = offices.filter((office) => officeInScope(office, scope)).map(({ id, name }) => ({ id, name }));
      return ok('', { offices: visible, roles });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['messages'],
        summary: 'One notice',
        description: 'content is sanitized HTML. Not addressed to the caller, or unknown: -404 通知不存在.',
        security,
        params: idParams,
        response: {
          200: envelope({
            data: {
              ...noticeRow,
              required: [...noticeRow.required, 'content', 'attachments'],
              properties: {
                ...noticeRow.properties,
                content: str,
                attachments: { type: 'array', items: str },
              },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<NoticeDetail>> =>
      ok('', await notices.read(requireAuth(request).view.user.id, await seesAll(request), request.params.id)),
  );

  app.post<{ Body: NoticeInput }>(
    '/',
    {
      config: adminConfig(NOTICE_EDIT, '发布通知'),
      schema: {
        tags: ['messages'],
        summary: 'Publish a notice',
        description:
          'Body: schemas/forms/mc-notice.json. audience all | office (officeId) | role (roleId); content HTML, ' +
          'sanitized on the server (tags of formatting, links; no script, style or event handlers); attachments ' +
          `addresses from POST /api/zhgd/base/uploadAttachment. data {id, recipients}. ${needs(NOTICE_EDIT)}`,
        security,
        body: forms.wireSchema('mc-notice'),
        response: {
          200: envelope({
            data: {
              type: 'object',
              required: ['id', 'recipients'],
              properties: { id: str, recipients: { type: 'integer' } },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<{ id: string; recipients: number }>> => {
      const published = await notices.publish(
        request.body,
        requireAuth(request).view.user.id,
        requireGrants(request).scope,
      );
      return ok(`发布成功，已通知${published.recipients}人`, published);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    {
      config: adminConfig(NOTICE_EDIT, '撤回通知'),
      schema: {
        tags: ['messages'],
        summary: 'Withdraw a notice',
        description: `Its messages go with it. ${needs(NOTICE_EDIT)}`,
        security,
        params: idParams,
        response: { 200: envelope() },
      },
    },
    async (request): Promise<Envelope> => {
      await notices.remove(request.params.id);
      return ok('撤回成功');
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/MC/McNotice/v1.0';
export default routes;
