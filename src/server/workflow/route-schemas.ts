/** Request pieces the approval routes share, with their Chinese messages. */
import type { Schema } from '../http/envelope-schema.js';
import { UPLOAD_URL_PATTERN } from '../../shared/file-types.js';

export const comment: Schema = {
  type: 'string',
  title: '审批意见',
  maxLength: 500,
  errorMessage: { type: '审批意见格式不正确', maxLength: '审批意见不能超过500个字符' },
};

export const attachments: Schema = {
  type: 'array',
  title: '附件',
  maxItems: 9,
  items: {
    type: 'string',
    maxLength: 1000,
    pattern: UPLOAD_URL_PATTERN,
    errorMessage: { pattern: '附件只能是本系统上传的文件', maxLength: '附件只能是本系统上传的文件' },
  },
  description: 'Addresses of uploaded files (POST /api/zhgd/base/uploadAttachment; they carry the file name)',
  errorMessage: { maxItems: '附件最多9个', type: '附件格式不正确' },
};

export const userId: Schema = {
  type: 'string',
  title: '人员',
  minLength: 1,
  maxLength: 64,
  errorMessage: { required: '请选择人员', minLength: '请选择人员', maxLength: '人员不正确' },
};

export const idParam: Schema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
};

export const tags = ['workflow'];
