/**
 * GET /api/getCaptchaImg: a PNG captcha; binds it to the browser with the HttpOnly cookie `captcha_id`
 * (path /api, SameSite=Lax, 5 minutes). Never cached.
 */
import type { FastifyPluginAsync } from 'fastify';
import cookie from '../../plugins/cookie.js';
import { CAPTCHA_TTL_MS } from '../../accounts/captcha.js';

export const CAPTCHA_COOKIE = 'captcha_id';

const schema = {
  tags: ['auth'],
  summary: 'Captcha image (image/png); sets the captcha_id cookie',
  response: {
    200: { description: 'PNG image', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
  },
};

const routes: FastifyPluginAsync = async (app) => {
  await app.register(cookie);
  app.get('/getCaptchaImg', { schema }, async (_request, reply) => {
    const captcha = await app.services.captchas.issue();
    reply
      .setCookie(CAPTCHA_COOKIE, captcha.id, {
        path: '/api',
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        maxAge: CAPTCHA_TTL_MS / 1000,
      })
      .header('cache-control', 'no-store')
      .type('image/png');
    return Buffer.from(captcha.png);
  });
};
/** The URL prefix of this file's routes. */
export const prefix = '/api';
export default routes;
