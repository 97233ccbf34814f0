/**
 * The OpenAPI description, built from every route's schemas, served at GET /api/pub/openapi.json. Its
 * description states the envelope, the error codes and the HTTP status rule, and the paths chosen where the
 * spec says "path not shown".
 */
import swagger from '@fastify/swagger';
import { globalPlugin } from '../http/global-plugin.js';

const description = `智慧工地 portal API.

Every JSON response is the envelope \`{msgCode, errMsg, data?, item?}\`; \`msgCode\` 0 is success.

**HTTP status rule**: every envelope error is sent with HTTP 200, because the browser client treats any other
status as a network failure (网络错误, 状态码:{code}). Only -500 (unexpected server failure; \`data.requestId\`
identifies the log entry, never a stack trace) uses HTTP 500. Paths outside /api and /app that match nothing
answer HTTP 404.

Error codes: -1 login failed (账号或密码错误 / 验证码错误或已失效 / 账号已被禁用); -10005 access token expired
(refresh once, then replay); -10014 session no longer valid (log in again); -16001 password must be changed
(the answer still carries a token pair whose access token is only good for changing the password; elsewhere it
gets -403 请先修改密码); -400 invalid input (\`errMsg\` is the first message from the form schema,
\`data.errors\` = [{field, message}] all of them; malformed JSON: 请求体不是有效的 JSON); -401 not logged in;
-403 not allowed; -404 unknown API path (接口不存在) or record; -409 conflict (该手机号已注册 ...); -429 too many
attempts (SMS throttles, login lockout); -500 internal. An SMS gateway failure answers -500 短信发送失败，请稍后重试
with HTTP 200, so the client shows the message.

SMS codes: 6 digits, 5 minutes, single use, bound to phone and purpose (login, register, reset, ai); one per phone
per 60 s and 10 per phone per day (China time); 5 wrong entries burn a code. Sending answers the same whether or
not the phone has an account, except registration (-409 该手机号已注册).

Authentication: header \`Access-Token\` (HMAC-signed, default 30 minutes). Refresh tokens are single-use and
rotate; presenting a spent one revokes the whole session.

Paths chosen where the spec leaves them open: \`POST /api/logout\`, \`GET /api/pub/baseConfig/newest\`,
\`GET /api/pub/gateway/tiles\`, \`GET /api/system/dictionary/{type}/list\`, \`GET /api/pub/keys\`,
\`GET /api/pub/ping\`, \`POST /api/pub/cas/exchange\` (single sign-on ticket exchange). Meanings chosen where the
spec names a path only: \`POST /api/device/base/v1.0/loginFlag\` (an administrator allows or forbids a user's
login), the \`purpose\` parameter of the SMS calls, \`GET /api/register/company/{id}/list\` (public, masked).`;

export default globalPlugin<{ version: string }>('swagger', async (app, options) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: '智慧工地门户 API', version: options.version, description },
      components: {
        securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'Access-Token' } },
      },
      tags: [
        { name: 'pub', description: 'Public: keys, base config, gateway tiles, health' },
        { name: 'auth', description: 'Captcha, login, token refresh, logout' },
        { name: 'user', description: 'The current user' },
        { name: 'menu', description: 'Role menu tree' },
        { name: 'system', description: 'System administration and dictionaries' },
        { name: 'register', description: 'Personal and company registration, forgotten password, ID numbers' },
        { name: 'ai', description: 'Hand-over to the AI drawing library' },
        { name: 'messages', description: 'Message centre: my messages, notices' },
        { name: 'events', description: 'Server-sent events (one stream per open page)' },
      ],
    },
  });
  app.get('/api/pub/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
