/** GET /api/pub/keys: the public keys the browser encrypts with (RSA-OAEP for login, SM2 for password changes). */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope, PublicKeys } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';

const schema = {
  tags: ['pub'],
  summary: 'Public encryption keys',
  response: {
    200: envelope({
      data: {
        type: 'object',
        required: ['rsaPublicKey', 'sm2PublicKey'],
        properties: {
          rsaPublicKey: { type: 'string', description: 'RSA 2048 public key, PEM (SPKI)' },
          sm2PublicKey: { type: 'string', description: 'SM2 public key, 130 hex characters starting 04' },
        },
      },
    }),
  },
};

const routes: FastifyPluginAsync = async (app) => {
  const data: PublicKeys = {
    rsaPublicKey: app.services.keys.rsa.publicKeyPem,
    sm2PublicKey: app.services.keys.sm2.publicKey,
  };
  app.get('/keys', { schema }, async (_request, reply): Promise<Envelope<PublicKeys>> => {
    reply.header('cache-control', 'no-cache');
    return { msgCode: 0, errMsg: '', data };
  });
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/pub';
export default routes;
