/**
 * Cookie parsing and setting, registered by the route modules that use a cookie (the captcha binding: GET
 * /api/getCaptchaImg sets it, POST /api/login reads and clears it), in their own scope. Not app-wide:
 * @fastify/cookie adds an onRequest hook (a cookie container and a Map for every request) and an onSend hook, which
 * every other route, the busiest among them, would run for nothing.
 */
import cookie from '@fastify/cookie';
import { globalPlugin } from '../http/global-plugin.js';

// Not encapsulated: its hooks and decorators apply to the routes of the module that registers it.
export default globalPlugin('cookie', async (app) => {
  await app.register(cookie);
});
