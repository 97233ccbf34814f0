/**
 * /api/userTheme/v1.0: the caller's saved preference (theme, and the selected project as JSON text in remarks,
 * which the client restores after login). Only one's own userId: anyone else's is -403.
 *   POST /insertOrUpdate {theme (default 'default'), userId, remarks} -> data UserTheme
 *   GET  /get?userId (default: the caller)                              -> data UserTheme ({remarks: ''} if none)
 */
import type { FastifyPluginAsync } from 'fastify';
import { MsgCode, type Envelope } from '../../../../shared/envelope.js';
import { ApiError, Messages } from '../../../http/api-error.js';
import { envelope, type Schema } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import type { UserTheme } from '../../../portal/user-theme.js';
import { bodyOrEmpty, security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

const userIdProperty: Schema = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  errorMessage: { required: '请填写用户编号', minLength: '请填写用户编号', maxLength: '用户编号格式不正确' },
};

const themeSchema: Schema = {
  type: 'object',
  required: ['userId', 'theme', 'remarks', 'updateDate'],
  properties: {
    userId: { type: 'string' },
    theme: { type: 'string' },
    remarks: { type: 'string', description: "JSON text of the selected project; '' when nothing was saved" },
    updateDate: { type: 'string', description: "ISO 8601; '' when nothing was saved" },
  },
};

function isJsonObjectText(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

interface SaveBody {
  theme?: string;
  userId: string;
  remarks?: string;
}

const routes: FastifyPluginAsync = async (app) => {
  const ownOnly = (callerId: string, userId: string) => {
    if (callerId !== userId) throw new ApiError(MsgCode.forbidden, Messages.forbidden);
  };

  app.post<{ Body: SaveBody }>(
    '/insertOrUpdate',
    {
      config: { auth: 'user', title: '保存主题和项目' },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['workbench'],
        summary: "Save the caller's theme and selected project",
        description:
          'remarks must be the JSON text of an object (the selected project) or empty; -400 项目信息格式不正确 ' +
          'otherwise. userId other than the caller: -403.',
        security,
        body: {
          type: 'object',
          required: ['userId'],
          properties: {
            theme: {
              type: 'string',
              pattern: '^[A-Za-z0-9_-]{1,32}$',
              default: 'default',
              errorMessage: { pattern: '主题名称格式不正确', type: '主题名称格式不正确' },
            },
            userId: userIdProperty,
            remarks: {
              type: 'string',
              maxLength: 4000,
              default: '',
              errorMessage: { type: '项目信息格式不正确', maxLength: '项目信息不能超过4000个字符' },
            },
          },
        },
        response: { 200: envelope({ data: themeSchema }) },
      },
    },
    async (request): Promise<Envelope<UserTheme>> => {
      const { view } = requireAuth(request);
      const { theme = 'default', userId, remarks = '' } = request.body;
      ownOnly(view.user.id, userId);
      if (remarks !== '' && !isJsonObjectText(remarks))
        throw new ApiError(MsgCode.invalidInput, '项目信息格式不正确', {
          errors: [{ field: 'remarks', message: '项目信息格式不正确' }],
        });
      return ok('', await app.services.portal.userThemes.save(userId, theme, remarks, app.services.config.now()));
    },
  );

  app.get<{ Querystring: { userId?: string } }>(
    '/get',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['workbench'],
        summary: "The caller's saved theme and selected project",
        description: "userId defaults to the caller; anyone else's: -403.",
        security,
        querystring: { type: 'object', properties: { userId: userIdProperty } },
        response: { 200: envelope({ data: themeSchema }) },
      },
    },
    async (request): Promise<Envelope<UserTheme>> => {
      const { view } = requireAuth(request);
      const userId = request.query.userId ?? view.user.id;
      ownOnly(view.user.id, userId);
      return ok('', await app.services.portal.userThemes.get(userId));
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/userTheme/v1.0';
export default routes;
