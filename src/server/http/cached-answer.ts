/** Sends a cached, serialized JSON answer, compressed the way the client prefers when it is worth it. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from '../portal/menu-tree-cache.js';
import { preferredEncoding } from './content-encoding.js';

/**
 * Synchronous when the answer goes out uncompressed or its compressed form is ready (every request but the first
 * of an entry): a cached answer should cost no more than a bare route's.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): FastifyReply | Promise<FastifyReply> {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === undefined || !answer.worthCompressing) return reply.send(answer.body);
  reply.header('content-encoding', encoding);
  const ready = answer.encodedNow(encoding);
  if (ready !== undefined) return reply.send(ready);
  return answer.encoded(encoding).then((encoded) => reply.send(encoded));
}
