/** Cookie parsing and setting (the captcha binding cookie). */
import cookie from '@fastify/cookie';
import { globalPlugin } from '../http/global-plugin.js';

export default globalPlugin('cookie', async (app) => {
  await app.register(cookie);
});
