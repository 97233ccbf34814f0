/**
 * An HTTP-layer error that becomes an envelope `{msgCode, errMsg, data?}`: route handlers and hooks throw it for what
 * only HTTP knows (not logged in, an unknown API, a malformed upload). Services throw a DomainError instead, which
 * `fromDomainError` maps. The error-handler plugin answers both with HTTP 200 (see plugins/errors.ts).
 */
import { MsgCode } from '../../shared/envelope.js';
import type { DomainError, Problem } from '../domain-error.js';

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

const PROBLEM_CODES: Record<Problem, number> = {
  invalid: MsgCode.invalidInput,
  notFound: MsgCode.notFound,
  forbidden: MsgCode.forbidden,
  conflict: MsgCode.conflict,
  tooOften: MsgCode.tooManyAttempts,
  loginRefused: MsgCode.loginFailed,
  sessionInvalid: MsgCode.sessionInvalid,
  passwordChangeRequired: MsgCode.mustChangePassword,
  unavailable: MsgCode.internal,
};

/** A service's refusal as the envelope's error: the one place where a domain problem gets its HTTP code. */
export function fromDomainError(error: DomainError): ApiError {
  const data = error.fields.length > 0 ? { errors: error.fields } : error.data;
  return new ApiError(PROBLEM_CODES[error.problem], error.message, data, { cause: error.cause });
}
