/** The failures of spec section 8, each with its message shown to the user verbatim. */
export type RequestFailureKind = 'status' | 'timeout' | 'network' | 'business';

export class RequestFailure extends Error {
  constructor(
    readonly kind: RequestFailureKind,
    message: string,
    readonly detail: { status?: number; msgCode?: number; envelope?: unknown } = {},
  ) {
    super(message);
    this.name = 'RequestFailure';
  }
}

export const failureMessages = {
  status: (status: number) => `网络错误, 状态码:${status}`,
  timeout: () => '请求超时，请重试',
  network: (message: string) => `网络错误: ${message}`,
};
