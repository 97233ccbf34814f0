/** Sends a cached, serialized JSON answer, compressed the way the client prefers when it is worth it. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from '../services/menu-tree-cache.js';
import { preferredEncoding } from './content-encoding.js';

export async function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): Promise<FastifyReply> {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === undefined || !answer.worthCompressing) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(await answer.encoded(encoding));
}
