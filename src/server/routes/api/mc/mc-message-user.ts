/**
 * /api/MC/McMessageUser/v1.0: the caller's own messages (消息中心 我的消息 and the header's badge). Every call
 * touches only the caller's rows: someone else's message id answers -404, as an unknown one does.
 *   GET    /personalTotal                           -> data: number of the caller's unread messages (every project)
 *   GET    /list?pageNo&pageSize&kind&readFlag      -> data {dataList, total, pageNo, pageSize}
 *   GET    /kinds                                   -> data [{value, label}]: the kinds /list filters on
 *   POST   /read {id}                               -> marks one message read
 *   POST   /readAll                                 -> data {count}: marks every unread message read
 *   DELETE /{id}                                    -> deletes one message
 * Reads, marks and deletes tell the caller's other open pages through the event stream (`message.read`).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { idParams, listQuery } from '../../../http/admin-schemas.js';
import { envelope, pageEnvelope } from '../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../http/route-helpers.js';
import type { MessageKind, MessageKindOption } from '../../../messages/kinds.js';
import type { MessagePage } from '../../../messages/messages.js';
import { bodyOrEmpty, security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';
import { invalidField } from '../../../domain-error.js';

const str = { type: 'string' } as const;
const messageRow = {
  type: 'object',
  required: ['id', 'title', 'content', 'kind', 'kindLabel', 'link', 'time', 'readFlag'],
  properties: {
    id: str,
    title: str,
    content: str,
    category: str,
    kind: str,
    kindLabel: str,
    link: str,
    time: str,
    readFlag: str,
  },
};

const kindOption = {
  type: 'object',
  required: ['value', 'label'],
  properties: { value: str, label: str },
};

const routes: FastifyPluginAsync = async (app) => {
  const { messages } = app.services;

  app.get(
    '/personalTotal',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['messages'],
        summary: 'Unread message count of the caller',
        security,
        response: { 200: envelope({ data: { type: 'integer' } }) },
      },
    },
    async (request): Promise<Envelope<number>> => ok('', await messages.unreadCount(requireAuth(request).view.user.id)),
  );

  app.get<{ Querystring: { pageNo: number; pageSize: number; kind?: MessageKind; readFlag?: '0' | '1' } }>(
    '/list',
    {
      config: { auth: 'user' },
      preValidation: dropEmptyInput,
      schema: {
        tags: ['messages'],
        summary: "The caller's messages, newest first",
        description:
          "kind: one of /kinds' values, the core's and the loaded modules' (empty: all; another: -400); " +
          "readFlag '0' unread, '1' read (empty: both). " +
          'Rows: kindLabel (审批待办, 通知公告, ...), link (the in-app path the message opens, or empty), ' +
          'time "yyyy-MM-dd HH:mm:ss" China time.',
        security,
        querystring: listQuery(app.services.forms.wireSchema('search-message')),
        response: { 200: pageEnvelope(messageRow) },
      },
    },
    async (request): Promise<Envelope<MessagePage & { pageNo: number; pageSize: number }>> => {
      const { pageNo, pageSize, kind, readFlag } = request.query;
      // The kinds depend on the modules loaded, so the query's schema cannot list them.
      if (kind !== undefined && !messages.kinds.has(kind)) throw invalidField('kind', '请选择消息类型');
      const page = await messages.page(requireAuth(request).view.user.id, {
        pageNo,
        pageSize,
        kind,
        readFlag,
      });
      return ok('', { ...page, pageNo, pageSize });
    },
  );

  app.get(
    '/kinds',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['messages'],
        summary: 'The kinds of message, for the search of 我的消息',
        description:
          "The core's kinds (审批待办, 通知公告, ...) and those the loaded modules declare in their module.json " +
          '(messageKinds), in that order: value is the kind /list filters on, label what the screens show.',
        security,
        response: { 200: envelope({ data: { type: 'array', items: kindOption } }) },
      },
    },
    async (): Promise<Envelope<MessageKindOption[]>> => ok('', messages.kinds.options()),
  );

  app.post<{ Body: { id: string } }>(
    '/read',
    {
      config: { auth: 'user', title: '消息已读' },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['messages'],
        summary: "Mark one of the caller's messages read",
        description:
          "Body {id} (a message id from /list or /api/zhgd/workbench/myMessage). Unknown or not the caller's: -404.",
        security,
        body: {
          type: 'object',
          required: ['id'],
          properties: {
            id: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              errorMessage: { required: '请选择消息', minLength: '请选择消息', maxLength: '消息编号格式不正确' },
            },
          },
        },
        response: { 200: envelope() },
      },
    },
    async (request): Promise<Envelope> => {
      const { view } = requireAuth(request);
      await messages.markRead(view.user.id, request.body.id, app.services.config.now());
      return ok('');
    },
  );

  app.post(
    '/readAll',
    {
      config: { auth: 'user', title: '消息全部已读' },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['messages'],
        summary: 'Mark every unread message of the caller read',
        description: 'data {count}: how many were marked.',
        security,
        response: {
          200: envelope({ data: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } } }),
        },
      },
    },
    async (request): Promise<Envelope<{ count: number }>> => {
      const count = await messages.markAllRead(requireAuth(request).view.user.id);
      return ok(count > 0 ? `已将${count}条消息标为已读` : '没有未读消息', { count });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/:id',
    {
      config: { auth: 'user', title: '删除消息' },
      schema: {
        tags: ['messages'],
        summary: "Delete one of the caller's messages",
        description: "Unknown or not the caller's: -404.",
        security,
        params: idParams,
        response: { 200: envelope() },
      },
    },
    async (request): Promise<Envelope> => {
      await messages.remove(requireAuth(request).view.user.id, request.params.id);
      return ok('删除成功');
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/MC/McMessageUser/v1.0';
export default routes;
