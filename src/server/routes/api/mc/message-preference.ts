/**
 * /api/MC/McMessagePreference/v1.0: the caller's own choice of channels per message kind (消息中心 接收设置). Every
 * message lands in 我的消息; a kind may also go by SMS to the caller's phone and to the project's group robot.
 *   GET /list       -> data {dataList, total}: one row per kind the portal knows (the core's and the modules')
 *   PUT /{kind}     (schemas/forms/message-preference.json: sms, robot) -> data: the row
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope, pageEnvelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';
import type { PreferenceRow } from '../../../messages/preferences.js';

const str = { type: 'string' } as const;
const preferenceRow = {
  type: 'object',
  required: ['id', 'kind', 'kindLabel', 'categoryLabel', 'inApp', 'sms', 'robot'],
  properties: {
    id: str,
    kind: str,
    kindLabel: str,
    categoryLabel: str,
    inApp: str,
    sms: { type: 'boolean' },
    robot: { type: 'boolean' },
  },
};

type WirePreference = Omit<PreferenceRow, 'sms' | 'robot'> & { sms: boolean; robot: boolean };

const wire = (row: PreferenceRow): WirePreference => ({ ...row, sms: row.sms === '1', robot: row.robot === '1' });

const routes: FastifyPluginAsync = async (app) => {
  const { messagePreferences, forms } = app.services;

  app.get(
    '/list',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['messages'],
        summary: "The caller's channels per message kind",
        security,
        response: { 200: pageEnvelope(preferenceRow, { paging: null }) },
      },
    },
    async (request): Promise<Envelope<{ dataList: WirePreference[]; total: number }>> => {
      const rows = await messagePreferences.list(requireAuth(request).view.user.id);
      return ok('', { dataList: rows.map(wire), total: rows.length });
    },
  );

  app.put<{ Params: { id: string }; Body: unknown }>(
    '/:id',
    {
      config: { auth: 'user', title: '修改消息接收设置' },
      schema: {
        tags: ['messages'],
        summary: 'Choose the channels of one message kind',
        description: 'Body: schemas/forms/message-preference.json. An unknown kind: -400.',
        security,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
        body: forms.wireSchema('message-preference'),
        response: { 200: envelope({ data: preferenceRow }) },
      },
    },
    async (request): Promise<Envelope<WirePreference>> => {
      const input = forms.validate<{ sms?: boolean; robot?: boolean }>('message-preference', request.body);
      const row = await messagePreferences.save(requireAuth(request).view.user.id, request.params.id, {
        sms: input.sms === true,
        robot: input.robot === true,
      });
      return ok('保存成功', wire(row));
    },
  );
};

/** The URL prefix of this file's routes. */
export const prefix = '/api/MC/McMessagePreference/v1.0';
export default routes;
