/**
 * Excel import of users: GET /api/user/v1.0/importTemplate (the .xlsx template) and POST
 * /api/user/v1.0/importUserInfo (multipart, field `file`, one .xlsx of at most 5 MB). All or nothing; rules in
 * admin/user-import.ts. Multipart parsing is registered here only, so no other route accepts uploads.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { adminConfig, needs, security } from '../../../http/admin-schemas.js';
import { envelope } from '../../../http/envelope-schema.js';
import { ok, sendXlsx } from '../../../http/route-helpers.js';
import { readUploadedFile } from '../../../http/uploaded-file.js';
import { MAX_IMPORT_ROWS } from '../../../admin/user-import.js';
import { requireGrants } from '../../../http/request-context.js';

const IMPORT = 'sys:user:import';
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const NO_FILE = '请选择要导入的 Excel 文件';
const routes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } });
  const { userImport } = app.services.admin;

  app.get(
    '/importTemplate',
    {
      schema: {
        tags: ['user'],
        summary: 'The user import template (.xlsx)',
        description: `An .xlsx file (not an envelope): sheet 用户 with the header row 登录名*, 姓名*, 初始密码*, 所属机构*, 手机号, 邮箱, 电话, 工号, 角色, 备注, and a sheet 说明. ${needs(IMPORT)}`,
        security,
      },
      config: adminConfig(IMPORT, '下载用户导入模板'),
    },
    async (_request, reply) => {
      const file = await userImport.template();
      return sendXlsx(reply, file, 'user-import-template.xlsx', '用户导入模板.xlsx');
    },
  );

  app.post(
    '/importUserInfo',
    {
      schema: {
        tags: ['user'],
        summary: 'Import users from Excel',
        description:
          'multipart/form-data with one file field `file` (.xlsx, at most 5 MB, ' +
          `${MAX_IMPORT_ROWS} rows), first sheet, header row as in the template (columns by header text, any order). ` +
          'Every row is checked with the user form rules (schemas/forms/admin-user.json), the office (code or full ' +
          "name, within the caller's company for a company manager), the roles (enname, comma-separated, assignable by " +
          'the caller), and duplicate login names and mobiles within the file and against existing users. Any bad row: ' +
          'nothing is imported, -400 导入失败：N行数据有误，未导入任何用户 with data.errors = [{row, field, message}] ' +
          'for every error (row = Excel row number, the header is row 1). All good: data {imported} users created in ' +
          'one transaction, each must change the password at the first login. -400 for an unreadable file or a ' +
          `template without the required columns. ${needs(IMPORT)}`,
        security,
        consumes: ['multipart/form-data'],
        response: { 200: envelope({ data: { type: 'object', additionalProperties: true } }) },
      },
      config: adminConfig(IMPORT, '导入用户'),
    },
    async (request) => {
      const { scope } = requireGrants(request);
      const file = await readUploadedFile(request, MAX_FILE_BYTES, {
        noFile: NO_FILE,
        tooLarge: '文件不能超过5MB',
        notMultipart: NO_FILE,
      });
      const result = await userImport.run(file, scope);
      return ok(`成功导入${result.imported}个用户`, result);
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/user/v1.0';
export default routes;
