/**
 * A business error that becomes an envelope `{msgCode, errMsg, data?}`. Handlers throw it; the error-handler
 * plugin answers it with HTTP 200 (see plugins/errors.ts for the status rule).
 */
import { MsgCode, type FieldError } from '../../shared/envelope.js';

export class ApiError extends Error {
  constructor(
    readonly msgCode: number,
    message: string,
    readonly data?: unknown,
    /** `cause`: why, for the log only (never sent), e.g. an SMS gateway's refusal. */
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

export const Messages = {
  notLoggedIn: '请先登录',
  sessionInvalid: '登录状态已失效，请重新登录',
  tokenExpired: '访问令牌已过期',
  mustChangePassword: '密码需要修改，请先修改密码',
  changePasswordFirst: '请先修改密码',
  captchaInvalid: '验证码错误或已失效',
  badCredentials: '账号或密码错误',
  accountDisabled: '账号已被禁用',
  invalidJson: '请求体不是有效的 JSON',
  invalidRequest: '请求参数不正确',
  bodyTooLarge: '请求体过大',
  unknownApi: '接口不存在',
  internal: '服务器内部错误，请稍后重试',
  forbidden: '没有权限执行此操作',
} as const;

/** -400 naming one field, like the schema's own -400s. */
export function fieldError(field: string, message: string): ApiError {
  return new ApiError(MsgCode.invalidInput, message, { errors: [{ field, message }] });
}

export function invalidInput(errors: FieldError[]): ApiError {
  return new ApiError(MsgCode.invalidInput, errors[0]?.message ?? Messages.invalidRequest, { errors });
}
