/** Small pieces several routes share. */
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { Envelope } from '../../shared/envelope.js';
import { dropBlankStrings } from '../../shared/schema-messages.js';
import type { SessionClient } from '../accounts/sessions.js';

/** preValidation: an emptied field counts as missing, as in the browser form (body and query string). */
export async function dropEmptyInput(request: FastifyRequest): Promise<void> {
  if (request.body !== null && typeof request.body === 'object') request.body = dropBlankStrings(request.body);
  if (request.query !== null && typeof request.query === 'object') request.query = dropBlankStrings(request.query);
}

/**
 * A route's `validatorCompiler` when the handler validates the body itself (the schema still documents it): a
 * body that is one of two forms, or a route whose every failure must answer with one message.
 */
export const handlerValidates: FastifySchemaCompiler<unknown> = () => () => true;

/** The success envelope with the message the client shows, and `data` when given. */
export function ok<T = never>(errMsg: string, data?: T): Envelope<T> {
  return data === undefined ? { msgCode: 0, errMsg } : { msgCode: 0, errMsg, data };
}

/**
 * A Content-Disposition value (RFC 6266): the file's name percent-encoded as UTF-8 (RFC 5987, which also encodes
 * the characters a URI component allows but a header parameter does not), and an ASCII name for old clients.
 */
export function contentDisposition(name: string, options: { inline?: boolean; asciiName?: string } = {}): string {
  const encoded = encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const ascii = options.asciiName ? `; filename="${options.asciiName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"` : '';
  return `${options.inline ? 'inline' : 'attachment'}${ascii}; filename*=UTF-8''${encoded}`;
}

/**
 * Answers an Excel file for the browser to save: `asciiName` for old clients, `name` (Chinese) for the rest.
 */
export function sendXlsx(reply: FastifyReply, file: Buffer, asciiName: string, name: string): FastifyReply {
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition(name, { asciiName }))
    .send(file);
}

/** A route's hooks of one kind (as `onRoute` sees them: none, one or a list) as a list, for appending to them. */
export function routeHooks<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

/** Where a login or token refresh comes from, kept with the session (系统管理 / 在线用户). */
export function sessionClient(request: FastifyRequest): SessionClient {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, ...(userAgent ? { userAgent } : {}) };
}
