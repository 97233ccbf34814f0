/**
 * Every error becomes the envelope `{msgCode, errMsg, data?}`.
 *
 * HTTP status rule (also in the OpenAPI description): every envelope error is sent with HTTP 200 (-1, -400,
 * -401, -403, -404, -409, -429, -10005, -10014, -16001), because the browser client treats any non-200 as a
 * network failure (网络错误, 状态码:{code}); only -500 (an unexpected server failure) uses HTTP 500. Paths
 * outside /api and /app that match nothing answer HTTP 404 with the -404 envelope.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MsgCode, type Envelope, type FieldError } from '../../shared/envelope.js';
import type { JsonSchemaNode, ValidatorError } from '../../shared/schema-messages.js';
import { DomainError } from '../domain-error.js';
import { ApiError, fromDomainError, Messages } from '../http/api-error.js';
import { globalPlugin } from '../http/global-plugin.js';
import { toFieldErrors } from '../lib/form-validation.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The envelope code of the error the request ended with (counted by `/metrics`), unset for a success. */
    outcomeCode?: number;
  }
}

function sendEnvelope(reply: FastifyReply, status: number, body: Envelope): FastifyReply {
  reply.request.outcomeCode = body.msgCode;
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(body);
}

function validationErrors(request: FastifyRequest, error: FastifyError): FieldError[] {
  const context = error.validationContext ?? 'body';
  const schemas = request.routeOptions.schema as Record<string, JsonSchemaNode | undefined> | undefined;
  const schema = schemas?.[context] ?? {};
  const errors = toFieldErrors(schema, (error.validation ?? []) as ValidatorError[]);
  return errors.length > 0 ? errors : [{ field: '', message: Messages.invalidRequest }];
}

const clientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: Messages.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: Messages.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: Messages.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: Messages.invalidRequest,
};

export default globalPlugin('errors', async (app) => {
  app.setErrorHandler((thrown: FastifyError | DomainError, request, reply) => {
    const error = thrown instanceof DomainError ? fromDomainError(thrown) : thrown;
    if (error instanceof ApiError) {
      if (error.cause !== undefined) {
        const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
        request.log.warn({ msgCode: error.msgCode, cause }, 'request refused');
      }
      const body: Envelope = { msgCode: error.msgCode, errMsg: error.message };
      if (error.data !== undefined) body.data = error.data;
      return sendEnvelope(reply, 200, body);
    }
    if (error.validation) {
      const errors = validationErrors(request, error);
      return sendEnvelope(reply, 200, { msgCode: MsgCode.invalidInput, errMsg: errors[0].message, data: { errors } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, 'client error');
      const known = error.code ? clientErrors[error.code] : undefined;
      if (known) return sendEnvelope(reply, 200, { msgCode: MsgCode.invalidInput, errMsg: known });
      if (error instanceof SyntaxError)
        return sendEnvelope(reply, 200, { msgCode: MsgCode.invalidInput, errMsg: Messages.invalidJson });
      const msgCode =
        status === 401
          ? MsgCode.notLoggedIn
          : status === 403
            ? MsgCode.forbidden
            : status === 404
              ? MsgCode.notFound
              : status === 429
                ? MsgCode.tooManyAttempts
                : MsgCode.invalidInput;
      const errMsg =
        msgCode === MsgCode.notFound
          ? Messages.unknownApi
          : msgCode === MsgCode.forbidden
            ? Messages.forbidden
            : Messages.invalidRequest;
      return sendEnvelope(reply, 200, { msgCode, errMsg });
    }
    request.log.error({ err: error }, 'request failed');
    return sendEnvelope(reply, 500, {
      msgCode: MsgCode.internal,
      errMsg: Messages.internal,
      data: { requestId: String(request.id) },
    });
  });

  app.setNotFoundHandler((request, reply) => {
    const apiPath = request.url.startsWith('/api/') || request.url === '/api';
    return sendEnvelope(reply, apiPath ? 200 : 404, { msgCode: MsgCode.notFound, errMsg: Messages.unknownApi });
  });
});
